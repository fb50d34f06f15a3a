import Testing
@testable import FeedsiteKit

/// Vectors written by hand from twitter-text's configuration v3: light ranges U+0000-U+10FF,
/// U+2000-U+200D, U+2010-U+201F, U+2032-U+2037 weigh 1, other code points 2, an emoji 2, a URL 23,
/// all after NFC normalisation.
@Suite struct PostLengthTests {
    /// Characters and the light ranges.
    static let characters: [(String, Int)] = [
        ("hello", 5),
        ("", 0),
        ("café", 4),
        // CJK and kana are outside the light ranges: 2 each.
        ("中文", 4), ("こんにちは", 10), ("。", 2),
        // U+201C/U+201D and U+2032 are in the light ranges; U+2038 is just past the last one.
        ("“quoted”", 8), ("\u{2032}", 1), ("\u{2038}", 2),
        // U+200D alone (not joining emoji) is in the light range U+2000-U+200D.
        ("a\u{200D}b", 3),
    ]

    /// NFC normalisation before weighing.
    static let normalisation: [(String, Int)] = [
        // e + COMBINING ACUTE composes to é: 4 code points, not 5.
        ("cafe\u{301}", 4),
        // q + COMBINING TILDE has no composed form: both stay, both light.
        ("q\u{303}", 2),
        // ANGSTROM SIGN (U+212B, would weigh 2) is a singleton that NFC maps to Å (U+00C5, light).
        ("\u{212B}", 1),
        // Hangul jamo U+1100 U+1161 (above U+10FF: 2 + 2) compose to one syllable U+AC00: 2.
        ("\u{1100}\u{1161}", 2),
        // U+FB2C is excluded from composition: NFC gives three light Hebrew code points, so A + it is 4.
        ("A\u{FB2C}", 4),
    ]

    /// An emoji sequence weighs 2 as a whole.
    static let emoji: [(String, Int)] = [
        ("😀", 2),
        // A skin tone modifier belongs to the emoji before it.
        ("👍🏽", 2),
        // A family joined with three U+200D: 7 code points, one emoji (2 + 1 + 2 + 1 + 2 + 1 + 2 = 11 counted one by one).
        ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 2),
        // Two regional indicators are one flag; two flags are two emoji.
        ("🇫🇷", 2), ("🇫🇷🇩🇪", 4),
        // Tags make the flag of Scotland one emoji.
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
        // Keycaps: 1 + U+FE0F + U+20E3 (1 + 2 + 2 one by one), with or without the variation selector.
        ("1\u{FE0F}\u{20E3}", 2), ("#\u{20E3}", 2),
        // A digit or # alone is text.
        ("1#", 2),
        // ❤ is an emoji with or without U+FE0F; with text presentation U+FE0E it is two heavy code points.
        ("❤", 2), ("❤\u{FE0F}", 2), ("❤\u{FE0E}", 4),
        // © is light text, an emoji (2) only with U+FE0F.
        ("©", 1), ("©\u{FE0F}", 2),
        ("H🐱☺👨\u{200D}👩\u{200D}👧\u{200D}👦", 7),
    ]

    /// Every URL in the text counts 23, with or without scheme.
    static let urls: [(String, Int)] = [
        ("https://example.com", 23), ("HTTPS://EXAMPLE.COM", 23), ("http://example.com/a/very/long/path/that/goes/on", 23),
        ("example.com", 23), ("www.example.co.uk/page", 23),
        // Two URLs and text: 5 + 23 + 1 + 23 + 5.
        ("Read https://a.org/x and b.net today", 5 + 23 + 5 + 23 + 6),
        // Trailing punctuation is not part of the URL: 4 + 23 + 1.
        ("see example.com.", 4 + 23 + 1),
        ("example.com/a, b", 23 + 3),
        ("https://example.com/path?q=1!", 23 + 1),
        // An unbalanced ')' ends the URL; a balanced pair belongs to it.
        ("(see https://example.com/a)", 5 + 23 + 1),
        ("https://en.wikipedia.org/wiki/Swift_(language)", 23),
        // Without scheme, a two-label host under a country code needs a path; t.co always counts.
        ("example.de", 10), ("example.de/x", 23), ("t.co", 23), ("www.example.de", 23),
        // Not URLs: an e-mail address, an unknown top-level domain, no top-level domain at all, a sentence.
        ("alice@example.com", 17), ("example.invalidtld", 18), ("http://localhost:8080", 21), ("version 1.2", 11),
        // .world is a top-level domain, so a missing space makes a link, as on X.
        ("Hello.World", 23),
        // The host ends at its last known top-level domain.
        ("example.com.foo", 23 + 4),
        // A URL may follow CJK text directly (2 + 2 + 23), but not an ASCII letter.
        ("中文example.com", 27), ("xhttps://example.com", 20),
        // After a scheme the host may be in any script.
        ("https://例え.jp/", 23),
        // A URL and an emoji side by side.
        ("😀 https://example.com", 2 + 1 + 23),
    ]

    /// ZWJ sequences: one emoji only when Unicode recommends the sequence (RGI), otherwise its parts.
    static let zwjSequences: [(String, Int)] = [
        // Dog, ZWJ, cat: no such emoji, so 2 + 1 + 2.
        ("🐶\u{200D}🐱", 5),
        (String(repeating: "a", count: 285) + "🐶\u{200D}🐱", 290),
        // Rainbow flag, with and without U+FE0F; technologist; service dog.
        ("🏳\u{FE0F}\u{200D}🌈", 2),
        ("🏳\u{200D}🌈", 2),
        ("🧑\u{200D}💻", 2),
        ("🐕\u{200D}🦺", 2),
        // A recommended family followed by ZWJ and a dog: the family, then the parts.
        ("👨\u{200D}👩\u{200D}👧\u{200D}👦\u{200D}🐶", 2 + 1 + 2),
        // Three parts of which only the first two are a recommended sequence (man technologist, then ZWJ cat).
        ("👨\u{200D}💻\u{200D}🐱", 2 + 1 + 2),
    ]

    @Test("a ZWJ sequence is one emoji only when it is a recommended (RGI) sequence", arguments: zwjSequences)
    func zwjSequence(_ text: String, _ expected: Int) {
        #expect(PostLength.weight(of: text) == expected, "\(text)")
    }

    @Test("each hand-written vector weighs as X counts it", arguments: characters + normalisation + emoji + urls)
    func weight(_ text: String, _ expected: Int) {
        #expect(PostLength.weight(of: text) == expected, "\(text)")
    }

    /// Code points around emoji: keycap bases and parts, variation selectors, skin tones, tags, regional
    /// indicators, light and heavy text, combining marks, controls, a Prepend and a SpacingMark.
    static let pieces: [Unicode.Scalar] = [
        "a", "#", "*", "1", " ", "\n", "\r", "\u{7}", "\u{85}", "©", "®", "é", "\u{301}", "中", "\u{1100}", "\u{1161}",
        "\u{600}", "\u{903}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{1F3FB}", "\u{1F3FF}", "\u{E0067}", "\u{E007F}",
        "\u{1F1EB}", "\u{1F1F7}", "😀", "❤", "☺", "🏴", "👍", "\u{2032}", "\u{2038}",
    ]

    @Test("without U+200D, weighing code points in one pass agrees with weighing each character on its own")
    func onePassAgreesWithCharacters() {
        var generator = SeededGenerator(seed: 22)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12) + 1
            let scalars = (0..<length).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            let onePass = PostLength.weightOfScalars(scalars[...])
            let byCharacters = PostLength.weightByCharacters(scalars[...])
            #expect(onePass == byCharacters, "\(scalars.map { String($0.value, radix: 16) })")
            if onePass != byCharacters { return }
        }
    }

    @Test("long runs of joiners, selectors and emoji weigh in linear time", .timeLimit(.minutes(1)), arguments: [
        "👨" + String(repeating: "\u{FE0F}", count: 50_000) + String(repeating: "\u{200D}👨", count: 50_000),
        String(repeating: "1\u{FE0F}", count: 100_000), String(repeating: "e\u{301}", count: 100_000),
    ])
    func linear(_ text: String) {
        // One character of 150,000 code points: copying the rest of it for each code point took hours.
        #expect(PostLength.weight(of: text) > PostLength.limit)
    }
}

