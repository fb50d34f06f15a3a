/// Reading option values by their declared type (`OptionType`), for every table alike.
extension SiteConfigDecoder {
    /// Reads `entry` into its slot of `values` when it is an option of `table` that `accepts` admits;
    /// other keys were reported by `checkKeys`. A value left empty means unset, unless it is required.
    mutating func read(_ entry: YAMLEntry, from table: OptionTable, into values: inout [TemplateValue],
                       accepts: (ConfigOption) -> Bool = { _ in true }) {
        guard let slot = table.slots[entry.key], accepts(table.options[slot]) else { return }
        // The option is read in place, not copied: this runs for every key of every account
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: site.yml decoding 65.2M -> 64.2M instructions).
        if fields.isNull(entry.value) {
            guard case .required(_, let empty) = table.options[slot].defaultValue else { return }
            if let empty {
                fields.diagnostics.error(entry.value.location, "'\(entry.key)' must not be empty", hint: empty)
                return
            }
        }
        if let value = value(entry.value, as: table.options[slot].type, key: entry.key) { values[slot] = value }
    }

    /// The required options of `table` that `entries` lack.
    func missingRequired(from table: OptionTable, in entries: [YAMLEntry]) -> [ConfigOption] {
        table.options.filter { option in option.isRequired && !entries.contains { $0.key == option.key } }
    }
}

extension ConfigOption {
    /// The hint for a required option that is missing.
    var requiredHint: String? {
        if case .required(let missing, _) = defaultValue { return missing }
        return nil
    }
}

private extension SiteConfigDecoder {
    /// The value of `node` as `type`, or nil after recording what is wrong.
    mutating func value(_ node: YAMLNode, as type: OptionType, key: String) -> TemplateValue? {
        switch type {
        case .text: fields.text(node, key: key, lineBreaks: true).map(TemplateValue.string)
        case .nonEmptyText: fields.nonEmptyText(node, key: key, lineBreaks: true).map(TemplateValue.string)
        case .label: fields.nonEmptyText(node, key: key, lineBreaks: true).map { .string($0.foldingSpaces) }
        case .integer(let range, let what): fields.integer(node, key: key, in: range, what: what).map(TemplateValue.int)
        case .number(let range, let what): fields.number(node, key: key, in: range, what: what).map(TemplateValue.double)
        case .bool: fields.bool(node).map(TemplateValue.bool)
        case .choice(let names): fields.choice(node, key: key, among: names).map(TemplateValue.string)
        case .list(let item, let unique): list(node, of: item, unique: unique, key: key)
        case .freeForm: params(node, key: key)
        case .httpURL: httpURL(node, key: key).map(TemplateValue.string)
        case .siteURL: siteURL(node, key: key).map(TemplateValue.string)
        case .imageURL: imageURL(node, key: key).map(TemplateValue.string)
        case .languageTag: languageTag(node, key: key).map(TemplateValue.string)
        case .folder: folder(node, key: key).map(TemplateValue.string)
        case .feedSource: feedSource(node, key: key).map(TemplateValue.string)
        case .handle: handle(node, what: "a handle (text)", key: key).map(TemplateValue.string)
        case .accountHandle: fields.text(node, what: "a handle (text)", key: key).map(TemplateValue.string)
        case .hashtag: hashtag(node, key: key).map(TemplateValue.string)
        case .postID: postID(node, key: key).map(TemplateValue.string)
        case .options(let table): options(node, of: table, key: key)
        }
    }

    /// A list whose items are read as `item`; items with problems are left out after being reported.
    mutating func list(_ node: YAMLNode, of item: OptionType, unique: Bool, key: String) -> TemplateValue? {
        guard let nodes = fields.items(node, what: item.listDescription) else { return nil }
        var values: [TemplateValue] = []
        for node in nodes {
            let value: TemplateValue? = switch item {
            case .choice(let names): fields.choice(node, key: "\(key) value", among: names).map(TemplateValue.string)
            case .handle: handle(node, what: "a handle", key: key).map(TemplateValue.string)
            default: self.value(node, as: item, key: key)
            }
            if let value, !unique || !values.contains(value) { values.append(value) }
        }
        return .list(values)
    }

    /// A map of the options of `table` (such as `compose`), as a record of the table's schema.
    mutating func options(_ node: YAMLNode, of table: OptionTable, key: String) -> TemplateValue? {
        if case .scalar(let scalar) = node.content, scalar.value != .null, let first = table.keys.first {
            fields.mismatch(node, expected: "a map of \(key) options", hint: "write the \(first) under it:\n\(key):\n  \(first): \(scalar.text)")
            return nil
        }
        guard let entries = fields.entries(of: node, what: "a map of \(key) options") else { return nil }
        fields.checkKeys(entries, known: table.keys, in: key)
        var values = table.unset
        for entry in entries { read(entry, from: table, into: &values) }
        return .record(TemplateRecord(table.schema, values))
    }

    mutating func handle(_ node: YAMLNode, what: String, key: String) -> String? {
        guard let handle = fields.text(node, what: what, key: key) else { return nil }
        guard let problem = HandleSyntax.problem(in: handle) else { return handle }
        var at = node.location
        if case .invalidCharacter(_, let offset) = problem { at = location(of: node, offset: offset) }
        fields.diagnostics.error(at, problem.message(for: handle), hint: problem.hint(for: handle))
        return nil
    }

    mutating func hashtag(_ node: YAMLNode, key: String) -> String? {
        guard let tag = fields.text(node, what: "a hashtag", key: key) else { return nil }
        if tag.hasPrefix("#") {
            fields.diagnostics.error(node.location, "hashtag '\(tag)' starts with '#'",
                                     hint: "write it without '#': \(tag.dropFirst()) (the '#' is added when posting)")
            return nil
        }
        // ASCII tags are checked on their bytes; only others need Unicode's letter and number classes
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: hashtag 2.66M -> 0.28M instructions).
        let plain = tag.utf8.allSatisfy { HandleSyntax.isHandleByte($0) }
        if !plain, let offset = HashtagSyntax.firstInvalidOffset(in: tag) {
            let character = tag[tag.index(tag.startIndex, offsetBy: offset)]
            fields.diagnostics.error(location(of: node, offset: offset),
                "hashtag '\(tag)' contains \(character == " " ? "a space" : "'\(character)'"); hashtags use letters, digits and '_'",
                hint: "list each hashtag as its own entry, without spaces or punctuation")
            return nil
        }
        if tag.isEmpty {
            fields.diagnostics.error(node.location, "empty hashtag", hint: "remove the entry")
            return nil
        }
        return tag
    }

    /// A post id: digits, at most `Int.max` (X's ids are below 2^63, and so is every other network's
    /// numeric id). Written as a YAML integer (`in_reply_to: 1234567890`) it is read by its value, as
    /// any other reader of site.yml reads it.
    mutating func postID(_ node: YAMLNode, key: String) -> String? {
        let hint = "copy the number at the end of the post's URL (…/status/1234567890)"
        guard case .scalar(let scalar) = node.content else {
            fields.mismatch(node, expected: "a post id (digits)")
            return nil
        }
        if case .int(let value) = scalar.value, value >= 0 { return String(value) }
        let digits = (1...19).contains(scalar.text.count) && scalar.text.allSatisfy { $0.isASCII && $0.isNumber }
        if digits, Int(scalar.text) == nil {
            fields.diagnostics.error(node.location, "'\(key)' is \(scalar.text), larger than any post id (at most \(Int.max))", hint: hint)
            return nil
        }
        if case .string = scalar.value, digits { return scalar.text }
        if case .string = scalar.value, fields.text(node, what: "a post id (digits)", key: key) == nil { return nil }
        if scalar.value == .null || scalar.value == .bool(true) || scalar.value == .bool(false) {
            fields.mismatch(node, expected: "a post id (digits)")
            return nil
        }
        fields.diagnostics.error(node.location, "'\(key)' must be a numeric post id (1 to 19 digits), found '\(scalar.text)'", hint: hint)
        return nil
    }
}

private extension OptionType {
    /// What a list of this type is called in "expected …" messages.
    var listDescription: String {
        switch self {
        case .choice(let names): "a list of \(ConfigFieldReader.list(names))"
        case .handle: "a list of handles"
        case .hashtag: "a list of hashtags"
        default: "a list"
        }
    }
}
