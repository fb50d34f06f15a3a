/// Writes XML 1.0 for the files the build makes besides pages (the Atom feeds, sitemap.xml): each
/// value is escaped for where it goes, and characters XML 1.0 forbids (C0 controls but tab, line
/// feed and carriage return; U+FFFE, U+FFFF) are left out, since no escape can carry them.
/// Mustache's HTML escaping is not used: it keeps those characters, which make a document ill-formed.
struct XMLWriter {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    /// The names of the elements open now, innermost last.
    private var openElements: [String] = []
}

extension XMLWriter {
    /// The document's bytes; every element opened must have been closed.
    var bytes: [UInt8] {
        precondition(openElements.isEmpty, "XMLWriter: <\(openElements.last ?? "")> was never closed")
        return Array(text.utf8)
    }

    /// Opens `<name attributes…>` on a line of its own.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        indent()
        text += "<" + name + Self.attributes(attributes) + ">\n"
        openElements.append(name)
    }

    /// Closes the innermost open element.
    mutating func close() {
        let name = openElements.removeLast()
        indent()
        text += "</" + name + ">\n"
    }

    /// `<name attributes…>text</name>`, or `<name attributes…/>` when `content` is nil.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ content: String? = nil) {
        indent()
        text += "<" + name + Self.attributes(attributes)
        if let content {
            text += ">" + Self.escapedText(content) + "</" + name + ">\n"
        } else {
            text += "/>\n"
        }
    }

    /// `text` as element content: `&`, `<` and `>` escaped, a carriage return as `&#xD;` (a parser
    /// would turn a raw one into a line feed), forbidden characters left out.
    static func escapedText(_ text: String) -> String {
        escaped(text, inAttribute: false)
    }

    /// `text` as a double-quoted attribute value: as `escapedText`, with `"` escaped, and tab and line
    /// feed as references (a parser would turn raw ones into spaces).
    static func escapedAttribute(_ text: String) -> String {
        escaped(text, inAttribute: true)
    }

    /// Whether XML 1.0 allows the character `scalar` in a document (its production `Char`).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

private extension XMLWriter {
    mutating func indent() {
        text += String(repeating: "  ", count: openElements.count)
    }

    static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " " + $0.key + "=\"" + escapedAttribute($0.value) + "\"" }.joined()
    }

    /// What stands for each character that cannot be written as it is, in text and in attributes.
    static let textReferences: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;"]
    static let attributeReferences = textReferences.merging(["\"": "&quot;", "\t": "&#x9;", "\n": "&#xA;"]) { $1 }

    static func escaped(_ text: String, inAttribute: Bool) -> String {
        let references = inAttribute ? attributeReferences : textReferences
        // Most values need nothing: return them as they are.
        guard text.unicodeScalars.contains(where: { references[$0] != nil || !isAllowed($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let reference = references[scalar] {
                result += reference
            } else if isAllowed(scalar) {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
