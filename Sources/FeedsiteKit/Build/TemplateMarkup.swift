/// The HTML around a template's tags, read from its source with the Mustache tags left as they are:
/// where attribute values stand (a tag there writes into the value) and where inline scripts start.
///
/// Enough of HTML's tokenizer for templates: tags, attributes (quoted and unquoted), comments and the
/// raw text of `script`, `style`, `textarea` and `title`; a Mustache tag is skipped whole wherever it stands.
struct TemplateMarkup: Sendable {
    /// The byte ranges of the source inside attribute values (between the quotes of a quoted one).
    private(set) var attributeValues: [Range<Int>] = []
    /// The offsets of `<script>` start tags without `src` whose type runs as a script and whose content is not empty.
    private(set) var inlineScripts: [Int] = []
    private let bytes: [UInt8]
    private var index = 0

    /// Reads the markup of `source`, a template's text.
    init(_ source: [UInt8]) {
        bytes = source
        scan()
    }
}

extension TemplateMarkup {
    /// Whether the byte at `offset` stands inside an attribute value.
    func isInAttributeValue(_ offset: Int) -> Bool {
        attributeValues.contains { $0.contains(offset) }
    }
}

private extension TemplateMarkup {
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]
    /// The `type` values a browser runs as a script (besides none or an empty one).
    static let scriptTypes: Set<String> = ["module", "text/javascript", "application/javascript", "text/ecmascript",
                                           "application/ecmascript", "text/jscript", "text/livescript"]

    mutating func scan() {
        while index < bytes.count {
            if skipMustache() { continue }
            if starts(with: "<!--") {
                skip(past: "-->")
            } else if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1].isASCIIAlpha {
                startTag()
            } else {
                index += 1
            }
        }
    }

    /// Reads a start tag at `index` (a `<` and a letter), its attributes, and a raw-text element's content.
    mutating func startTag() {
        let start = index
        index += 1
        var name: [UInt8] = []
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            name.append(bytes[index] | 0x20)
            index += 1
        }
        var attributes: [String: String?] = [:]
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if skipMustache() { continue }
            if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let (attribute, value) = self.attribute()
            attributes[attribute] = value
        }
        index += 1
        let tag = String(decoding: name, as: UTF8.self)
        guard Self.rawTextElements.contains(tag) else { return }
        let contentStart = index
        let end = findEndTag(tag)
        // A type written with a Mustache tag cannot be known: no warning then.
        let type: String? = if let written = attributes["type"] { written } else { "" }
        if tag == "script", attributes["src"] == nil, let type,
           type.trimmingSpaces.isEmpty || Self.scriptTypes.contains(type.trimmingSpaces.lowercased()),
           bytes[contentStart..<min(end, bytes.count)].contains(where: { !isSpace($0) }) {
            inlineScripts.append(start)
        }
        index = end
    }

    /// Reads one attribute at `index`: its lowercased name and its value (nil when it holds a Mustache
    /// tag, so cannot be known), recording where the value stands.
    mutating func attribute() -> (String, String?) {
        var name: [UInt8] = []
        while index < bytes.count, !isSpace(bytes[index]), ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) {
            if skipMustache() { continue }
            name.append(bytes[index] | (bytes[index].isASCIIAlpha ? 0x20 : 0))
            index += 1
        }
        if name.isEmpty { index += 1 }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return (String(decoding: name, as: UTF8.self), "") }
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        let quote: UInt8? = index < bytes.count && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")) ? bytes[index] : nil
        if quote != nil { index += 1 }
        let start = index
        var known = true
        while index < bytes.count {
            if skipMustache() {
                known = false
                continue
            }
            let byte = bytes[index]
            if let quote, byte == quote { break }
            if quote == nil, isSpace(byte) || byte == UInt8(ascii: ">") { break }
            index += 1
        }
        attributeValues.append(start..<index)
        let value = String(decoding: bytes[start..<index], as: UTF8.self)
        if quote != nil, index < bytes.count { index += 1 }
        return (String(decoding: name, as: UTF8.self), known ? value : nil)
    }

    /// Skips a Mustache tag at `index` (`{{…}}` or `{{{…}}}`); false when none starts there.
    mutating func skipMustache() -> Bool {
        guard starts(with: "{{") else { return false }
        skip(past: starts(with: "{{{") ? "}}}" : "}}")
        return true
    }

    /// The offset of `</tag` (any case) after `index`, or the end of the source.
    func findEndTag(_ tag: String) -> Int {
        let needle = Array(("</" + tag).utf8)
        var position = index
        while position + needle.count <= bytes.count {
            if zip(bytes[position..<position + needle.count], needle).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) || $0 == $1 }) {
                return position
            }
            position += 1
        }
        return bytes.count
    }

    func starts(with text: String) -> Bool {
        let needle = Array(text.utf8)
        return index + needle.count <= bytes.count && Array(bytes[index..<index + needle.count]) == needle
    }

    mutating func skip(past text: String) {
        let needle = Array(text.utf8)
        index += needle.count
        while index < bytes.count, !starts(with: text) { index += 1 }
        index = min(bytes.count, index + needle.count)
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
