/// Percent-encoding as RFC 3986 defines it, shared by the build's encoder and the checker's rules.
package enum PercentEncoding {
    /// Whether `byte` is an RFC 3986 unreserved character: `A-Z a-z 0-9 - . _ ~`.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// `text` as UTF-8 with every byte but the unreserved ones written `%XX` (upper-case hex).
    package static func encode(_ text: some StringProtocol) -> String {
        encode(text, keeping: isUnreserved)
    }

    /// `text` as UTF-8 with every byte but those `component` allows written `%XX` (upper-case hex).
    package static func encode(_ text: some StringProtocol, in component: URLComponent) -> String {
        encode(text, keeping: component.allows)
    }

    /// `text` as UTF-8 with every byte but those `keeping` accepts written `%XX` (upper-case hex).
    static func encode(_ text: some StringProtocol, keeping: (UInt8) -> Bool) -> String {
        let utf8 = text.utf8
        // At most three bytes out for each byte in, written straight into the string's storage.
        return String(unsafeUninitializedCapacity: utf8.count * 3) { buffer in
            var count = 0
            for byte in utf8 {
                if keeping(byte) {
                    buffer[count] = byte
                    count += 1
                } else {
                    buffer[count] = UInt8(ascii: "%")
                    buffer[count + 1] = hexDigit(byte >> 4)
                    buffer[count + 2] = hexDigit(byte & 0x0F)
                    count += 3
                }
            }
            return count
        }
    }

    /// The upper-case hex digit for `value` (0-15).
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// The bytes `text` stands for: each valid `%XX` becomes its byte; anything else, including a
    /// `%` that does not start a valid triplet, stays as it is. `+` stays `+`.
    package static func decode(_ text: some StringProtocol) -> [UInt8] {
        if let decoded = text.utf8.withContiguousStorageIfAvailable({ decode(bytes: $0) }) { return decoded }
        return Array(text.utf8).withUnsafeBufferPointer { decode(bytes: $0) }
    }

    /// The bytes the percent-encoded `bytes` stand for (see `decode(_:)`).
    static func decode(bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = bytes[index + 1].hexDigitValue, let low = bytes[index + 2].hexDigitValue {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// The value of a hex digit, or nil (`UInt8.hexDigitValue`, for the manifest's reader).
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        byte.hexDigitValue
    }
}
