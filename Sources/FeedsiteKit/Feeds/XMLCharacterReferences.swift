/// A pass over a feed's XML, before libxml2 reads it, for character references to characters XML 1.0
/// forbids (`&#7;`, `&#x1B;`, `&#0;`, a surrogate, beyond U+10FFFF). libxml2 reports one as a fatal
/// error, and in recovery mode then drops every later `&amp;`, `&lt;` and `&gt;` of the document,
/// corrupting text, links and ids. Each such reference becomes `&#xFFFD;` (the replacement character,
/// as feedparser and browsers read it) with a plain warning at its line:column; CDATA sections,
/// comments and processing instructions are left as they are (a reference there is only text).
///
/// One linear pass; a feed without such references comes back unchanged. (Columns that libxml2
/// reports later on the same line count the longer reference.)
struct XMLCharacterReferences {
    /// The bytes with every forbidden reference replaced.
    private(set) var bytes: [UInt8]
    /// One warning per replaced reference.
    private(set) var problems: [Diagnostic] = []
}

extension XMLCharacterReferences {
    /// Repairs `input`, the UTF-8 text of the feed at `source`.
    init(repairing input: [UInt8], source: String) {
        bytes = input
        guard input.contains(UInt8(ascii: "&")) else { return }
        var cursor = SourceText.Cursor(bytes: input, file: source)
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "<") {
                index = Self.skipped(input, at: index)
                continue
            }
            guard byte == UInt8(ascii: "&"), index + 1 < input.count, input[index + 1] == UInt8(ascii: "#"),
                  let (value, end) = Self.reference(input, at: index) else {
                index += 1
                continue
            }
            if !XMLCharacterReferences.isAllowed(value) {
                if output.isEmpty { output.reserveCapacity(input.count + 16) }
                output += input[copied..<index]
                output += Array("&#xFFFD;".utf8)
                copied = end
                let written = String(decoding: input[index..<end], as: UTF8.self)
                let character = value <= 0x10FFFF ? "U+" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count)) + String(value, radix: 16, uppercase: true) : "a number beyond Unicode"
                problems.append(Diagnostic(.warning, at: cursor.location(of: index),
                                           "the character reference '\(written)' stands for \(character), which XML does not allow; read as U+FFFD",
                                           hint: "remove the reference from the feed, or write the character it was meant to be"))
            }
            index = end
        }
        guard copied > 0 else { return }
        output += input[copied...]
        bytes = output
    }
}

private extension XMLCharacterReferences {
    /// Whether XML 1.0 allows the character `value` (its production `Char`).
    static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The value of the character reference `&#…;` at `start` and the offset after its `;`, or nil when
    /// it is not one (no digits, no `;`): libxml2 reports those itself.
    static func reference(_ bytes: [UInt8], at start: Int) -> (UInt32, Int)? {
        var index = start + 2
        let hex = index < bytes.count && (bytes[index] == UInt8(ascii: "x"))
        if hex { index += 1 }
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count {
            let digit: UInt32? = hex ? bytes[index].hexDigitValue.map(UInt32.init) : (bytes[index].isASCIIDigit ? UInt32(bytes[index] - 0x30) : nil)
            guard let digit else { break }
            // Past U+10FFFF the value no longer matters: keep it there without overflowing.
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
        return (value, index + 1)
    }

    /// The offset after the markup at `start` (a `<`): past a CDATA section, comment or processing
    /// instruction, else just past the `<`.
    static func skipped(_ bytes: [UInt8], at start: Int) -> Int {
        // Every opening below starts `<!` or `<?`: a tag (`<item`, `</item`) is passed at once, with no
        // list of openings made (callgrind, `feedsite-bench parse` on ten of Benchmarks/fetch.py's feeds).
        guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "!") || bytes[start + 1] == UInt8(ascii: "?") else { return start + 1 }
        for (opening, closing) in [("<![CDATA[", "]]>"), ("<!--", "-->"), ("<?", "?>")] where bytes[start...].starts(with: opening.utf8) {
            return end(of: Array(closing.utf8), in: bytes, from: start + opening.utf8.count)
        }
        return start + 1
    }

    /// The offset after the first `closing` from `start`, or the end of `bytes`.
    static func end(of closing: [UInt8], in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + closing.count <= bytes.count {
            if bytes[index] == closing[0], bytes[index..<(index + closing.count)].elementsEqual(closing) { return index + closing.count }
            index += 1
        }
        return bytes.count
    }
}
