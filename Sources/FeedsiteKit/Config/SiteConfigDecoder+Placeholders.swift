/// Placeholders in `defaults` (`DefaultPlaceholders`): checked where they are written, replaced per account.
extension SiteConfigDecoder {
    /// Checks the placeholders of `defaults`' `entries`, each at its `{`: an unknown or unclosed one in an
    /// option that takes placeholders (`ConfigOption.placeholders`), any in an option that does not.
    /// Returns the entries left to read (values with refused placeholders left out, so that each is
    /// reported once) and whether a text taking placeholders has braces (accounts need them replaced).
    mutating func checkPlaceholders(in entries: [YAMLEntry]) -> (entries: [YAMLEntry], braces: Bool) {
        var braces = false
        var kept: [YAMLEntry] = []
        for entry in entries {
            guard let slot = OptionTable.account.slots[entry.key] else {
                kept.append(entry)
                continue
            }
            let option = OptionTable.account.options[slot]
            guard case .options(let table) = option.type, case .mapping(let pairs) = entry.value.content else {
                if check(entry, option: option, name: entry.key, braces: &braces) { kept.append(entry) }
                continue
            }
            var nested = entry
            nested.value.content = .mapping(pairs.filter { pair in
                table.slots[pair.key].map { check(pair, option: table.options[$0], name: "\(entry.key).\(pair.key)", braces: &braces) } ?? true
            })
            kept.append(nested)
        }
        return (kept, braces)
    }

    /// `defaults` with its placeholders replaced by one account's `values`.
    static func replacingPlaceholders(in defaults: AccountOptions, with values: DefaultPlaceholders.Values) -> AccountOptions {
        var replaced = defaults
        for (slot, option) in OptionTable.account.options.enumerated() {
            replaced.values[slot] = replacing(in: defaults.values[slot], of: option, with: values)
        }
        return replaced
    }
}

private extension SiteConfigDecoder {
    /// Checks the placeholders of one option's value (`name`: as messages call it); whether it is left to read.
    mutating func check(_ entry: YAMLEntry, option: ConfigOption, name: String, braces: inout Bool) -> Bool {
        if option.placeholders {
            braces = checkPlaceholders(in: entry.value) || braces
            return true
        }
        // `feed` has a `{handle}` of its own, checked where the feed is read.
        if case .feedSource = option.type { return true }
        return !refusesPlaceholders(in: entry.value, name: name)
    }

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

    /// Reports each placeholder in the strings below `node`, the value of `name`, which takes none; whether there was one.
    mutating func refusesPlaceholders(in node: YAMLNode, name: String) -> Bool {
        switch node.content {
        case .scalar(let scalar):
            guard case .string(let text) = scalar.value, DefaultPlaceholders.hasBraces(text) else { return false }
            let found = DefaultPlaceholders.placeholders(in: text)
            for (placeholder, offset) in found {
                fields.diagnostics.error(location(of: node, offset: offset), "'\(name)' takes no placeholders, found '{\(placeholder)}'",
                                         hint: "placeholders are replaced in \(DefaultPlaceholders.optionsListed); "
                                             + "set '\(name)' on each account instead")
            }
            return !found.isEmpty
        case .sequence(let items):
            return items.reduce(false) { refusesPlaceholders(in: $1, name: name) || $0 }
        case .mapping(let pairs):
            return pairs.reduce(false) { refusesPlaceholders(in: $1.value, name: name) || $0 }
        }
    }

    /// `value`, the value of `option`, with the placeholders replaced where the option takes them (in a
    /// record such as `compose`, in the fields whose options do).
    static func replacing(in value: TemplateValue, of option: ConfigOption, with values: DefaultPlaceholders.Values) -> TemplateValue {
        if option.placeholders { return replacing(in: value, with: values, encoded: option.type.isURL) }
        guard case .options(let table) = option.type, case .record(let record) = value else { return value }
        var fields = record.values
        for (slot, nested) in table.options.enumerated() where nested.placeholders {
            fields[slot] = replacing(in: fields[slot], with: values, encoded: nested.type.isURL)
        }
        return .record(TemplateRecord(record.schema, fields))
    }

    /// `value` with its strings' placeholders replaced, the values percent-encoded in a URL (`encoded`).
    static func replacing(in value: TemplateValue, with values: DefaultPlaceholders.Values, encoded: Bool) -> TemplateValue {
        switch value {
        case .string(let text) where DefaultPlaceholders.hasBraces(text):
            return .string(DefaultPlaceholders.replacing(in: text, with: values, encoded: encoded))
        case .list(let items):
            return .list(items.map { replacing(in: $0, with: values, encoded: encoded) })
        case .map(let entries):
            return .map(entries.mapValues { replacing(in: $0, with: values, encoded: encoded) })
        default:
            return value
        }
    }
}

private extension OptionType {
    /// Whether the option is a URL, where a placeholder's value is percent-encoded.
    var isURL: Bool {
        switch self {
        case .httpURL, .imageURL: true
        default: false
        }
    }
}
