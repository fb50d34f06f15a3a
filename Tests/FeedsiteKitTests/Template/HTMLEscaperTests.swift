import Testing
@testable import FeedsiteKit

/// HTMLEscaper steps over eight bytes at once where none needs escaping; these tests hold it to an
/// escape written character by character.
@Suite struct HTMLEscaperTests {
    @Test("each of the five characters is escaped at every offset around the eight-byte steps, and nothing else changes",
          arguments: ["&", "<", ">", "\"", "'", "é", "😀", "\u{0}", "\u{7F}", "%", "=", "\u{26}amp;"])
    func everyOffset(mark: String) {
        for offset in 0...20 {
            for tail in [0, 1, 7, 8, 9, 16] {
                let text = String(repeating: "a", count: offset) + mark + String(repeating: "b", count: tail) + mark + "cdefghij"
                #expect(HTMLEscaper.escape(text) == Self.reference(text), "\(text.debugDescription)")
            }
        }
    }

    @Test("long mixed texts escape as the character-by-character version escapes them")
    func mixedTexts() {
        var generator = SeededGenerator(seed: 22)
        let pieces = ["abcdefghijklmnopqrstuvwxyz0123456789", "&", "<", ">", "\"", "'", "&amp;", "<p>", " ", "\n", "é", "日本語", "😀", "\u{0}", "\u{7F}"]
        for _ in 0..<3_000 {
            let text = (0..<Int(generator.next() % 12 + 1)).map { _ in
                String(pieces[Int(generator.next() % UInt64(pieces.count))].prefix(Int(generator.next() % 37)))
            }.joined()
            #expect(HTMLEscaper.escape(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }

    static func reference(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
