#!/usr/bin/env python3
"""Checks the problem details contract, and validates response bodies against it.

    Scripts/validate-problem.py                 # the documents only
    Scripts/validate-problem.py BODY.json ...   # and each body against both schemas

- Schemas/problem-details.v1.openapi.yaml and the example's openapi.yaml are valid OpenAPI 3.1
  (openapi-spec-validator);
- the component's ProblemDetails, with its references inlined and its annotations left out, is the JSON
  Schema problem-details.v1.schema.json, so the two cannot drift apart;
- the example's openapi.yaml holds the component's schemas and its Problem response verbatim;
- each BODY validates against the JSON Schema (jsonschema) and the component (openapi-schema-validator's
  OAS 3.1 validator).
Exits 1 with a message on the first failure."""
import copy
import json
import pathlib
import sys

import jsonschema
import yaml
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate as validate_spec

here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent.parent
json_schema = json.loads((root / "Schemas/problem-details.v1.schema.json").read_text(encoding="utf-8"))
component = yaml.safe_load((root / "Schemas/problem-details.v1.openapi.yaml").read_text(encoding="utf-8"))
example = yaml.safe_load((here.parent / "Sources/ExampleService/openapi.yaml").read_text(encoding="utf-8"))

for name, document in (("Schemas/problem-details.v1.openapi.yaml", component), ("the example's openapi.yaml", example)):
    try:
        validate_spec(document)
    except Exception as error:  # noqa: BLE001 - any failure is reported the same way
        sys.exit(f"error: {name} is not valid OpenAPI 3.1: {error}")

ANNOTATIONS = {"description", "title", "$schema", "$id", "$comment"}


def normalized(schema, resolve):
    """The schema with references inlined (by `resolve`) and annotations left out."""
    if "$ref" in schema:
        return normalized(resolve(schema["$ref"]), resolve)
    result = {}
    for key, value in schema.items():
        if key in ANNOTATIONS or key == "$defs":
            continue
        if key == "properties":
            result[key] = {name: normalized(sub, resolve) for name, sub in value.items()}
        elif key == "items":
            result[key] = normalized(value, resolve)
        elif key == "oneOf" and exactly_one_of(value):
            # "Exactly one of a and b", which the component spells as if/then/else (see there: the
            # generator makes an enum of empty cases of a oneOf). The two forms accept the same objects.
            a, b = exactly_one_of(value)
            result.update({"if": {"required": [a]}, "then": {"not": {"required": [b]}}, "else": {"required": [b]}})
        elif key in ("oneOf", "anyOf", "allOf"):
            result[key] = [normalized(sub, resolve) for sub in value]
        else:
            result[key] = value
    return result


def exactly_one_of(alternatives):
    """The two member names of `oneOf: [{required: [a]}, {required: [b]}]`, or None."""
    if len(alternatives) == 2 and all(list(alt) == ["required"] and len(alt["required"]) == 1 for alt in alternatives):
        return alternatives[0]["required"][0], alternatives[1]["required"][0]
    return None


def pointer(document):
    def resolve(reference):
        node = document
        for part in reference.lstrip("#/").split("/"):
            node = node[part]
        return node
    return resolve


schemas = component["components"]["schemas"]
if normalized(schemas["ProblemDetails"], pointer(component)) != normalized(json_schema, pointer(json_schema)):
    sys.exit("error: the OpenAPI component ProblemDetails no longer matches problem-details.v1.schema.json")

for kind in ("schemas", "responses"):
    for name, value in component["components"][kind].items():
        if example["components"].get(kind, {}).get(name) != value:
            sys.exit(f"error: the example's openapi.yaml does not hold components/{kind}/{name} verbatim")

# The component's schema as one document: its own references resolve inside it.
problem_schema = copy.deepcopy(component)
problem_schema["$ref"] = "#/components/schemas/ProblemDetails"
openapi_validator = OAS31Validator(problem_schema)

# The two spellings of "a pointer or a field, not both" accept the same field problems.
base = {"type": "about:blank", "title": "t", "status": 400, "detail": "d", "code": "c", "category": "k",
        "severity": "error", "actions": [], "language": "en"}
for members, valid in (({"pointer": "#/a"}, True), ({"field": "limit"}, True),
                       ({"pointer": "#/a", "field": "limit"}, False), ({}, False)):
    sample = dict(base, errors=[dict(members, code="x", detail="y")])
    answers = (jsonschema.Draft202012Validator(json_schema).is_valid(sample), openapi_validator.is_valid(sample))
    if answers != (valid, valid):
        sys.exit(f"error: a field problem with {sorted(members)}: JSON Schema {answers[0]}, component {answers[1]}")
for path in sys.argv[1:]:
    body = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    try:
        jsonschema.validate(body, json_schema)
    except jsonschema.ValidationError as error:
        sys.exit(f"error: {path} does not match problem-details.v1.schema.json: {error.message}")
    errors = sorted(openapi_validator.iter_errors(body), key=str)
    if errors:
        sys.exit(f"error: {path} does not match the OpenAPI component ProblemDetails: {errors[0].message}")
print(f"problem details: the component matches the JSON Schema; {len(sys.argv) - 1} bodies valid against both")
