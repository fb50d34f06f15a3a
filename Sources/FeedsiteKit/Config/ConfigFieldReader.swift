/// Reads typed values out of YAML nodes, recording a diagnostic for every mismatch.
struct ConfigFieldReader {
    var diagnostics = DiagnosticCollector()
    /// Where the characters of the file's scalars stand; without it a position inside a value is the
    /// value's start, or its column plus the offset in a one-line plain scalar.
    var locator: YAMLScalarLocator?
}

extension ConfigFieldReader {
    /// The entries of a map node, or nil (with an error) when the node is something else.
    mutating func entries(of node: YAMLNode, what: String) -> [YAMLEntry]? {
        if case .mapping(let entries) = node.content { return entries }
        if isNull(node) { return [] }
        mismatch(node, expected: what)
        return nil
    }

    /// Reports keys outside `known`, suggesting the closest known key.
    mutating func checkKeys(_ entries: [YAMLEntry], known: [String], in place: String,
                            elsewhere: [String: String] = [:]) {
        for entry in entries where !known.contains(entry.key) {
            var hint = elsewhere[entry.key] ?? (entry.key == "<<" ? Self.mergeKeyHint : nil)
            if hint == nil, let closest = Suggestion.closest(to: entry.key, in: known + elsewhere.keys) {
                hint = "did you mean '\(closest)'?" + (elsewhere[closest].map { " (\($0))" } ?? "")
            }
            diagnostics.error(entry.keyLocation, "unknown key '\(entry.key)' in \(place)",
                              hint: hint ?? "\(place) accepts: \(known.joined(separator: ", "))")
        }
    }

    /// Text from a string scalar. A value YAML 1.2 reads as a boolean or a number (`true`, `2024`,
    /// `1.0`) is an error with a hint to quote it, as the schema's `type: string` refuses it: every
    /// other reader of site.yml (an editor, a script) sees no text there. Control characters are
    /// refused at their place (`ControlCharacters.firstRefused`); tab and line feed only where
    /// `lineBreaks` does not admit them. `key` names the option in messages.
    mutating func text(_ node: YAMLNode, what: String = "a string", key: String? = nil, lineBreaks: Bool = false) -> String? {
        guard case .scalar(let scalar) = node.content, scalar.value != .null else {
            mismatch(node, expected: what)
            return nil
        }
        guard case .string = scalar.value else {
            mismatch(node, expected: what, hint: "YAML reads \(scalar.text) as a \(scalar.value.isBool ? "boolean" : "number"); to use it as text, quote it: \"\(scalar.text)\"")
            return nil
        }
        return refusesControls(in: scalar.text, at: node, key: key, lineBreaks: lineBreaks) ? nil : scalar.text
    }

    /// Reports the first character of `text` (the text of `node`) that `ControlCharacters.firstRefused`
    /// names; whether there was one.
    mutating func refusesControls(in text: String, at node: YAMLNode, key: String?, lineBreaks: Bool) -> Bool {
        guard let (character, offset) = ControlCharacters.firstRefused(in: text, lineBreaks: lineBreaks) else { return false }
        let name = key.map { "'\($0)'" } ?? "the value"
        let breaks = !lineBreaks && (character == "\t" || character == "\n")
        diagnostics.error(location(of: node, offset: offset),
                          "\(name) contains \(ControlCharacters.name(of: character)) (character \(offset + 1) of the value)",
                          hint: "remove it (in a double-quoted value it is written \(ControlCharacters.yamlEscape(of: character)))"
                              + (breaks ? "; only free texts such as 'title' and 'description' may hold tabs and line breaks" : ""))
        return true
    }

    /// Whether a text below `node` holds a control character (each reported, as `key` and the path to it).
    mutating func refusesControls(below node: YAMLNode, key: String) -> Bool {
        switch node.content {
        case .scalar(let scalar):
            guard case .string(let text) = scalar.value else { return false }
            return refusesControls(in: text, at: node, key: key, lineBreaks: true)
        case .sequence(let items):
            return items.reduce(false) { refusesControls(below: $1, key: key) || $0 }
        case .mapping(let entries):
            return entries.reduce(false) { found, entry in
                let name = "\(key).\(entry.key)"
                let keyNode = YAMLNode(.scalar(YAMLScalar(text: entry.key, style: .doubleQuoted, value: .string(entry.key))), at: entry.keyLocation)
                return (refusesControls(in: entry.key, at: keyNode, key: "the key of \(name)", lineBreaks: false)
                    || refusesControls(below: entry.value, key: name)) || found
            }
        }
    }

    /// A non-empty text; `lineBreaks` as for `text`.
    mutating func nonEmptyText(_ node: YAMLNode, key: String, lineBreaks: Bool = false) -> String? {
        guard let value = text(node, key: key, lineBreaks: lineBreaks) else { return nil }
        if value.trimmingSpaces.isEmpty {
            diagnostics.error(node.location, "'\(key)' must not be empty", hint: "write some text, or remove the key")
            return nil
        }
        return value
    }

    /// An integer within `range`. A decimal without a fraction (`1.0`, `1e2`) is that integer, as JSON
    /// Schema (and so the editor) counts it; `1_000` is text in YAML 1.2, and the hint says so.
    mutating func integer(_ node: YAMLNode, key: String, in range: ClosedRange<Int>, what: String) -> Int? {
        guard case .scalar(let scalar) = node.content else {
            mismatch(node, expected: what)
            return nil
        }
        let value: Int
        switch scalar.value {
        case .int(let int): value = int
        case .double(let double) where double.isFinite && double.rounded() == double:
            guard let int = Int(exactly: double) else {
                diagnostics.error(node.location, "'\(key)' must be \(Self.bounds(range, tooLarge: double > 0)), found \(scalar.text)")
                return nil
            }
            value = int
        default:
            var hint: String?
            if case .string(let text) = scalar.value, scalar.isQuoted, Int(text) != nil {
                hint = "remove the quotes: \(key): \(text)"
            } else if case .string(let text) = scalar.value, text.contains("_"), let number = Int(text.filter { $0 != "_" }) {
                hint = "YAML 1.2 reads '\(text)' as text; write it without '_': \(key): \(number)"
            }
            mismatch(node, expected: what, hint: hint)
            return nil
        }
        guard range.contains(value) else {
            diagnostics.error(node.location, "'\(key)' must be \(Self.bounds(range, tooLarge: value > range.upperBound)), found \(value)", hint: nil)
            return nil
        }
        return value
    }

    /// A number (integer or decimal) within `range`.
    mutating func number(_ node: YAMLNode, key: String, in range: ClosedRange<Double>, what: String) -> Double? {
        guard case .scalar(let scalar) = node.content else {
            mismatch(node, expected: what)
            return nil
        }
        let number: Double
        switch scalar.value {
        case .int(let value): number = Double(value)
        case .double(let value) where value.isFinite: number = value
        case .double(let value):
            diagnostics.error(node.location, "expected \(what), found '\(scalar.text)': \(value.isNaN ? "NaN" : "infinity") is not \(what)",
                              hint: "write a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
            return nil
        default:
            mismatch(node, expected: what, hint: scalar.isQuoted && Double(scalar.text) != nil ? "remove the quotes" : nil)
            return nil
        }
        guard range.contains(number) else {
            diagnostics.error(node.location, "'\(key)' must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), found \(Self.format(number))")
            return nil
        }
        return number
    }

    /// `true` or `false`.
    mutating func bool(_ node: YAMLNode) -> Bool? {
        if case .scalar(let scalar) = node.content, case .bool(let value) = scalar.value { return value }
        var hint: String?
        if case .scalar(let scalar) = node.content,
           ["yes", "no", "on", "off", "y", "n"].contains(scalar.text.lowercased()) {
            hint = "YAML 1.2 reads '\(scalar.text)' as text; write true or false"
        } else if case .scalar(let scalar) = node.content, scalar.isQuoted, ["true", "false"].contains(scalar.text) {
            hint = "remove the quotes"
        }
        mismatch(node, expected: "true or false", hint: hint)
        return nil
    }

    /// One of `names`, suggesting the closest. Any scalar is read as written: a number or a control
    /// character is no name either, and the names make the better hint.
    mutating func choice(_ node: YAMLNode, key: String, among names: [String]) -> String? {
        guard case .scalar(let scalar) = node.content, scalar.value != .null else {
            mismatch(node, expected: "one of \(Self.list(names))")
            return nil
        }
        let value = scalar.text
        if names.contains(value) { return value }
        diagnostics.error(node.location, "'\(value)' is not a valid \(key); expected one of \(Self.list(names))",
                          hint: Suggestion.didYouMean(value, in: names) ?? Network.alias(value, among: names).map { "did you mean '\($0)'?" })
        return nil
    }

    /// The items of a list node, or nil (with an error) when the node is something else.
    mutating func items(_ node: YAMLNode, what: String) -> [YAMLNode]? {
        if case .sequence(let items) = node.content { return items }
        var hint: String?
        if case .scalar(let scalar) = node.content, scalar.value != .null {
            hint = "write a list, e.g. [\(scalar.text)]"
        }
        mismatch(node, expected: what, hint: hint)
        return nil
    }

    /// Records "expected X, found Y".
    mutating func mismatch(_ node: YAMLNode, expected: String, hint: String? = nil) {
        var found = node.typeDescription
        if case .scalar(let scalar) = node.content, scalar.value != .null {
            found += " '\(scalar.text.count > 40 ? String(scalar.text.prefix(40)) + "…" : scalar.text)'"
        }
        diagnostics.error(node.location, "expected \(expected), found \(found)", hint: hint)
    }

    /// The hint for a `<<` key, wherever a map has one.
    static let mergeKeyHint = "merge keys ('<<') are not part of YAML 1.2; use 'defaults' for options shared by accounts"

    /// Where the character at `offset` (in `Character`s) of `node`'s text was written: exact in any
    /// style through the locator; without one, exact in a one-line plain scalar and the scalar's start
    /// otherwise.
    func location(of node: YAMLNode, offset: Int) -> SourceLocation {
        guard case .scalar(let scalar) = node.content else { return node.location }
        if let exact = locator?.location(of: scalar, offset: offset) { return exact }
        var location = node.location
        if !scalar.isQuoted, !scalar.text.contains("\n") { location.column += offset }
        return location
    }

    func isNull(_ node: YAMLNode) -> Bool {
        if case .scalar(let scalar) = node.content, scalar.value == .null { return true }
        return false
    }

    static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// "from 1 to 20"; for a range without an upper bound of its own "at least 1", or "at most" the
    /// largest integer for a value past it.
    static func bounds(_ range: ClosedRange<Int>, tooLarge: Bool) -> String {
        guard range.upperBound == .max else { return "from \(range.lowerBound) to \(range.upperBound)" }
        return tooLarge ? "at most \(Int.max)" : "at least \(range.lowerBound)"
    }

    static func format(_ value: Double) -> String {
        TemplateValue.double(value).renderedText
    }
}

private extension YAMLScalar.Value {
    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }
}
