/// An element of a feed's XML as `XMLTreeReader` built it: namespace-aware names, attributes, and its
/// children (elements and text, CDATA already joined into the text) in document order.
struct XMLElement: Sendable {
    /// An attribute: its local name, namespace URI ("" for none) and value.
    struct Attribute: Sendable {
        var name: String
        var namespace: String
        var value: String
    }

    /// A child: an element or a run of text.
    enum Child: Sendable {
        case element(XMLElement)
        case text(String)
    }

    /// The local name (`item`, `RDF`).
    var name: String
    /// The namespace URI, "" for none.
    var namespace: String
    /// The attributes, in document order.
    var attributes: [Attribute]
    /// The children, in document order.
    var children: [Child] = []
    /// Where the start tag is (1-based line and column).
    var line: Int
    var column: Int
}

extension XMLElement {
    /// The XML namespace, where `xml:base` and `xml:lang` live.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The child elements, in order.
    var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The first child element called `name` in `namespace`.
    func first(_ name: String, _ namespace: String = "") -> XMLElement? {
        for case .element(let element) in children where element.name == name && element.namespace == namespace { return element }
        return nil
    }

    /// Every child element called `name` in `namespace`.
    func all(_ name: String, _ namespace: String = "") -> [XMLElement] {
        var found: [XMLElement] = []
        for case .element(let element) in children where element.name == name && element.namespace == namespace { found.append(element) }
        return found
    }

    /// The value of the attribute `name` (in `namespace`), or nil.
    func attribute(_ name: String, _ namespace: String = "") -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// All the text inside the element (of its descendants too), as it is.
    var text: String {
        var result = ""
        appendText(to: &result)
        return result
    }

    /// The text of the first child `name`, trimmed; nil when there is no such child or it is empty.
    func value(_ name: String, _ namespace: String = "") -> String? {
        guard let text = first(name, namespace)?.text.trimmingSpaces, !text.isEmpty else { return nil }
        return String(text)
    }

    /// The children serialized as XML (for Atom `type="xhtml"` content): elements by their local name.
    var innerXML: String {
        var result = ""
        for child in children {
            switch child {
            case .text(let text): result += HTMLEscaper.escape(text)
            case .element(let element): element.appendXML(to: &result)
            }
        }
        return result
    }
}

private extension XMLElement {
    func appendText(to result: inout String) {
        for child in children {
            switch child {
            case .text(let text): result += text
            case .element(let element): element.appendText(to: &result)
            }
        }
    }

    func appendXML(to result: inout String) {
        result += "<" + name
        for attribute in attributes where attribute.namespace.isEmpty {
            result += " \(attribute.name)=\"\(HTMLEscaper.escape(attribute.value))\""
        }
        result += ">" + innerXML + "</" + name + ">"
    }
}
