import Foundation
import Testing

/// Parses JSON with Python's `json` module and validates it with the `jsonschema` package: a parser
/// that shares no code with the library, run as a separate process.
///
/// Tests that need it are enabled with `.enabled(if: PythonJSON.isAvailable, PythonJSON.missingMessage)`;
/// on a machine without python3 and jsonschema they are skipped with that message, and the test
/// `pythonIsPresentWhenRequired` fails instead when `FRIENDLY_ERRORS_REQUIRE_PYTHON=1` is set (CI).
enum PythonJSON {
    /// What one line of input came to.
    struct Result {
        /// The parsed value, as Python's `json.dumps(ensure_ascii=True)` wrote it back and Foundation
        /// read it; `nil` when Python could not parse the line.
        var value: Any?
        /// Python's parse error, if any.
        var parseError: String?
        /// Everything the schema found wrong, empty when the value is valid.
        var schemaErrors: [String]
    }

    static let missingMessage: Comment =
        "python3 with the jsonschema package is needed (pip install jsonschema); skipped"

    /// Whether `python3 -c 'import jsonschema'` succeeds.
    static let isAvailable: Bool = {
        (try? run(arguments: ["-c", "import json, jsonschema"], stdin: nil))?.status == 0
    }()

    /// The repository's schema for the JSON presenter's output.
    static let schemaPath: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Support, FriendlyErrorsTests, Tests, file
        return url.appendingPathComponent("Schemas/problem-details.v1.schema.json").path
    }()

    /// Parses every line of `jsonLines` (UTF-8, each line ending in `\n`) strictly — invalid UTF-8, a
    /// raw control character, a duplicate key or a trailing byte fail — and validates each value
    /// against `schema` when one is given. Throws when Python itself failed.
    static func parse(jsonLines: [UInt8], schema: String? = schemaPath) throws -> [Result] {
        let script = #"""
            import json, sys
            from jsonschema import Draft202012Validator

            def no_duplicates(pairs):
                keys = [key for key, _ in pairs]
                if len(keys) != len(set(keys)):
                    raise ValueError("duplicate key")
                return dict(pairs)

            data = sys.stdin.buffer.read()
            validator = None
            if len(sys.argv) > 1:
                with open(sys.argv[1], "rb") as file:
                    schema = json.loads(file.read().decode("utf-8"))
                Draft202012Validator.check_schema(schema)
                validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
            results = []
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as error:
                print(json.dumps({"fatal": "invalid UTF-8: " + str(error)}))
                sys.exit(0)
            if not text.endswith("\n"):
                print(json.dumps({"fatal": "the last line does not end with a newline"}))
                sys.exit(0)
            for line in text[:-1].split("\n"):
                try:
                    value = json.loads(line, object_pairs_hook=no_duplicates)
                except ValueError as error:
                    results.append({"parseError": str(error), "schemaErrors": []})
                    continue
                errors = [e.message for e in validator.iter_errors(value)] if validator else []
                results.append({"value": value, "schemaErrors": errors})
            print(json.dumps({"results": results}, ensure_ascii=True))
            """#
        let output = try run(arguments: ["-c", script] + (schema.map { [$0] } ?? []), stdin: Data(jsonLines))
        guard output.status == 0,
            let object = try JSONSerialization.jsonObject(with: output.stdout, options: [.fragmentsAllowed])
                as? [String: Any]
        else {
            throw Failure(
                message: "python3 failed (\(output.status)): \(String(decoding: output.stderr, as: UTF8.self))")
        }
        if let fatal = object["fatal"] as? String { throw Failure(message: fatal) }
        let results = object["results"] as? [[String: Any]] ?? []
        return results.map { entry in
            Result(
                value: entry["value"], parseError: entry["parseError"] as? String,
                schemaErrors: entry["schemaErrors"] as? [String] ?? [])
        }
    }

    /// Parses one document (without a trailing newline) and validates it against the schema.
    static func parse(document: [UInt8], schema: String? = schemaPath) throws -> Result {
        let results = try parse(jsonLines: document + [UInt8(ascii: "\n")], schema: schema)
        guard results.count == 1 else { throw Failure(message: "expected one document, got \(results.count)") }
        return results[0]
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private static func run(arguments: [String], stdin: Data?) throws -> (
        status: Int32, stdout: Data, stderr: Data
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        // Inputs and outputs go through files: no pipe can fill up and block either side.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("friendly-errors-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("stdin")
        let output = directory.appendingPathComponent("stdout")
        let errors = directory.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let inputHandle = try FileHandle(forReadingFrom: input)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? inputHandle.close()
            try? outputHandle.close()
            try? errorHandle.close()
        }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: output), try Data(contentsOf: errors))
    }
}
