import Testing
@testable import FeedsiteKit

/// A plain JSON string is taken as it is only when the reader would read the very same text and
/// removing control characters would change nothing; everything else is left to the reader.
@Suite struct JSONPlainStringTests {
    /// What the reader makes of the string whose body (after the opening quote) is `body`: its text
    /// and where its closing quote is, or nil when it reports an error.
    static func read(_ body: [UInt8]) -> (text: String, end: Int)? {
        var reader = JSONReader([UInt8(ascii: "\"")] + body, file: "")
        guard let text = try? reader.readStringToken() else { return nil }
        return (text, reader.index - 2)
    }

    /// What `find` and `string` make of `body`: its text and where its closing quote is, or nil.
    static func plain(_ body: [UInt8]) -> (text: String, end: Int)? {
        let source = [UInt8(ascii: "\"")] + body
        guard let found = source.withUnsafeBufferPointer({ JSONPlainString.find(in: $0, from: 1) }) else { return nil }
        var scratch: [UInt8] = []
        return (JSONPlainString.string(found, of: source, scratch: &scratch), found.bytes.upperBound - 1)
    }

    /// A body as bytes: `text` (which may hold any character), the closing quote, then more JSON.
    static func body(_ text: String) -> [UInt8] { Array(text.utf8) + Array("\", \"b\": 1}".utf8) }

    static let found: [String] = [
        "", "a", "plain ASCII longer than a word of eight bytes, and then some more", "café naïve Ünïcode über déjà vu",
        "漢字かな交じり文", "😀 and 🇫🇷", #"a \"quoted\" word"#, #"back\\slash and \/ slash"#,
        #"\n\r\t"#, #"\u00e9\u00E9 \u20ac \u2028\u2029 \u0041"#, #"<a href=\"https://example.com/?a=1&amp;b=2\">x</a>"#,
        "\u{A0}\u{FDCF}\u{FDF0}\u{FFFD}\u{10000}\u{10FFFD}",
    ]

    @Test("what writers write is found, and reads as the reader reads it", arguments: found)
    func plainStrings(_ text: String) throws {
        let bytes = Self.body(text)
        let plain = try #require(Self.plain(bytes))
        let read = try #require(Self.read(bytes))
        #expect(plain.text == read.text)
        #expect(Array(plain.text.utf8) == Array(read.text.utf8))
        #expect(plain.end == read.end)
        #expect(ControlCharacters.removed(from: plain.text) == plain.text)
        #expect(plain.text.utf8.allSatisfy { $0 < 0x80 } == plain.text.unicodeScalars.allSatisfy(\.isASCII))
    }

    /// Bodies (bytes after the opening quote) that must go the reader's way.
    static let notFound: [(String, [UInt8])] = [
        ("no closing quote", Array("abc".utf8)),
        ("a raw control character", Array("a\u{1}b\"".utf8)),
        ("a raw line feed", Array("a\nb\"".utf8)),
        ("DEL", Array("a\u{7F}\"".utf8)),
        ("a C1 control", [0x61, 0xC2, 0x85, 0x22]),
        ("U+FDD0", [0xEF, 0xB7, 0x90, 0x22]),
        ("U+FDEF", [0xEF, 0xB7, 0xAF, 0x22]),
        ("U+FFFE", [0xEF, 0xBF, 0xBE, 0x22]),
        ("U+1FFFF", [0xF0, 0x9F, 0xBF, 0xBF, 0x22]),
        ("U+10FFFF", [0xF4, 0x8F, 0xBF, 0xBF, 0x22]),
        ("a lone continuation byte", [0x61, 0x80, 0x22]),
        ("an overlong slash", [0xC0, 0xAF, 0x22]),
        ("an overlong three-byte form", [0xE0, 0x80, 0xAF, 0x22]),
        ("an overlong four-byte form", [0xF0, 0x80, 0x80, 0xAF, 0x22]),
        ("a surrogate in UTF-8", [0xED, 0xA0, 0x80, 0x22]),
        ("a code point above U+10FFFF", [0xF4, 0x90, 0x80, 0x80, 0x22]),
        ("the byte F5", [0xF5, 0x80, 0x80, 0x80, 0x22]),
        ("the byte FF", [0xFF, 0x22]),
        ("a lead byte cut by the quote", [0x61, 0xC3, 0x22]),
        ("a three-byte character cut by the end", [0xE6, 0xBC]),
        ("an escaped backspace", Array(#"a\bc""#.utf8)),
        ("an escaped form feed", Array(#"a\fc""#.utf8)),
        ("an escaped NUL", Array(#"\u0000""#.utf8)),
        ("an escaped BEL", Array(#"\u0007""#.utf8)),
        ("an escaped DEL", Array(#"\u007f""#.utf8)),
        ("an escaped C1 control", Array(#"\u009F""#.utf8)),
        ("an escaped noncharacter", Array(#"\uFFFE""#.utf8)),
        ("an escaped U+FDD0", Array(#"\ufdd0""#.utf8)),
        ("an escaped surrogate pair", Array(#"\ud83d\ude00""#.utf8)),
        ("an escaped lone surrogate", Array(#"\ud800x""#.utf8)),
        ("an unknown escape", Array(#"\x41""#.utf8)),
        ("a short \\u escape", Array(#"\u12""#.utf8)),
        ("a \\u escape that is not hex", Array(#"\u12G4""#.utf8)),
        ("a backslash at the end", Array(#"a\"#.utf8)),
    ]

    @Test("anything else is left to the reader", arguments: notFound)
    func leftToReader(_ name: String, _ bytes: [UInt8]) {
        #expect(Self.plain(bytes) == nil, "\(name)")
    }

    @Test("a character that stops the eight-byte steps is found at every offset from a word's start")
    func offsets() {
        let stoppers: [[UInt8]] = [[0x22], [0x5C, 0x6E], [0x01], [0x7F], [0xC3, 0xA9], [0xC2, 0x85], [0xE2, 0x82, 0xAC], [0xEF, 0xBF, 0xBE],
                                   [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xFF]]
        for stopper in stoppers {
            for before in 0..<17 {
                for after in [0, 1, 7, 8, 9] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + stopper + Array(repeating: UInt8(ascii: "b"), count: after)
                        + Array("\" tail".utf8)
                    let plain = Self.plain(bytes), read = Self.read(bytes)
                    let clean = read.map { ControlCharacters.removed(from: $0.text) == $0.text } ?? false
                    if let plain, let read {
                        #expect(plain.text == read.text && plain.end == read.end, "\(stopper) after \(before) bytes")
                        #expect(clean, "\(stopper) after \(before) bytes")
                    } else {
                        // Only escapes of other kinds than `\n` may be left over: here every readable, clean string is found.
                        #expect(plain == nil && !(read != nil && clean), "\(stopper) after \(before) bytes: found \(plain != nil), read \(read != nil)")
                    }
                }
            }
        }
    }

    @Test("two-byte characters, whole, cut or removed, are found or left at every offset of the sixteen-byte steps")
    func twoByteCharacters() {
        let runs: [[UInt8]] = [[0xC3, 0xA9], [0xDF, 0xBF], [0xC3, 0xA9, 0xC3, 0xA9], Array(repeating: [0xC3, 0xA9], count: 8).flatMap { $0 },
                               Array(repeating: [0xC3, 0xA9], count: 9).flatMap { $0 }, [0xC3, 0xC3, 0xA9], [0xC3, 0xA9, 0xA9], [0xC3], [0xA9],
                               [0xC2, 0xA0], [0xC2, 0x85], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0xA0], [0xE2, 0x82, 0xAC], [0xC3, 0xA9, 0x22],
                               [0xC3, 0xA9, 0x5C, 0x6E], [0xC3, 0xA9, 0x01], [0xC3, 0xA9, 0xEF, 0xBF, 0xBE], [0xC3, 0x22, 0xA9]]
        for run in runs {
            for before in 0..<34 {
                for after in [0, 1, 2, 14, 15, 16, 17] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + run + Array(repeating: UInt8(ascii: "b"), count: after)
                        + Array("\" and more JSON after it".utf8)
                    let plain = Self.plain(bytes), read = Self.read(bytes)
                    let expected = read.flatMap { ControlCharacters.removed(from: $0.text) == $0.text ? $0 : nil }
                    #expect(plain?.text == expected?.text && plain?.end == expected?.end, "\(run) after \(before) bytes, \(after) after it")
                }
            }
        }
    }

    @Test("on 20,000 seeded longer mixes of ASCII runs and two-byte characters, found exactly when the reader reads a clean string")
    func longMixes() {
        let pieces: [[UInt8]] = [Array("plain words".utf8), Array("0123456789abcdef".utf8), [0x20], [0xC3, 0xA9], [0xC3, 0xA9], [0xDF, 0xBF],
                                 [0xC2, 0xA0], [0xC2, 0x85], [0xC3], [0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x22], [0x5C, 0x6E],
                                 [0x5C, 0x22], [0x01], [0x7F], [0xFF]]
        var generator = SeededGenerator(seed: 24)
        for _ in 0..<20_000 {
            // Mostly ASCII runs and whole two-byte characters, so that many strings are long and found.
            let count = Int(generator.next() % 40)
            let bytes = (0..<count).flatMap { _ in
                let roll = Int(generator.next() % 64)
                return pieces[roll < 60 ? roll % 4 : Int(generator.next() % UInt64(pieces.count))]
            } + Array("\", \"b\": 1}".utf8)
            let plain = Self.plain(bytes), read = Self.read(bytes)
            let expected = read.flatMap { ControlCharacters.removed(from: $0.text) == $0.text ? $0 : nil }
            guard plain?.text == expected?.text, plain?.end == expected?.end, plain.map({ Array($0.text.utf8) }) == expected.map({ Array($0.text.utf8) }) else {
                Issue.record("\(bytes): found \(String(describing: plain)), expected \(String(describing: expected))")
                return
            }
        }
    }

    @Test("on 20,000 seeded mixes of bytes without backslashes, found exactly when the reader reads a clean string")
    func mixes() {
        let pieces: [[UInt8]] = [[0x61], Array("plain words".utf8), [0x20], [0x22], [0x01], [0x0A], [0x7F], [0xC3, 0xA9], [0xC2, 0x85], [0xC2, 0xA0],
                                 [0xC3], [0xA9], [0xE6, 0xBC, 0xA2], [0xED, 0xA0, 0x80], [0xEF, 0xB7, 0x90], [0xEF, 0xBF, 0xBD], [0xEF, 0xBF, 0xBF],
                                 [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBE], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], [0xFF]]
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let plain = Self.plain(bytes), read = Self.read(bytes)
            let expected = read.flatMap { ControlCharacters.removed(from: $0.text) == $0.text ? $0 : nil }
            guard plain?.text == expected?.text, plain?.end == expected?.end else {
                Issue.record("\(bytes): found \(String(describing: plain)), expected \(String(describing: expected))")
                return
            }
        }
    }
}
