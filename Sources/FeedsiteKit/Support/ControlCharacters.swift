/// Characters that must never reach a page from a feed, a snapshot or site.yml: C0 controls other than tab,
/// line feed and carriage return (as XML 1.0 and the Atom writer rule them out), DEL, the C1 controls
/// (U+0080–U+009F, which terminals read as escape sequences) and Unicode's noncharacters (U+FDD0–U+FDEF
/// and the last two code points of every plane, U+FFFE and U+FFFF among them).
///
/// Bidirectional controls (U+202A–U+202E, U+2066–U+2069) are kept: right-to-left text uses them, and
/// every field a post shows sits in an element with `dir="auto"`, which isolates it from the page
/// around it, so an unbalanced override cannot reorder anything outside its own field.
enum ControlCharacters {
    /// Whether `scalar` is left out of text read from a feed.
    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }

    /// `text` without the characters `isRemoved` names (the same string when it holds none).
    static func removed(from text: String) -> String {
        // Looked for in the UTF-8 bytes, not scalar by scalar (callgrind, clean build of
        // Benchmarks/generate_site.py 100 --posts 20, reading the snapshots: 68 M -> 14 M instructions).
        var text = text
        guard text.withUTF8(containsRemoved) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isRemoved($0) })
        return result
    }

    /// The first character of `text` that a value of site.yml may not hold, with its offset in
    /// characters: what `isRemoved` names and carriage return, and tab and line feed too unless
    /// `lineBreaks` (free texts, where both are white space). Nil when there is none.
    static func firstRefused(in text: String, lineBreaks: Bool) -> (scalar: Unicode.Scalar, offset: Int)? {
        // Most values are printable ASCII: one pass over the bytes says so.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || (lineBreaks && ($0 == 0x09 || $0 == 0x0A)) }) { return nil }
        for (offset, character) in text.enumerated() {
            if let scalar = character.unicodeScalars.first(where: { isRefused($0, lineBreaks: lineBreaks) }) { return (scalar, offset) }
        }
        return nil
    }

    /// Whether `scalar` is refused in a value of site.yml (`firstRefused`).
    static func isRefused(_ scalar: Unicode.Scalar, lineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: !lineBreaks
        case 0x0D: true
        default: isRemoved(scalar)
        }
    }

    /// `scalar` as messages name it: "the control character U+0007 (BEL)", "the noncharacter U+FFFE".
    static func name(of scalar: Unicode.Scalar) -> String {
        let code = (isControl(scalar) ? "the control character U+" : "the noncharacter U+") + hex(scalar, digits: 4)
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return",
                                       0x1B: "ESC", 0x7F: "DEL"]
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
    }

    /// How a double-quoted YAML scalar writes `scalar`: `\u0007`, `\U0001FFFE`.
    static func yamlEscape(of scalar: Unicode.Scalar) -> String {
        scalar.value > 0xFFFF ? "\\U" + hex(scalar, digits: 8) : "\\u" + hex(scalar, digits: 4)
    }

    /// An ECMA-262 pattern (for `u` mode, as JSON Schema validators use) matching the texts without
    /// any scalar `isRefused` names, for the JSON Schema of site.yml.
    static func allowedPattern(lineBreaks: Bool) -> String {
        var ranges = lineBreaks ? ["\\u0000-\\u0008", "\\u000B-\\u001F"] : ["\\u0000-\\u001F"]
        ranges += ["\\u007F-\\u009F", "\\uFDD0-\\uFDEF", "\\uFFFE\\uFFFF"]
        ranges += (1...16).map { plane in "\\u{\(String(plane, radix: 16, uppercase: true))FFFE}\\u{\(String(plane, radix: 16, uppercase: true))FFFF}" }
        return "^[^" + ranges.joined() + "]*$"
    }

    /// Whether the UTF-8 `bytes` hold a character `isRemoved` names: C0 controls but tab, line feed
    /// and carriage return, DEL, C1 controls (`C2 80`–`C2 9F`), U+FDD0–U+FDEF (`EF B7 90`–`EF B7 AF`),
    /// and the last two code points of a plane (`EF BF BE`/`BF`, or four bytes ending `xF BF BE`/`BF`).
    static func containsRemoved(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return false }
        while index < count {
            // Eight bytes at once when none of them can start a removed character: no C0 control, no DEL, and
            // none of the lead bytes C2, EF, F0-F7; other letters and every continuation byte pass (callgrind,
            // ten of Benchmarks/parse.py's feeds, an accented letter every ten bytes: 23.2 K -> 13.4 K a post).
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !Self.mayStartRemoved(word) {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case 0x09, 0x0A, 0x0D:
                index += 1
            case 0xC2:
                if index + 1 < count, Self.isRemoved(lead: byte, bytes[index + 1], 0, 0) { return true }
                index += 2
            case 0xEF:
                if index + 2 < count, Self.isRemoved(lead: byte, bytes[index + 1], bytes[index + 2], 0) { return true }
                index += 3
            case 0xF0...0xF4:
                if index + 3 < count, Self.isRemoved(lead: byte, bytes[index + 1], bytes[index + 2], bytes[index + 3]) { return true }
                index += 4
            case 0x80...0xFF:
                index += 1
            default:
                return true
            }
        }
        return false
    }
}

extension ControlCharacters {
    /// Whether the UTF-8 character of two to four bytes starting `lead`, `second`, `third`, `fourth` (the
    /// bytes past its end are anything) is one `isRemoved` names: a C1 control (`C2 80`-`C2 9F`),
    /// U+FDD0-U+FDEF (`EF B7 90`-`EF B7 AF`), or the last two code points of a plane. The one byte-level
    /// statement of them, for the scans that read UTF-8 bytes.
    @inline(__always)
    static func isRemoved(lead: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) -> Bool {
        switch lead {
        case 0xC2: second <= 0x9F
        case 0xEF: (second == 0xB7 && third >= 0x90 && third <= 0xAF) || (second == 0xBF && third >= 0xBE)
        case 0xF0...0xF4: second & 0x0F == 0x0F && third == 0xBF && fourth >= 0xBE
        default: false
        }
    }
}

private extension ControlCharacters {
    /// Whether one of the eight bytes of `word` is a C0 control, DEL, or the lead byte C2, EF or F0-F7:
    /// the only bytes a removed character starts with (in any order of the bytes, so also across characters).
    @inline(__always)
    static func mayStartRemoved(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below n (n <= 0x80) leaves its high bit in (byte - n) & ~byte; a zero byte is one below 1.
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- 0x20 &* ones) & ~word & highs
        let delete = hasZero(word ^ (0x7F &* ones))
        let c2 = hasZero(word ^ (0xC2 &* ones)), ef = hasZero(word ^ (0xEF &* ones))
        let four = hasZero((word & (0xF8 &* ones)) ^ (0xF0 &* ones))
        return control | delete | c2 | ef | four != 0
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func hex(_ scalar: Unicode.Scalar, digits: Int) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
