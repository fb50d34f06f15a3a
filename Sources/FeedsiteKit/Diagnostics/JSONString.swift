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
    // Runs that need no escape are copied whole (Benchmarks/fetch.py 1000, 200 round: snapshot JSON was 35% of fetch's CPU).
    package static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 1)
            var start = 0
            var index = 0
            while index < bytes.count {
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
    /// `\u` and four hex digits.
    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
