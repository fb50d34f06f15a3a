/// JSON string literals, for the reports and errors feedsite prints as JSON.
package enum JSONString {
    /// `text` as a quoted JSON string: quotes, backslashes and control characters escaped (C0, DEL
    /// and C1, U+0080-U+009F, which a terminal may act on), and U+2028/U+2029 too so that the output
    /// is also valid JavaScript.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` quoted, as `quoted` writes it, to the UTF-8 bytes `out`.
    // Runs that need no escape are copied whole (Benchmarks/fetch.py 1000, 200 round: snapshot JSON was 35% of fetch's CPU),
    // and found eight bytes a step (callgrind, fetch of 200 of that benchmark's feeds from files: 190 M -> 73 M of 1,745 M instructions).
    package static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            out.reserveCapacity(out.count + count + 1)
            var start = 0
            var index = 0
            while index < count {
                if index + 8 <= count {
                    // The lowest byte the mask marks is the first one to look at; the bytes before it need nothing.
                    let marked = lookMask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    guard marked != 0 else {
                        index += 8
                        continue
                    }
                    index += marked.trailingZeroBitCount >> 3
                }
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
                    || byte == 0xC2 || byte == 0xE2 else {
                    index += 1
                    continue
                }
                // Valid UTF-8: a lead byte is followed by its continuation bytes.
                let length: Int
                let escape: String?
                switch byte {
                case UInt8(ascii: "\""): (length, escape) = (1, "\\\"")
                case UInt8(ascii: "\\"): (length, escape) = (1, "\\\\")
                case UInt8(ascii: "\n"): (length, escape) = (1, "\\n")
                case UInt8(ascii: "\r"): (length, escape) = (1, "\\r")
                case UInt8(ascii: "\t"): (length, escape) = (1, "\\t")
                case 0xC2 where bytes[index + 1] <= 0x9F: (length, escape) = (2, unicodeEscape(UInt32(bytes[index + 1])))
                case 0xC2: (length, escape) = (2, nil)
                case 0xE2 where bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    (length, escape) = (3, bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                case 0xE2: (length, escape) = (3, nil)
                default: (length, escape) = (1, unicodeEscape(UInt32(byte)))
                }
                if let escape {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    out.append(contentsOf: escape.utf8)
                    start = index + length
                }
                index += length
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

private extension JSONString {
    /// The bytes of `word` (little-endian) that `append` looks at, each marked by its high bit: below
    /// 0x20, a quote, a backslash, DEL, and the lead bytes C2 and E2 (of C1 controls, U+2028, U+2029).
    /// A byte above a marked one may be marked wrongly; the lowest mark is always right.
    @inline(__always)
    static func lookMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte of `word` below `n` (n up to 128) leaves its high bit in `(word - n * ones) & ~word`.
        func below(_ n: UInt64, _ word: UInt64) -> UInt64 { (word &- n &* ones) & ~word & highs }
        return below(0x20, word) | below(1, word ^ (0x22 &* ones)) | below(1, word ^ (0x5C &* ones))
            | below(1, word ^ (0x7F &* ones)) | below(1, word ^ (0xC2 &* ones)) | below(1, word ^ (0xE2 &* ones))
    }

    /// `\u` and four hex digits.
    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
