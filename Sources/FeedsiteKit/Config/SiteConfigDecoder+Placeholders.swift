/// Placeholders in `defaults` (`DefaultPlaceholders`): checked where they are written, replaced per account.
extension SiteConfigDecoder {
    /// Reports every unknown or unclosed placeholder in the text options of `defaults`, each at its `{`;
    /// whether any of those texts has a brace (so that accounts need them replaced).
    mutating func checkPlaceholders(in entries: [YAMLEntry]) -> Bool {
        var braces = false
        for entry in entries where DefaultPlaceholders.keys.contains(entry.key) {
            if entry.key == "compose" {
                guard case .mapping(let pairs) = entry.value.content else { continue }
                for pair in pairs where pair.key == "text" { braces = checkPlaceholders(in: pair.value) || braces }
            } else {
                braces = checkPlaceholders(in: entry.value) || braces
            }
        }
        return braces
    }

    /// `defaults` with its placeholders replaced by one account's `values`.
    static func replacingPlaceholders(in defaults: AccountOptions, with values: DefaultPlaceholders.Values) -> AccountOptions {
        var replaced = defaults
        for key in DefaultPlaceholders.keys {
            let slot = OptionTable.account.slot(key)
            replaced.values[slot] = replacing(in: defaults.values[slot], with: values, onlyText: key == "compose")
        }
        return replaced
    }
}

private extension SiteConfigDecoder {
    static let composeTextSlot = OptionTable.compose.slot("text")

    /// Checks every string below `node` (a scalar, or the values of `params`' maps and lists).
    mutating func checkPlaceholders(in node: YAMLNode) -> Bool {
        switch node.content {
        case .scalar(let scalar):
            guard case .string(let text) = scalar.value, DefaultPlaceholders.hasBraces(text) else { return false }
            for problem in DefaultPlaceholders.problems(in: text) {
                fields.diagnostics.error(location(of: node, offset: problem.offset), problem.message, hint: problem.hint)
            }
            return true
        case .sequence(let items):
            return items.reduce(false) { checkPlaceholders(in: $1) || $0 }
        case .mapping(let pairs):
            return pairs.reduce(false) { checkPlaceholders(in: $1.value) || $0 }
        }
    }

    /// `value` with its strings' placeholders replaced; of a `compose` record (`onlyText`), only the text.
    static func replacing(in value: TemplateValue, with values: DefaultPlaceholders.Values, onlyText: Bool = false) -> TemplateValue {
        switch value {
        case .string(let text) where DefaultPlaceholders.hasBraces(text):
            return .string(DefaultPlaceholders.replacing(in: text, with: values))
        case .list(let items):
            return .list(items.map { replacing(in: $0, with: values) })
        case .map(let entries):
            return .map(entries.mapValues { replacing(in: $0, with: values) })
        case .record(let record) where onlyText:
            var fields = record.values
            fields[composeTextSlot] = replacing(in: fields[composeTextSlot], with: values)
            return .record(TemplateRecord(record.schema, fields))
        default:
            return value
        }
    }
}
