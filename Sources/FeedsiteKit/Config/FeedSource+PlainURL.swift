/// Recognising, on the bytes, the shape of feed URL nearly every account has.
extension FeedSource {
    /// Whether `text` is `http://` or `https://` (in lower case), a host of ASCII letters, digits,
    /// `.` and `-` (no user, port or placeholder), then nothing or `/`, `?` or `#` and printable ASCII
    /// in which every `{` opens `{handle}`. Such a feed passes every check `feed:` gets, so those
    /// checks, which look at characters, are skipped for it; false says nothing, the checks decide.
    static func isPlainHTTPURL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isPlainHTTPURL) ?? false
    }
}

private extension FeedSource {
    static let placeholder = Array("{handle}".utf8)

    static func isPlainHTTPURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 8, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"), bytes[2] == UInt8(ascii: "t"),
              bytes[3] == UInt8(ascii: "p") else { return false }
        var index = bytes[4] == UInt8(ascii: "s") ? 5 : 4
        guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else { return false }
        index += 3
        let hostStart = index
        while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
        guard index > hostStart else { return false }
        if index < bytes.count {
            let end = bytes[index]
            guard end == UInt8(ascii: "/") || end == UInt8(ascii: "?") || end == UInt8(ascii: "#") else { return false }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte > 0x20, byte < 0x7F else { return false }
            if byte == UInt8(ascii: "{") {
                guard bytes.count - index >= placeholder.count, placeholder.indices.allSatisfy({ bytes[index + $0] == placeholder[$0] }) else { return false }
                index += placeholder.count
            } else {
                index += 1
            }
        }
        return true
    }

    /// An ASCII letter, digit, `.` or `-`.
    static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: false
        }
    }
}
