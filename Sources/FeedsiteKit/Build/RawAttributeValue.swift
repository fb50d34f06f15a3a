/// The attribute value as written in the HTML source, for finding where a template produced it.
enum RawAttributeValue {
    /// The raw bytes of the attribute value starting at a 1-based line and column (in characters).
    static func at(line: Int, column: Int, in text: SourceText) -> [UInt8]? {
        guard let index = text.offset(line: line, column: column), index > 0 else { return nil }
        let bytes = text.bytes
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
        needle.isEmpty ? nil : BytePattern(bytes: needle).firstOffset(in: haystack)
    }
}
