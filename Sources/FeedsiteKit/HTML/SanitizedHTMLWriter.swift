import Foundation

/// The sink behind `HTMLSanitizer`: writes the allowed tokens back out as HTML, keeping a stack of
/// the elements it opened so that the output is balanced and nests as a browser would build it.
struct SanitizedHTMLWriter: HTMLTokenSink {
    static var wantsText: Bool { true }
    static var wantsComments: Bool { false }

    /// What relative links resolve against, as given.
    let base: String?
    /// `base` parsed, once a relative link needed it: nil before, `.some(nil)` when it is no URL. Most
    /// posts have no relative link (callgrind, Benchmarks/parse.py's feeds: URL(string:) 3 K instructions a post).
    private var parsedBase: URL??
    private(set) var output: [UInt8] = []
    /// The elements opened in the output, innermost last.
    private var open: [Kept] = []
    /// While inside an element dropped with its content: its name and how deep the same name nests.
    private var dropping: (name: [UInt8], depth: Int)?

    init(base: String?) {
        self.base = base
    }

    /// What an element of the input becomes.
    enum Treatment {
        /// Kept as this element (headings become `p`).
        case keep(Kept)
        /// Left out, its content kept.
        case unwrap
        /// Left out with everything it contains.
        case drop
        /// A void element left out; `img` leaves its alt text.
        case void
    }

    /// The deepest nesting the output keeps; deeper elements are unwrapped to their text. It bounds
    /// the work per tag (the stack is searched), so hostile nesting stays linear.
    static let maximumDepth = 64

    /// The `rel` every link gets.
    static let linkRelation: StaticString = "nofollow ugc noopener noreferrer"

    /// The elements the output may hold (`SanitizedHTMLVerifier` knows them in this order).
    enum Kept: String, CaseIterable {
        case p, br, a, em, strong, b, i, u, s, del, ins, sub, sup, small, mark, blockquote, q, cite, ul, ol, li, code, pre, kbd, samp,
             abbr, dl, dt, dd, hr

        /// Void elements have no end tag.
        var isVoid: Bool { self == .br || self == .hr }
        /// Block elements close an open `p`, as the tree builder does.
        var closesParagraph: Bool {
            switch self {
            case .p, .blockquote, .ul, .ol, .pre, .dl, .hr: true
            default: false
            }
        }
    }
}

extension SanitizedHTMLWriter {
    mutating func startTag(_ tag: HTMLTag) {
        let name = tag.name
        if var current = dropping {
            if current.name.withUnsafeBufferPointer({ name.sameBytes(as: $0) }), !tag.selfClosing {
                current.depth += 1
                dropping = current
            }
            return
        }
        switch Self.treatment(of: name) {
        case .drop:
            dropping = (Array(name), 1)
        case .unwrap:
            break
        case .void:
            if name.sameBytes(as: "img"), let alt = tag.attributes.first(where: { Self.isName($0, tag, "alt") }) {
                appendText(Array(tag.value(of: alt)))
            }
        case .keep(let element):
            openElement(element, tag: tag)
        }
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {
        if var current = dropping {
            if current.name.withUnsafeBufferPointer({ name.sameBytes(as: $0) }) {
                current.depth -= 1
                dropping = current.depth == 0 ? nil : current
            }
            return
        }
        guard case .keep(let element) = Self.treatment(of: name), !element.isVoid else { return }
        // A heading's end tag closes the `p` it became.
        let target: Kept = element
        guard let position = open.lastIndex(of: target) else { return }
        while open.count > position { closeLast() }
    }

    mutating func text(_ bytes: [UInt8]) {
        guard dropping == nil else { return }
        appendText(bytes)
    }

    mutating func comment(_ bytes: [UInt8]) {}

    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {}

    /// The output with every element still open closed.
    func finished() -> String {
        var writer = self
        while !writer.open.isEmpty { writer.closeLast() }
        // Valid UTF-8 by construction, so not validated again (callgrind, `feedsite-bench parse` on ten of
        // Benchmarks/parse.py's feeds: 16 K instructions a post): the tags are ASCII, attribute values are
        // Strings, and text is the tokenizer's, whose input is a String's UTF-8 cut only before ASCII bytes,
        // with references and U+FFFD encoded from scalars.
        return writer.output.withUnsafeBufferPointer { String(knownValidUTF8: $0) }
    }
}

private extension SanitizedHTMLWriter {
    static let dropped: Set<String> = [
        "script", "style", "iframe", "object", "embed", "applet", "noscript", "noembed", "noframes", "template", "svg", "math",
        "title", "xmp", "plaintext", "audio", "video", "canvas", "map", "frameset", "frame", "head", "select", "datalist",
    ]
    static let voidDropped: Set<String> = [
        "img", "input", "base", "meta", "link", "source", "track", "area", "param", "wbr", "col", "keygen", "image",
    ]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// What each name in the lists above becomes, by `key(of:)`: later rules win, as in order of precedence
    /// kept elements, headings, void elements (`embed` is one: it has no content to drop), dropped ones.
    static let treatments: [UInt128: Treatment] = {
        var table: [UInt128: Treatment] = [:]
        for name in dropped { table[key(of: Array(name.utf8))!] = .drop }
        for name in voidDropped.union(["embed"]) { table[key(of: Array(name.utf8))!] = .void }
        for name in headings { table[key(of: Array(name.utf8))!] = .keep(.p) }
        for kept in Kept.allCases { table[key(of: Array(kept.rawValue.utf8))!] = .keep(kept) }
        return table
    }()

    /// A name of at most 15 bytes packed with its length, nil for a longer one (no listed name is).
    static func key<Name: Collection<UInt8>>(of name: Name) -> UInt128? {
        guard name.count < 16 else { return nil }
        var key = UInt128(name.count)
        var shift = 8
        for byte in name {
            key |= UInt128(byte) << shift
            shift += 8
        }
        return key
    }

    static func treatment(of name: UnsafeBufferPointer<UInt8>) -> Treatment {
        // Looked up by the name's bytes, with no String made (callgrind, `feedsite-bench parse` on ten of
        // Benchmarks/parse.py's feeds, with the attributes told apart by bytes: `startTag` and `endTag` 18.4 K
        // -> 9.6 K instructions a post). The listed names are lower-case ASCII letters and digits, which no
        // other characters equal (as Strings compare, by canonical equivalence), so this is what comparing
        // them as Strings gave.
        key(of: name).flatMap { treatments[$0] } ?? .unwrap
    }

    static func isName(_ attribute: HTMLTag.Attribute, _ tag: HTMLTag, _ name: String) -> Bool {
        !attribute.isDuplicate && tag.name(of: attribute).elementsEqual(name.utf8)
    }

    mutating func openElement(_ element: Kept, tag: HTMLTag) {
        if open.count >= Self.maximumDepth, !element.isVoid { return }
        if element.closesParagraph, let paragraph = open.lastIndex(of: .p) {
            while open.count > paragraph { closeLast() }
        }
        // A list item closes the one before it; a link never holds another link.
        if element == .li, let item = open.lastIndex(of: .li), !open[item...].contains(where: { $0 == .ul || $0 == .ol }) {
            while open.count > item { closeLast() }
        }
        if element == .a, open.contains(.a) { return }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: element.rawValue.utf8)
        // Attributes told apart by their bytes; a value made a String only for one that is kept.
        for attribute in tag.attributes where !attribute.isDuplicate {
            let name = tag.name(of: attribute)
            let value = { String(decoding: tag.value(of: attribute), as: UTF8.self) }
            if name.sameBytes(as: "href") {
                if element == .a, let url = safeURL(value()) { appendAttribute("href", url) }
            } else if name.sameBytes(as: "title") {
                appendAttribute("title", value())
            } else if name.sameBytes(as: "lang") {
                appendAttribute("lang", value())
            } else if name.sameBytes(as: "dir") {
                let direction = value().lowercased()
                if ["ltr", "rtl", "auto"].contains(direction) { appendAttribute("dir", direction) }
            }
        }
        if element == .a {
            appendASCII(" rel=\"")
            appendASCII(Self.linkRelation)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        if !element.isVoid { open.append(element) }
    }

    /// `base` as a URL, parsed the first time it is needed.
    mutating func baseURL() -> URL? {
        if let parsed = parsedBase { return parsed }
        let url = base.flatMap { URL(string: $0) }
        parsedBase = .some(url)
        return url
    }

    mutating func closeLast() {
        let element = open.removeLast()
        appendASCII("</")
        output.append(contentsOf: element.rawValue.utf8)
        output.append(UInt8(ascii: ">"))
    }

    mutating func appendAttribute(_ name: StaticString, _ value: String) {
        output.append(UInt8(ascii: " "))
        appendASCII(name)
        appendASCII("=\"")
        HTMLEscaper.append(ControlCharacters.removed(from: value), to: &output)
        output.append(UInt8(ascii: "\""))
    }

    mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Text, escaped, without control characters other than tab and line feed, DEL, C1 controls or
    /// noncharacters (`ControlCharacters`).
    mutating func appendText(_ bytes: [UInt8]) {
        // Copied without C0 controls only when it holds one (callgrind, `feedsite-bench parse` on ten
        // of Benchmarks/fetch.py's feeds: the writer's text 102 K -> 61 K instructions a post).
        let isKept: (UInt8) -> Bool = { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A }
        // Text without any character to remove is escaped straight from its bytes, with no String made
        // (callgrind, `feedsite-bench parse` on ten of Benchmarks/fetch.py's feeds). The tokenizer's text
        // is valid UTF-8: the input's bytes cut only before ASCII, and decoded references.
        // What `isKept` drops is a C0 control, all of which but carriage return `containsRemoved` finds too.
        let isPlain = bytes.withUnsafeBufferPointer { buffer in
            buffer.isEmpty || (!ControlCharacters.containsRemoved(buffer) && memchr(buffer.baseAddress!, 0x0D, buffer.count) == nil)
        }
        if isPlain {
            bytes.withUnsafeBufferPointer { HTMLEscaper.append($0, to: &output) }
            return
        }
        let text = String(decoding: bytes.allSatisfy(isKept) ? bytes : bytes.filter(isKept), as: UTF8.self)
        HTMLEscaper.append(ControlCharacters.removed(from: text), to: &output)
    }

    /// The URL a link may keep: http, https and mailto, as a browser reads `value` (leading and
    /// trailing control characters and spaces dropped, tabs and line breaks removed, spaces inside
    /// encoded as `%20`); a relative one
    /// resolved against `base`. Nil for anything else.
    mutating func safeURL(_ value: String) -> String? {
        // Written as a browser sends it: a raw space inside is `%20`. Foundation's replacement only when there
        // is a space byte to replace (callgrind, `feedsite-bench parse` on ten of Benchmarks/parse.py's feeds:
        // `openElement`, where this is inlined, 15.6 M -> 5.0 M instructions for 500 posts, one link each).
        let browser = HTTPURLSyntax.browserForm(of: value)
        let cleaned = browser.containsUTF8Byte(where: { $0 == 0x20 }) ? browser.replacingOccurrences(of: " ", with: "%20") : browser
        if let scheme = HTTPURLSyntax.scheme(of: cleaned) {
            return ["http", "https", "mailto"].contains(scheme) ? cleaned : nil
        }
        guard let base = baseURL(), let resolved = URL(string: cleaned, relativeTo: base)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return resolved.absoluteString
    }
}
