extension XCStringsReader {
    /// Expands the `%#@name@` variables of `value` with the catalog's `substitutions`.
    ///
    /// One variable in a text becomes an exact plural value chosen by the variable's argument. A
    /// ``CatalogValue`` has a single count, so any further variable (and every variable inside plural
    /// variations) is expanded with its `other` form, and a warning says so.
    mutating func applying(_ node: PositionedJSON, to value: CatalogValue, key: String) -> CatalogValue {
        guard let members = object(node, "\"substitutions\"", key: key) else { return value }
        let templates = value.allTemplates.map(\.template)
        var slots: [String: Int] = [:]
        var order: [String] = []
        for template in templates {
            for (name, slot) in PluralSubstitution.variables(in: template) where slots[name] == nil {
                slots[name] = slot
                order.append(name)
            }
        }
        var variables: [String: PluralSubstitution] = [:]
        for member in members {
            guard slots[member.key] != nil else {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: member.keyLine, column: member.keyColumn, severity: .warning,
                        message: "substitution \"\(member.key)\" is not used: no %#@\(member.key)@ in the text",
                        key: key))
                continue
            }
            variables[member.key] = readSubstitution(member, slot: slots[member.key] ?? 0, key: key)
        }
        let defined = Set(members.map(\.key))
        for name in order where variables[name] == nil && !defined.contains(name) {
            report(node, "%#@\(name)@ is used in the text but not defined in \"substitutions\"", key: key)
        }
        let used = order.compactMap { variables[$0] }
        guard let selector = used.first else { return value }

        /// Every variable but `chosen` shows its `other` form.
        func expand(_ template: String, chosen: PluralSubstitution?, form: String?) -> String {
            PluralSubstitution.expand(template) { name in
                if let chosen, let form, name == chosen.name { return form }
                return variables[name].map { CatalogValue.form(in: $0.forms, count: nil, language: "") }
            }
        }
        switch value {
        case .text(let template):
            if used.count > 1 {
                let others = used.dropFirst().map { "\"\($0.name)\"" }.joined(separator: ", ")
                report(
                    node,
                    "only one plural substitution per string is supported; \(others) always use the \"other\" form",
                    key: key, severity: .warning)
            }
            var forms: [PluralCategory: String] = [:]
            for (category, form) in selector.forms {
                forms[category] = expand(template, chosen: selector, form: form)
            }
            return .plural(argument: selector.argument, forms: forms)
        case .plural(let argument, let forms):
            report(
                node, "substitutions inside plural variations always use their \"other\" form", key: key,
                severity: .warning)
            return .plural(argument: argument, forms: forms.mapValues { expand($0, chosen: nil, form: nil) })
        }
    }

    /// One `substitutions` member: `argNum` (else the variable's place in the text), `formatSpecifier`
    /// (else `lld`) and plural variations (or a plain string unit).
    private mutating func readSubstitution(
        _ member: PositionedJSON.Member, slot: Int, key: String
    ) -> PluralSubstitution? {
        let node = member.value
        guard object(node, "the substitution \"\(member.key)\"", key: key) != nil else { return nil }
        var argument = slot
        if let number = node["argNum"] {
            if case .number(let value) = number.value, let index = Int(exactly: value), index >= 1, index <= 1_000 {
                argument = index - 1
            } else {
                report(number, "\"argNum\" must be a whole number from 1, not \(number.kindDescription)", key: key)
            }
        }
        var specifier = "lld"
        if let format = node["formatSpecifier"] {
            let text = format.string.map { $0.hasPrefix("%") ? String($0.dropFirst()) : $0 } ?? ""
            if Self.isValidSpecifier(text) {
                specifier = text
            } else {
                report(format, "\"formatSpecifier\" must be a printf conversion such as \"lld\"", key: key)
            }
        }
        var forms: [PluralCategory: String]?
        if let plural = node["variations"]?["plural"] {
            forms = readPluralForms(plural, key: key)
        } else if node["stringUnit"] != nil, let (value, _, _) = readLocalization(node, key: key),
            case .text(let text) = value
        {
            forms = [.other: text]
        } else {
            report(node, "the substitution \"\(member.key)\" has no plural variations", key: key)
        }
        guard let forms else { return nil }
        return PluralSubstitution(
            name: member.key, argument: argument,
            forms: forms.mapValues {
                PluralSubstitution.resolvingArg(in: $0, argument: argument, formatSpecifier: specifier)
            })
    }

    /// `lld`, `d`, `@`, `.2f`…: one unnumbered directive that takes an argument.
    private static func isValidSpecifier(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains("%"), !text.contains("$") else { return false }
        let bytes = Array(("%" + text).utf8)
        let spec = PlaceholderSpec.parse(bytes, at: 0)
        return spec.kind != nil && spec.range.upperBound == bytes.count
    }
}
