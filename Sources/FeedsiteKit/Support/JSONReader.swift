/// Reads JSON (RFC 8259) into `JSONValue`s that remember their byte offsets, and reports the first
/// syntax error as `file:line:col: expected ...`. The one JSON parser: JSON Feed and snapshots use it.
///
/// Strict where RFC 8259 is (no comments, no trailing commas, no control characters in strings, valid
/// UTF-8); a UTF-8 byte order mark before the value is skipped. Nesting deeper than `maximumDepth` is
/// an error rather than a stack overflow.
package struct JSONReader {
    /// The text being read.
    let bytes: [UInt8]
    /// The file, for locations.
    let file: String
    /// How deep arrays and objects may nest.
    let maximumDepth: Int
    /// Whether a string holding a character `ControlCharacters.isRefused` names (with tab and line feed
    /// allowed) or a lone surrogate (`\ud800`) is an error at that character or escape; otherwise
    /// such characters are kept and a lone surrogate becomes U+FFFD, as browsers' `JSON.parse` does.
    let refusingControls: Bool
    /// The next byte to read.
    var index = 0
    /// How deep the reader is now.
    var depth = 0

    /// Prepares to read `bytes`, naming `file` in errors; `refusingControls` as the property says.
    package init(_ bytes: [UInt8], file: String, maximumDepth: Int = 512, refusingControls: Bool = false) {
        self.bytes = bytes
        self.file = file
        self.maximumDepth = maximumDepth
        self.refusingControls = refusingControls
    }
}

extension JSONReader {
    /// The one value `bytes` hold (surrounded by optional whitespace), or the first syntax error.
    package static func read(_ bytes: [UInt8], file: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes, file: file)
        return try reader.readDocument()
    }

    /// Reads the whole text as one value.
    package mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw error("expected a JSON value, found the end of the text") }
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("expected the end of the text after the JSON value, found \(found)") }
        return value
    }
}

/// Token by token, for a decoder that knows its document's shape and reads it without building
/// `JSONValue`s (`SnapshotStreamDecoder`). Each piece reads exactly as `readDocument` would, so a
/// decoder that stops at the first surprise and reads the text again with `readDocument` reports
/// the same errors.
extension JSONReader {
    /// The next byte after white space, without taking it; nil at the end of the text.
    mutating func peekAfterWhitespace() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Skips a UTF-8 byte order mark at the start, as `readDocument` does.
    mutating func skipByteOrderMark() {
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The string whose opening quote is the next byte, escapes decoded, as `readValue` reads it.
    mutating func readStringToken() throws(JSONSyntaxError) -> String {
        try readString()
    }

    /// The number that starts at the next byte, as it is written, as `readValue` reads it.
    mutating func readNumberToken() throws(JSONSyntaxError) -> String {
        try readNumber()
    }

    /// Takes `word` (`true`, `false`, `null`) when it stands at the next byte.
    mutating func readWordToken(_ word: StaticString) throws(JSONSyntaxError) {
        try readWord(word)
    }
}

private extension JSONReader {
    /// The error at the current position.
    func error(_ message: String, at offset: Int? = nil, hint: String? = nil) -> JSONSyntaxError {
        JSONSyntaxError(at: SourceText(bytes, file: file).location(of: offset ?? index), message, hint: hint)
    }

    /// What stands at the current position, for messages: `'x'` or "the end of the text".
    var found: String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let end = min(index + 4, bytes.count)
        if byte >= 0x80, let character = String(validating: bytes[index..<end], as: UTF8.self)?.first {
            return "'\(character)'"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        guard index < bytes.count else { throw error("expected a JSON value, found the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(kind: .object(try readObject()), offset: start)
        case UInt8(ascii: "["): return JSONValue(kind: .array(try readArray()), offset: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try readString()), offset: start)
        case UInt8(ascii: "t"): try readWord("true"); return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"): try readWord("false"); return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"): try readWord("null"); return JSONValue(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(kind: .number(try readNumber()), offset: start)
        default: throw error("expected a JSON value (object, array, string, number, true, false or null), found \(found)")
        }
    }

    mutating func readWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else {
                var end = start
                while end < bytes.count, bytes[end].isASCIIAlpha { end += 1 }
                throw error("expected \(word), found '\(String(decoding: bytes[start..<end], as: UTF8.self))'", at: start)
            }
            index += 1
        }
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth { throw error("expected at most \(maximumDepth) nested arrays and objects") }
    }

    mutating func readObject() throws(JSONSyntaxError) -> [JSONMember] {
        try readItems(closedBy: "}", what: "an object member") { reader throws(JSONSyntaxError) in
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"") else {
                throw reader.error("expected a member name in double quotes, found \(reader.found)")
            }
            let keyOffset = reader.index
            let key = try reader.readString()
            reader.skipWhitespace()
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":") else {
                throw reader.error("expected ':' after the member name \"\(key)\", found \(reader.found)")
            }
            reader.index += 1
            reader.skipWhitespace()
            return JSONMember(key: key, keyOffset: keyOffset, value: try reader.readValue())
        }
    }

    mutating func readArray() throws(JSONSyntaxError) -> [JSONValue] {
        try readItems(closedBy: "]", what: "an array element") { reader throws(JSONSyntaxError) in try reader.readValue() }
    }

    /// The items of an array or object from its opening bracket on, each read by `item`, separated by
    /// commas, up to `close`.
    mutating func readItems<Item>(closedBy close: Character, what: String,
                                  _ item: (inout JSONReader) throws(JSONSyntaxError) -> Item) throws(JSONSyntaxError) -> [Item] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [Item] = []
        let closing = close.asciiValue!
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing { index += 1; return items }
        while true {
            skipWhitespace()
            items.append(try item(&self))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '\(close)' after \(what), found the end of the text") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case closing: index += 1; return items
            default: throw error("expected ',' or '\(close)' after \(what), found \(found)")
            }
        }
    }

    mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index].isASCIIDigit else { throw error("expected a digit in the number, found \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index].isASCIIDigit { throw error("expected no leading zero in the number") }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, bytes[index].isASCIIDigit else { throw error("expected a digit after the decimal point, found \(found)") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, bytes[index].isASCIIDigit else { throw error("expected a digit in the exponent, found \(found)") }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipDigits() {
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }

    /// Reads a string from its opening quote to its closing quote, decoding escapes.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var scalars: [UInt8] = []
        var escaped = false
        var runStart = index
        while true {
            let start = index
            index = bytes.withUnsafeBufferPointer { Self.plainRunEnd($0, from: start) }
            guard index < bytes.count else { throw error("expected '\"' to close the string that starts here", at: open) }
            let byte = bytes[index]
            if refusingControls { try refuseControls(in: runStart..<index) }
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("expected '\\\(byte == 0x0A ? "n" : byte == 0x09 ? "t" : "u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))' instead of a control character in the string") }
            escaped = true
            scalars.append(contentsOf: bytes[runStart..<index])
            try readEscape(into: &scalars)
            runStart = index
        }
        // Plain runs found eight bytes a step, and a string without escapes made straight from the
        // input's bytes (callgrind, clean build of Benchmarks/generate_site.py 100 --posts 20:
        // readString 104 M -> 40 M instructions).
        let text: String?
        if escaped {
            scalars.append(contentsOf: bytes[runStart..<index])
            text = scalars.withUnsafeBufferPointer { Self.string(validating: $0) }
        } else {
            text = bytes.withUnsafeBufferPointer { Self.string(validating: UnsafeBufferPointer(rebasing: $0[runStart..<index])) }
        }
        index += 1
        guard let text else { throw error("expected UTF-8 text in the string that starts here", at: open) }
        return text
    }

    /// Where the run of bytes from `start` that stand for themselves in a string ends: at the first
    /// quote, backslash or control character, or at the end.
    static func plainRunEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buffer.count
        var end = start
        guard let base = buffer.baseAddress else { return end }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte of `word` below `n` (n up to 128) leaves its high bit in `(word - n * ones) & ~word`.
        func hasByte(below n: UInt64, _ word: UInt64) -> Bool { (word &- n &* ones) & ~word & highs != 0 }
        while end + 8 <= count {
            let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
            if hasByte(below: 0x20, word) || hasByte(below: 1, word ^ (0x22 &* ones)) || hasByte(below: 1, word ^ (0x5C &* ones)) { break }
            end += 8
        }
        while end < count {
            let byte = buffer[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        return end
    }

    /// `bytes` as a string when they are valid UTF-8, else nil. Decoding repairs what is not UTF-8,
    /// so the text differs from `bytes` exactly when they were not.
    static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        return text.withUTF8 { $0.sameBytes(as: bytes) } ? text : nil
    }

    mutating func readEscape(into scalars: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1
        guard index < bytes.count else { throw error("expected an escape after '\\', found the end of the text") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(byte)
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "r"):
            let value: UInt8 = byte == UInt8(ascii: "b") ? 0x08 : byte == UInt8(ascii: "f") ? 0x0C : 0x0D
            if refusingControls { try refuse(UInt32(value), escapedAt: index - 2) }
            scalars.append(value)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            let escape = index - 2
            var value = try readHex4()
            if (0xD800...0xDBFF).contains(value) {
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try readHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
            }
            if refusingControls { try refuse(value, escapedAt: escape) }
            // A lone surrogate cannot be UTF-8: it becomes U+FFFD, as browsers' JSON.parse then TextEncoder do.
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            index -= 1
            throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found '\\\(found.dropFirst().dropLast())'", at: index - 1)
        }
    }

    /// Throws when the escape at `offset` stands for `value`, a lone surrogate or a refused character.
    func refuse(_ value: UInt32, escapedAt offset: Int) throws(JSONSyntaxError) {
        let written = String(decoding: bytes[offset..<min(index, bytes.count)], as: UTF8.self)
        guard let scalar = Unicode.Scalar(value) else {
            throw error("expected a character, found '\(written)', half of a UTF-16 surrogate pair without its other half", at: offset,
                        hint: "write the character itself, or both halves of its pair (U+1F600 is \\ud83d\\ude00)")
        }
        guard ControlCharacters.isRefused(scalar, lineBreaks: true) else { return }
        throw error("expected text, found '\(written)': \(ControlCharacters.name(of: scalar))", at: offset, hint: Self.controlHint)
    }

    /// Throws at the first character in `range` (raw bytes of a string, no escapes) that is refused.
    func refuseControls(in range: Range<Int>) throws(JSONSyntaxError) {
        guard bytes.withUnsafeBufferPointer({ ControlCharacters.containsRemoved(UnsafeBufferPointer(rebasing: $0[range])) }) else { return }
        var offset = range.lowerBound
        for scalar in String(decoding: bytes[range], as: UTF8.self).unicodeScalars {
            if ControlCharacters.isRefused(scalar, lineBreaks: true) {
                throw error("expected text, found \(ControlCharacters.name(of: scalar))", at: offset, hint: Self.controlHint)
            }
            offset += UTF8.width(scalar)
        }
    }

    static let controlHint = "remove it: texts hold tab and line feed but no other control character, as in site.yml"

    mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = bytes[index].hexDigitValue else {
                throw error("expected four hex digits after '\\u', found \(found)")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
