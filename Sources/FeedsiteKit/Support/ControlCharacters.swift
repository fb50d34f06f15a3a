/// Characters that must never reach a page from a feed or a snapshot: C0 controls other than tab,
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

    /// Whether the UTF-8 `bytes` hold a character `isRemoved` names: C0 controls but tab, line feed
    /// and carriage return, DEL, C1 controls (`C2 80`–`C2 9F`), U+FDD0–U+FDEF (`EF B7 90`–`EF B7 AF`),
    /// and the last two code points of a plane (`EF BF BE`/`BF`, or four bytes ending `xF BF BE`/`BF`).
    static func containsRemoved(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case 0x09, 0x0A, 0x0D:
                index += 1
            case 0xC2:
                if index + 1 < count, bytes[index + 1] <= 0x9F { return true }
                index += 2
            case 0xEF:
                if index + 2 < count {
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if second == 0xB7, third >= 0x90, third <= 0xAF { return true }
                    if second == 0xBF, third >= 0xBE { return true }
                }
                index += 3
            case 0xF0...0xF4:
                if index + 3 < count, bytes[index + 1] & 0x0F == 0x0F, bytes[index + 2] == 0xBF, bytes[index + 3] >= 0xBE { return true }
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
