/// Recognizes exactly the HTML that `SanitizedHTMLWriter` writes: for any `html`, `accepts(html)` is
/// true when and only when sanitizing `html` gives back the same bytes. A snapshot holds the HTML the
/// sanitizer wrote at fetch time, but it may have been edited by hand; reading it back, this one pass
/// (no allocation, no tokenizer) stands in for sanitizing it again, and anything it does not accept
/// is sanitized again.
///
/// What it accepts, as the writer emits it:
/// - text: any characters but control characters other than tab and line feed (`ControlCharacters`
///   and carriage return), with `&`, `<`, `>`, `"` and `'` only as `&amp;`, `&lt;`, `&gt;`, `&quot;`
///   and `&#39;`;
/// - start tags `<name>` of `SanitizedHTMLWriter.Kept`, with ` attribute="value"` pairs in the same
///   text form: `title`, `lang`, `dir` (`ltr`, `rtl` or `auto`), on `a` an `href` whose scheme is
///   http, https or mailto and which holds no byte up to space, each once, and on `a` last
///   ` rel="nofollow ugc noopener noreferrer"`; `br` and `hr` have no end tag and no `/`;
/// - end tags `</name>` closing the innermost open element, every element closed at the end;
/// - nesting only where the writer opens an element without closing or skipping others: at most
///   `maximumDepth` open, no `p` open when a `p`, `blockquote`, `ul`, `ol`, `pre`, `dl` or `hr`
///   starts, no `a` in an `a`, no `li` directly in an open `li` (without a `ul` or `ol` between).
enum SanitizedHTMLVerifier {
    typealias Kept = SanitizedHTMLWriter.Kept

    /// Whether `html` is a fixed point of the sanitizer (see the type's summary).
    static func accepts(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: Kept.self, capacity: SanitizedHTMLWriter.maximumDepth) { stack in
                var scanner = Scanner(bytes: bytes, stack: stack)
                return scanner.run()
            }
        }
    }
}

extension SanitizedHTMLVerifier {
    /// One pass over the bytes, with the writer's stack of open elements.
    struct Scanner {
        typealias Kept = SanitizedHTMLWriter.Kept
        let bytes: UnsafeBufferPointer<UInt8>
        let stack: UnsafeMutableBufferPointer<Kept>
        var index = 0
        var depth = 0
        /// How many `p` and `a` are open.
        var paragraphs = 0
        var links = 0

        init(bytes: UnsafeBufferPointer<UInt8>, stack: UnsafeMutableBufferPointer<Kept>) {
            self.bytes = bytes
            self.stack = stack
        }

        mutating func run() -> Bool {
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    guard index + 1 < count else { return false }
                    if bytes[index + 1] == UInt8(ascii: "/") {
                        guard endTag() else { return false }
                    } else {
                        guard startTag() else { return false }
                    }
                } else if !skipPlainText() {
                    guard character(inAttribute: false) else { return false }
                }
            }
            return depth == 0
        }
    }
}

private extension SanitizedHTMLVerifier.Scanner {
    /// The attributes a start tag may carry, one bit each.
    static let href: UInt8 = 1, title: UInt8 = 2, lang: UInt8 = 4, dir: UInt8 = 8

    /// One character of text or of an attribute value at `index`, moving past it: an entity the
    /// escaper writes, or a character that passes through the writer unchanged. An attribute value
    /// keeps carriage returns (`ControlCharacters` keeps them); text has none.
    @inline(__always)
    mutating func character(inAttribute: Bool) -> Bool {
        let byte = bytes[index]
        if byte >= 0x20, byte < 0x7F {
            switch byte {
            case UInt8(ascii: "&"): return entity()
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return false
            default:
                index += 1
                return true
            }
        }
        if byte == 0x09 || byte == 0x0A || (inAttribute && byte == 0x0D) {
            index += 1
            return true
        }
        guard byte >= 0x80 else { return false }
        return scalar()
    }

    /// Moves past a run of text that passes through the writer as it is, eight bytes a step; whether
    /// it moved. A run ends before `&`, `<`, `>`, `"`, `'`, a control character, DEL, or a lead byte
    /// a removed character can start with (`C2`, `EF`, `F0`-`FF`); other characters of two to four
    /// bytes are never removed (the string is valid UTF-8), so their bytes need no look.
    /// In an href (`isLink`), white space ends a run too.
    mutating func skipPlainText(isLink: Bool = false) -> Bool {
        // Callgrind, clean build of Benchmarks/posts.py 1000 (with links' runs too): the verifier 158 M -> 112 M instructions.
        guard let base = bytes.baseAddress else { return false }
        let start = index, count = bytes.count
        while index + 8 <= count {
            let stops = Self.textStops(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), isLink: isLink)
            if stops == 0 {
                index += 8
                continue
            }
            // The lowest flag is exact (a false flag only follows a true one), and never a continuation byte.
            index += stops.trailingZeroBitCount >> 3
            return index != start
        }
        // A whole step may end inside a character whose lead byte it passed.
        while index < count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index != start
    }

    /// One flag (the byte's high bit) for each byte of `word` that ends a run of plain text (see
    /// `skipPlainText`), and for `#` too, which then goes the general way; with `isLink`, for space too.
    @inline(__always)
    static func textStops(_ word: UInt64, isLink: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // A zero byte of `value` leaves its high bit in (value - ones) & ~value; a byte below n, in (word - n ones) & ~word.
        func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let control = (word &- (isLink ? 0x21 : 0x20) &* ones) & ~word
        let angle = zeros((word ^ (0x3C &* ones)) & ~(0x02 &* ones))  // < and >
        let quote = zeros((word ^ (0x22 &* ones)) & ~(0x05 &* ones))  // " # & '
        let delete = zeros(word ^ (0x7F &* ones))
        let c2 = zeros(word ^ (0xC2 &* ones)), ef = zeros(word ^ (0xEF &* ones))
        let four = zeros((word & (0xF0 &* ones)) ^ (0xF0 &* ones))
        return (control | angle | quote | delete | c2 | ef | four) & (0x80 &* ones)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;` or `&#39;` at `index`, moving past it.
    mutating func entity() -> Bool {
        guard index + 1 < bytes.count else { return false }
        let name: StaticString
        switch bytes[index + 1] {
        case UInt8(ascii: "a"): name = "&amp;"
        case UInt8(ascii: "l"): name = "&lt;"
        case UInt8(ascii: "g"): name = "&gt;"
        case UInt8(ascii: "q"): name = "&quot;"
        case UInt8(ascii: "#"): name = "&#39;"
        default: return false
        }
        guard isAt(name) else { return false }
        index += name.utf8CodeUnitCount
        return true
    }

    /// A character of two to four bytes (the string is valid UTF-8) that `ControlCharacters` keeps.
    mutating func scalar() -> Bool {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return false }
        var value = UInt32(lead & (0x7F >> length))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        guard let scalar = Unicode.Scalar(value), !ControlCharacters.isRemoved(scalar) else { return false }
        index += length
        return true
    }

    func isAt(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        return UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]).sameBytes(as: text)
    }

    /// A run of lower-case ASCII letters at `index` (a tag or attribute name), moving past it.
    mutating func name() -> UnsafeBufferPointer<UInt8> {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    /// `</name>` closing the innermost open element.
    mutating func endTag() -> Bool {
        index += 2
        guard let element = Self.element(named: name()), index < bytes.count, bytes[index] == UInt8(ascii: ">"),
              depth > 0, stack[depth - 1] == element else { return false }
        index += 1
        depth -= 1
        if element == .p { paragraphs -= 1 }
        if element == .a { links -= 1 }
        return true
    }

    /// A start tag the writer emits as it is, where it opens it without closing or skipping anything.
    mutating func startTag() -> Bool {
        index += 1
        guard let element = Self.element(named: name()), opensAsIs(element), attributes(of: element) else { return false }
        if element.isVoid { return true }
        stack[depth] = element
        depth += 1
        if element == .p { paragraphs += 1 }
        if element == .a { links += 1 }
        return true
    }

    /// Whether the writer opens `element` here without closing open elements or leaving it out.
    func opensAsIs(_ element: Kept) -> Bool {
        if !element.isVoid, depth >= SanitizedHTMLWriter.maximumDepth { return false }
        if element.closesParagraph, paragraphs > 0 { return false }
        if element == .a, links > 0 { return false }
        if element == .li {
            var position = depth - 1
            while position >= 0, stack[position] != .li {
                if stack[position] == .ul || stack[position] == .ol { return true }
                position -= 1
            }
            return position < 0
        }
        return true
    }

    /// The attributes after a start tag's name, up to and including its `>`.
    mutating func attributes(of element: Kept) -> Bool {
        var seen: UInt8 = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                // Every link ends with its rel, which `rel` below checks.
                return element != .a
            }
            guard bytes[index] == UInt8(ascii: " ") else { return false }
            index += 1
            let attribute = name()
            guard isAt("=\"") else { return false }
            index += 2
            let bit: UInt8
            if attribute.sameBytes(as: "href"), element == .a {
                guard href() else { return false }
                bit = Self.href
            } else if attribute.sameBytes(as: "title") || attribute.sameBytes(as: "lang") {
                guard text() else { return false }
                bit = attribute.count == 5 ? Self.title : Self.lang
            } else if attribute.sameBytes(as: "dir") {
                guard isAt("ltr\"") || isAt("rtl\"") || isAt("auto\"") else { return false }
                index += bytes[index] == UInt8(ascii: "a") ? 5 : 4
                bit = Self.dir
            } else if attribute.sameBytes(as: "rel"), element == .a {
                let rel = SanitizedHTMLWriter.linkRelation
                guard isAt(rel) else { return false }
                index += rel.utf8CodeUnitCount
                guard isAt("\">") else { return false }
                index += 2
                return true
            } else {
                return false
            }
            guard seen & bit == 0 else { return false }
            seen |= bit
        }
        return false
    }

    /// A title or lang value up to and including its closing quote.
    mutating func text() -> Bool {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            guard character(inAttribute: true) else { return false }
        }
        return false
    }

    /// An href value up to and including its closing quote: what `safeURL` keeps unchanged, an http,
    /// https or mailto URL without white space or control characters.
    mutating func href() -> Bool {
        var scheme = index
        while scheme < bytes.count, bytes[scheme].isASCIIAlpha { scheme += 1 }
        guard scheme < bytes.count, bytes[scheme] == UInt8(ascii: ":") else { return false }
        let name = UnsafeBufferPointer(rebasing: bytes[index..<scheme])
        guard Self.isLowercased(name, "http") || Self.isLowercased(name, "https") || Self.isLowercased(name, "mailto") else { return false }
        while index < bytes.count {
            if skipPlainText(isLink: true) { continue }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            guard byte > 0x20, character(inAttribute: false) else { return false }
        }
        return false
    }

    /// Whether `bytes` are `word` (lower-case letters) in any case.
    static func isLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<bytes.count where bytes[offset] | 0x20 != word.utf8Start[offset] { return false }
        return true
    }

    /// The element the output may hold named `name` (lower-case letters), or nil.
    static func element(named name: UnsafeBufferPointer<UInt8>) -> Kept? {
        guard let key = Self.key(of: name) else { return nil }
        // Kept's order puts the common elements first.
        for entry in Self.names where entry.key == key { return entry.element }
        return nil
    }

    /// Every element the output may hold with its name packed as `key(of:)` packs it.
    static let names: [(key: UInt64, element: Kept)] = Kept.allCases.map { element in
        (Array(element.rawValue.utf8).withUnsafeBufferPointer { key(of: $0)! }, element)
    }

    /// A name of up to 12 lower-case letters packed five bits a letter (`a` is 1, so lengths differ too).
    static func key(of name: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard name.count <= 12 else { return nil }
        var key: UInt64 = 0
        for byte in name { key = key << 5 | UInt64(byte &- 0x60) }
        return key
    }
}
