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
        guard text.unicodeScalars.contains(where: isRemoved) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isRemoved($0) })
        return result
    }
}
