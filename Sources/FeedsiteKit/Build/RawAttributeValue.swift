/// The attribute value as written in the HTML source, for finding where a template produced it.
enum RawAttributeValue {
    /// The raw bytes of the attribute value starting at a 1-based line and column (in characters).
    static func at(line: Int, column: Int, in bytes: [UInt8]) -> [UInt8]? {
        var currentLine = 1
        var index = 0
        while currentLine < line, index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { currentLine += 1 }
            index += 1
        }
        var currentColumn = 1
        while currentColumn < column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            currentColumn += 1
        }
        guard index > 0, index <= bytes.count else { return nil }
        let quote = bytes[index - 1]
        var end = index
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            while end < bytes.count, bytes[end] != quote { end += 1 }
        } else {
            while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: ">")].contains(bytes[end]) { end += 1 }
        }
        return Array(bytes[index..<end])
    }

    /// Where `needle` first occurs in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        outer: for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            for offset in 1..<needle.count where haystack[start + offset] != needle[offset] { continue outer }
            return start
        }
        return nil
    }
}
