/// Escapes text for HTML content and quoted attribute values: `&`, `<`, `>`, `"` and `'`.
package enum HTMLEscaper {
    /// Appends `text` to `buffer`, escaped.
    package static func append(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &buffer) }
    }

    /// Appends the UTF-8 `bytes` to `buffer`, escaped.
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        // Runs without special characters appended whole, not byte by byte
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: 34.9M -> 10.8M instructions).
        var runStart = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a step when none needs escaping (callgrind, `feedsite-bench parse` on ten of
            // Benchmarks/parse.py's feeds: append 7.2 M -> 6.4 M instructions for 500 posts, whose text
            // has an accented letter every ten bytes or so).
            if index + 8 <= bytes.count, !needsEscape(ByteWord.load(bytes, at: index)) {
                index += 8
                continue
            }
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default:
                index += 1
                continue
            }
            if index > runStart { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            replacement.withUTF8Buffer { buffer.append(contentsOf: $0) }
            index += 1
            runStart = index
        }
        if bytes.count > runStart { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// `text`, escaped.
    package static func escape(_ text: String) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(text.utf8.count)
        append(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}

private extension HTMLEscaper {
    /// Whether a byte of `word` is one of the five that `append` escapes.
    static func needsEscape(_ word: UInt64) -> Bool {
        ByteWord.hasByte(UInt8(ascii: "&"), word) || ByteWord.hasByte(UInt8(ascii: "<"), word) || ByteWord.hasByte(UInt8(ascii: ">"), word)
            || ByteWord.hasByte(UInt8(ascii: "\""), word) || ByteWord.hasByte(UInt8(ascii: "'"), word)
    }
}
