import Testing
@testable import FeedsiteKit

/// `PostExcerpt.shortened` reads a text of scalars below U+0300 as UTF-8 bytes; it must cut every text as
/// the character-by-character reading does.
@Suite struct PostExcerptTests {
    /// Pieces of text: letters of one and two UTF-8 bytes, every kind of white space a post may hold (CR LF,
    /// NEL, no-break space, line separator), and scalars that join their neighbours (combining marks, a joiner,
    /// a variation selector, flags) or are wider (emoji, CJK), which the byte reading leaves to the other.
    static let pieces = ["a", "Z", "é", "Ü", "ɐ", "ʼ", "ß", "&", "<", "1", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}",
                         "\u{85}", "\u{A0}", "\u{AD}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{3000}", "e\u{301}", " \u{301}", "\u{200D}",
                         "\u{FE0F}", "🇺🇳", "😀", "字", "word", "longerword", "x y"]

    @Test("the byte reading cuts 20,000 generated texts exactly as the character reading does, and reads most of them itself")
    func sameAsCharacters() {
        var generator = SeededGenerator(seed: 22)
        var byBytes = 0
        for round in 0..<20_000 {
            // Every fourth text only of pieces below U+0300, so that the byte reading has its share.
            let pool = round % 4 == 0 ? Self.pieces.filter { $0.unicodeScalars.allSatisfy { $0.value < 0x300 } } : Self.pieces
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            let limit = Int.random(in: 1...30, using: &generator)
            let expected = PostExcerpt.shortenedByCharacters(text, limit: limit)
            if let fast = PostExcerpt.shortenedByScalars(text, limit: limit) {
                byBytes += 1
                #expect(fast == expected, "\(text.debugDescription), limit \(limit)")
                #expect(Array(fast.utf8) == Array(expected.utf8), "\(text.debugDescription), limit \(limit)")
            }
            #expect(PostExcerpt.shortened(text, limit: limit) == expected)
        }
        #expect(byBytes > 5_000)
    }

    @Test("text with a scalar at or above U+0300 is left to the character reading", arguments: ["e\u{301}", "a\u{300}b", "😀", "字", "\u{2028}"])
    func declines(text: String) {
        #expect(PostExcerpt.shortenedByScalars("plain " + text + " words", limit: 5) == nil)
    }
}
