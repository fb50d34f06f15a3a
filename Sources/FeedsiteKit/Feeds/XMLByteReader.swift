/// Reads the ordinary feed's XML straight from its UTF-8 bytes into the same `XMLElement` tree that
/// `XMLTreeReader` builds with libxml2, or gives up (nil) so that libxml2 reads it.
///
/// The document comes as a String, so its UTF-8 is valid (`FeedEncoding` validated it once): the reader
/// checks no character's bytes but U+FFFE's and U+FFFF's, and makes its texts from pieces of that
/// String (`TextPieces`), mostly without validating them again.
///
/// It takes only what it handles completely: an optional XML declaration of version 1.0 (encoding
/// UTF-8 or none), comments and processing instructions, elements and attributes with ASCII names,
/// namespaces declared with plain absolute URIs, text with the five predefined entities, character
/// references and CDATA sections; line ends outside CDATA read as XML reads them (CR LF and a lone
/// CR as LF). Anything else, and anything XML 1.0 or its namespaces forbid, makes
/// it give up: a DOCTYPE, a control character, U+FFFE/U+FFFF, an
/// unknown entity, an undeclared prefix, a duplicate attribute, a mismatched end tag, `]]>` in text,
/// content after the root, a document that ends inside an element, nesting deeper than libxml2's path
/// allows. Then libxml2 reads it and reports and recovers as it always did, so the fast path never
/// changes what a broken feed gives. One pass, each byte looked at a bounded number of times.
struct XMLByteReader {
    /// An element whose end tag has not been read yet.
    struct Open {
        var element: XMLElement
        /// Where its qualified name is in the input, to match the end tag against.
        var nameStart: Int
        var nameEnd: Int
        /// How many namespace bindings were in scope before its start tag.
        var bindings: Int
    }

    /// A namespace prefix (offsets into the input; empty for the default namespace) bound to a URI.
    struct Binding {
        var prefixStart: Int
        var prefixEnd: Int
        var uri: String
    }

    /// An attribute as read, before its prefix is resolved.
    struct RawAttribute {
        var prefixStart: Int
        var prefixEnd: Int
        var name: String
        var value: String
    }

    /// Why the reader gave up: it does not say, libxml2 will.
    struct GiveUp: Error {}

    /// The document's UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
    /// `XMLByteReader.classes`, held as a pointer for the loops over bytes.
    let classes: UnsafeBufferPointer<UInt8>
    var index = 0
    var cursor: SourceText.Cursor
    let maximumDepth: Int
    var stack: [Open] = []
    var bindings: [Binding] = []
    /// The text since the innermost open element's last child, in runs of the document.
    var text: TextPieces
    /// An attribute value being read.
    var value: TextPieces
    var attributes: [RawAttribute] = []
    var root: XMLElement?

    /// The most namespace bindings in scope, and attributes on one element, that the reader handles
    /// (feeds use a few); more is left to libxml2, which keeps every check linear here.
    static let maximumBindings = 64
    static let maximumAttributes = 32
}

extension XMLByteReader {
    /// The tree of `document` (the text of the feed at `source`), or nil when libxml2 must read it.
    static func read(_ document: String, source: String, maximumDepth: Int) -> XMLElement? {
        let input = Array(document.utf8)
        return input.withUnsafeBufferPointer { buffer in Self.classes.withUnsafeBufferPointer { classes in
            var reader = XMLByteReader(bytes: buffer, classes: classes, cursor: SourceText.Cursor(bytes: input, file: source), maximumDepth: maximumDepth,
                                       text: TextPieces(source: document, sourceBytes: buffer), value: TextPieces(source: document, sourceBytes: buffer))
            do {
                return try reader.document()
            } catch {
                return nil
            }
        } }
    }
}

private extension XMLByteReader {
    static let xmlNamespace = XMLElement.xmlNamespace
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// Byte classes: bit 0 a byte that ends a run of plain text, bit 1 one that ends a run of an
    /// attribute value, bit 2 a name start character, bit 3 a name character (ASCII only), bit 4 a
    /// byte allowed in a namespace URI besides `%`. Of the bytes from 0x80 on (parts of well-formed
    /// characters) only EF ends a run: it may start U+FFFE or U+FFFF.
    static let classes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in 0..<256 {
            var bits: UInt8 = 0
            let plain = byte >= 0x20 && byte != 0xEF || byte == 0x09 || byte == 0x0A
            if !plain || byte == 0x3C || byte == 0x26 || byte == 0x5D { bits |= 1 }
            if !plain || byte == 0x3C || byte == 0x26 || byte == 0x09 || byte == 0x0A || byte == 0x22 || byte == 0x27 { bits |= 2 }
            let letter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if letter || byte == 0x5F { bits |= 4 | 8 }
            if (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E { bits |= 8 }
            if letter || (0x30...0x39).contains(byte) || Array("-._~/:@!$'()*+,;=?#".utf8).contains(UInt8(byte)) { bits |= 16 }
            table[byte] = bits
        }
        return table
    }()

    mutating func document() throws(GiveUp) -> XMLElement {
        if starts(with: "<?xml"), index + 5 < bytes.count, Self.isSpace(bytes[index + 5]) { try xmlDeclaration() }
        try miscellany()
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"), classes[Int(bytes[index + 1])] & 4 != 0 else { throw GiveUp() }
        try startTag()
        while !stack.isEmpty {
            try characters()
            guard index + 1 < bytes.count else { throw GiveUp() }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"): try endTag()
            case UInt8(ascii: "?"): try instruction()
            case UInt8(ascii: "!"):
                if starts(with: "<!--") { try comment() } else if starts(with: "<![CDATA[") { try cdata() } else { throw GiveUp() }
            default: try startTag()
            }
        }
        try miscellany()
        guard index == bytes.count, let root else { throw GiveUp() }
        return root
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, the encoding and standalone optional.
    mutating func xmlDeclaration() throws(GiveUp) {
        index += 5
        var names = ["version", "encoding", "standalone"][...]
        var first = true
        while true {
            let spaced = skipSpaces()
            if starts(with: "?>") { index += 2; break }
            guard spaced, let name = names.first(where: { startsWithWord($0) }) else { throw GiveUp() }
            names = names.drop { $0 != name }.dropFirst()
            guard first == (name == "version") else { throw GiveUp() }
            first = false
            index += name.utf8.count
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw GiveUp() }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { throw GiveUp() }
            let quote = bytes[index]
            let start = index + 1
            index = start
            while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard index < bytes.count, bytes[index] == quote else { throw GiveUp() }
            let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            switch name {
            case "version": guard written == "1.0" else { throw GiveUp() }
            case "encoding": guard written.lowercased() == "utf-8" else { throw GiveUp() }
            default: guard written == "yes" || written == "no" else { throw GiveUp() }
            }
        }
        guard !first else { throw GiveUp() }
    }

    /// Spaces, comments and processing instructions before or after the root.
    mutating func miscellany() throws(GiveUp) {
        while true {
            skipSpaces()
            if starts(with: "<!--") { try comment() } else if starts(with: "<?") { try instruction() } else { return }
        }
    }

    mutating func startTag() throws(GiveUp) {
        let tagStart = index
        index += 1
        let (nameStart, colon, nameEnd) = try qualifiedName()
        attributes.removeAll(keepingCapacity: true)
        let scope = bindings.count
        var empty = false
        while true {
            let spaced = skipSpaces()
            guard index < bytes.count else { throw GiveUp() }
            if bytes[index] == UInt8(ascii: ">") { index += 1; break }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { throw GiveUp() }
                index += 2
                empty = true
                break
            }
            guard spaced else { throw GiveUp() }
            try attribute(scope: scope)
        }
        guard stack.count < maximumDepth else { throw GiveUp() }
        let namespace: String
        if let colon {
            guard !isReserved(nameStart, colon) else { throw GiveUp() }
            namespace = try lookUp(nameStart, colon)
        } else {
            namespace = bindings.last { $0.prefixStart == $0.prefixEnd }?.uri ?? ""
        }
        var list: [XMLElement.Attribute] = []
        list.reserveCapacity(attributes.count)
        for raw in attributes {
            var uri = ""
            if raw.prefixStart != raw.prefixEnd {
                // `xml:space` changes how libxml2 treats blanks and is checked by it: left to libxml2.
                if isXML(raw.prefixStart, raw.prefixEnd) { guard raw.name != "space" else { throw GiveUp() }; uri = Self.xmlNamespace } else {
                    uri = try lookUp(raw.prefixStart, raw.prefixEnd)
                }
            }
            for other in list where other.name == raw.name && other.namespace == uri { throw GiveUp() }
            list.append(XMLElement.Attribute(name: raw.name, namespace: uri, value: raw.value))
        }
        flush()
        let location = cursor.location(of: tagStart)
        let local = String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon.map { $0 + 1 } ?? nameStart)..<nameEnd]), as: UTF8.self)
        let element = XMLElement(name: local, namespace: namespace, attributes: list, line: location.line, column: location.column)
        stack.append(Open(element: element, nameStart: nameStart, nameEnd: nameEnd, bindings: scope))
        if empty { close() }
    }

    /// One attribute or namespace declaration of the start tag being read.
    mutating func attribute(scope: Int) throws(GiveUp) {
        let (nameStart, colon, nameEnd) = try qualifiedName()
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw GiveUp() }
        index += 1
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { throw GiveUp() }
        let quote = bytes[index]
        index += 1
        let prefixEnd = colon ?? nameStart
        let localStart = colon.map { $0 + 1 } ?? nameStart
        if isXMLNS(nameStart, prefixEnd) || (colon == nil && isXMLNS(nameStart, nameEnd)) {
            try namespaceDeclaration(prefix: colon == nil ? (nameStart, nameStart) : (localStart, nameEnd), quote: quote, scope: scope)
            return
        }
        guard attributes.count < Self.maximumAttributes, !isXMLNS(localStart, nameEnd) else { throw GiveUp() }
        try attributeValue(quote: quote)
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[localStart..<nameEnd]), as: UTF8.self)
        attributes.append(RawAttribute(prefixStart: nameStart, prefixEnd: prefixEnd, name: name, value: value.take()))
    }

    /// `xmlns="URI"` or `xmlns:prefix="URI"`: only an absolute URI of plain characters (libxml2 warns
    /// about a relative one and checks the rest with its URI parser), no reserved prefix or URI.
    mutating func namespaceDeclaration(prefix: (start: Int, end: Int), quote: UInt8, scope: Int) throws(GiveUp) {
        let start = index
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].hexDigitValue != nil, bytes[index + 2].hexDigitValue != nil else { throw GiveUp() }
                index += 3
                continue
            }
            guard classes[Int(byte)] & 16 != 0 else { throw GiveUp() }
            index += 1
        }
        guard index < bytes.count else { throw GiveUp() }
        let end = index
        index += 1
        let uri = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let isDefault = prefix.start == prefix.end
        guard !(isDefault ? false : isReserved(prefix.start, prefix.end)), bindings.count < Self.maximumBindings,
              uri != Self.xmlNamespace, uri != Self.xmlnsNamespace, isDefault && uri.isEmpty || Self.isAbsolute(uri) else { throw GiveUp() }
        for binding in bindings[scope...] where same(binding.prefixStart, binding.prefixEnd, prefix.start, prefix.end) { throw GiveUp() }
        bindings.append(Binding(prefixStart: prefix.start, prefixEnd: prefix.end, uri: uri))
    }

    /// The value of an attribute after its opening quote, into `value`, normalized as XML does for an
    /// attribute without a declared type: each tab and line feed a space, references replaced.
    mutating func attributeValue(quote: UInt8) throws(GiveUp) {
        var start = index
        while index < bytes.count {
            let byte = bytes[index]
            if classes[Int(byte)] & 2 == 0 { index += 1; continue }
            if byte == quote {
                value.appendRun(start..<index)
                index += 1
                return
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): index += 1
            case 0x09, 0x0A, 0x0D:
                value.appendRun(start..<index)
                value.append(Unicode.Scalar(0x20))
                skipLineEnd()
                start = index
            case UInt8(ascii: "&"):
                value.appendRun(start..<index)
                value.append(try reference())
                start = index
            case 0x80...: try skipMultibyte()
            default: throw GiveUp()
            }
        }
        throw GiveUp()
    }

    /// Text up to the next `<`, into `text`.
    mutating func characters() throws(GiveUp) {
        var start = index
        while index < bytes.count {
            let byte = bytes[index]
            if classes[Int(byte)] & 1 == 0 { index += 1; continue }
            switch byte {
            case UInt8(ascii: "<"):
                text.appendRun(start..<index)
                return
            case UInt8(ascii: "&"):
                text.appendRun(start..<index)
                text.append(try reference())
                start = index
            case UInt8(ascii: "]"):
                guard !starts(with: "]]>") else { throw GiveUp() }
                index += 1
            case 0x0D:
                text.appendRun(start..<index)
                text.append(Unicode.Scalar(0x0A))
                skipLineEnd()
                start = index
            case 0x80...: try skipMultibyte()
            default: throw GiveUp()
            }
        }
        throw GiveUp()
    }

    /// The character of `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` or a character reference to a
    /// character XML allows.
    mutating func reference() throws(GiveUp) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw GiveUp() }
        if bytes[index] != UInt8(ascii: "#") {
            let (name, character): (StaticString, UInt8) = switch bytes[index] {
            case UInt8(ascii: "a"): starts(with: "amp;") ? ("amp;", UInt8(ascii: "&")) : ("apos;", UInt8(ascii: "'"))
            case UInt8(ascii: "l"): ("lt;", UInt8(ascii: "<"))
            case UInt8(ascii: "g"): ("gt;", UInt8(ascii: ">"))
            case UInt8(ascii: "q"): ("quot;", UInt8(ascii: "\""))
            default: throw GiveUp()
            }
            guard starts(with: name) else { throw GiveUp() }
            index += name.utf8CodeUnitCount
            return Unicode.Scalar(character)
        }
        index += 1
        let hex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
        if hex { index += 1 }
        var number: UInt32 = 0
        var digits = 0
        while index < bytes.count {
            let digit: UInt8? = hex ? bytes[index].hexDigitValue : (bytes[index].isASCIIDigit ? bytes[index] - 0x30 : nil)
            guard let digit else { break }
            number = min(number * (hex ? 16 : 10) + UInt32(digit), 0x110000)
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";"), let scalar = Unicode.Scalar(number) else { throw GiveUp() }
        index += 1
        switch number {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return scalar
        default: throw GiveUp()
        }
    }

    mutating func endTag() throws(GiveUp) {
        index += 2
        let open = stack[stack.count - 1]
        let length = open.nameEnd - open.nameStart
        guard index + length <= bytes.count,
              same(open.nameStart, open.nameEnd, index, index + length) else { throw GiveUp() }
        index += length
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw GiveUp() }
        index += 1
        close()
    }

    /// Ends the innermost open element: its text, its namespaces, its place in its parent.
    mutating func close() {
        flush()
        let open = stack.removeLast()
        bindings.removeSubrange(open.bindings...)
        if stack.isEmpty { root = open.element } else { stack[stack.count - 1].element.children.append(.element(open.element)) }
    }

    /// The text collected, as the innermost open element's last child.
    mutating func flush() {
        guard !text.isEmpty, !stack.isEmpty else { return }
        stack[stack.count - 1].element.children.append(.text(text.take()))
    }

    /// `<!-- ... -->`, without `--` inside.
    mutating func comment() throws(GiveUp) {
        index += 4
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">") else { throw GiveUp() }
                index += 3
                return
            }
            try skipCharacter()
        }
        throw GiveUp()
    }

    /// `<![CDATA[ ... ]]>`, whose text is the element's text as it is: libxml2's push parser hands a
    /// section over without turning its carriage returns into line feeds.
    mutating func cdata() throws(GiveUp) {
        index += 9
        let start = index
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "]"), starts(with: "]]>") {
                text.appendRun(start..<index)
                index += 3
                return
            }
            try skipCharacter()
        }
        throw GiveUp()
    }

    /// `<?target ...?>`; the target `xml` (a misplaced declaration) and other names starting with it
    /// but `xml-stylesheet` are left to libxml2, which reports or warns about them.
    mutating func instruction() throws(GiveUp) {
        index += 2
        let start = index
        guard index < bytes.count, classes[Int(bytes[index])] & 4 != 0 else { throw GiveUp() }
        while index < bytes.count, classes[Int(bytes[index])] & 8 != 0 { index += 1 }
        let target = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard !target.lowercased().hasPrefix("xml") || target == "xml-stylesheet" else { throw GiveUp() }
        if starts(with: "?>") { index += 2; return }
        guard skipSpaces() else { throw GiveUp() }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "?"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                index += 2
                return
            }
            try skipCharacter()
        }
        throw GiveUp()
    }

    /// A name, `local` or `prefix:local`, each part an ASCII NCName; the offsets of its start, its colon, its end.
    mutating func qualifiedName() throws(GiveUp) -> (start: Int, colon: Int?, end: Int) {
        let start = index
        guard index < bytes.count, classes[Int(bytes[index])] & 4 != 0 else { throw GiveUp() }
        while index < bytes.count, classes[Int(bytes[index])] & 8 != 0 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return (start, nil, index) }
        let colon = index
        index += 1
        guard index < bytes.count, classes[Int(bytes[index])] & 4 != 0 else { throw GiveUp() }
        while index < bytes.count, classes[Int(bytes[index])] & 8 != 0 { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: ":") else { throw GiveUp() }
        return (start, colon, index)
    }

    /// The URI bound to the prefix at `start..<end`, innermost first.
    func lookUp(_ start: Int, _ end: Int) throws(GiveUp) -> String {
        for binding in bindings.reversed() where same(binding.prefixStart, binding.prefixEnd, start, end) { return binding.uri }
        throw GiveUp()
    }

    /// Whether `start..<end` is `xml` or `xmlns`, which no element and no declaration may use as a prefix.
    func isReserved(_ start: Int, _ end: Int) -> Bool { isXML(start, end) || isXMLNS(start, end) }

    func isXML(_ start: Int, _ end: Int) -> Bool { equals(start, end, "xml") }

    func isXMLNS(_ start: Int, _ end: Int) -> Bool { equals(start, end, "xmlns") }

    func equals(_ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        for offset in 0..<(end - start) where bytes[start + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// Whether the bytes at `a..<aEnd` and `b..<bEnd` are the same.
    func same(_ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int) -> Bool {
        guard aEnd - a == bEnd - b else { return false }
        for offset in 0..<(aEnd - a) where bytes[a + offset] != bytes[b + offset] { return false }
        return true
    }

    func starts(with word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        return true
    }

    func startsWithWord(_ word: String) -> Bool {
        var offset = index
        for byte in word.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Skips XML's white space; whether there was any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    /// Skips one character XML allows (of a comment, CDATA section or instruction).
    mutating func skipCharacter() throws(GiveUp) {
        let byte = bytes[index]
        if byte >= 0x80 { try skipMultibyte(); return }
        guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { throw GiveUp() }
        index += 1
    }

    /// Skips the byte at `index`, from 0x80 on, of a well-formed character (the document is a String);
    /// gives up on U+FFFE and U+FFFF (`EF BF BE`, `EF BF BF`), which XML does not allow.
    mutating func skipMultibyte() throws(GiveUp) {
        if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { throw GiveUp() }
        index += 1
    }

    /// Skips a line end at `index`: a carriage return, a line feed, or the two (XML reads each as one line feed).
    mutating func skipLineEnd() {
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether `uri` is `scheme://host[:port]/...` or `scheme:rest`, of the characters this reader
    /// allows in a namespace URI: one that libxml2's URI parser takes as absolute.
    static func isAbsolute(_ uri: String) -> Bool {
        let bytes = Array(uri.utf8)
        guard let first = bytes.first, Self.classes[Int(first)] & 4 != 0, first != UInt8(ascii: "_"),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              bytes[..<colon].allSatisfy({ $0.isASCIIAlpha || $0.isASCIIDigit || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        var rest = bytes[(colon + 1)...]
        if rest.starts(with: Array("//".utf8)) {
            rest = rest.dropFirst(2)
            let host = rest.prefix { $0.isASCIIAlpha || $0.isASCIIDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
            guard !host.isEmpty else { return false }
            rest = rest[host.endIndex...]
            if rest.first == UInt8(ascii: ":") {
                let port = rest.dropFirst().prefix { $0.isASCIIDigit }
                guard !port.isEmpty else { return false }
                rest = rest[port.endIndex...]
            }
            guard rest.isEmpty || rest.first == UInt8(ascii: "/") else { return false }
        } else {
            guard rest.first != UInt8(ascii: "/") else { return false }
        }
        // A second `#` is no URI.
        return rest.filter { $0 == UInt8(ascii: "#") }.count <= 1 && !rest.contains(UInt8(ascii: "["))
    }
}
