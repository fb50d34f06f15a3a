import Testing
@testable import FeedsiteKit

/// The sanitizer reads names, attributes and text from their bytes and writes its output without
/// validating it again: hostile names, attributes, bytes and references give what the rules say.
extension HTMLSanitizerTests {
    @Test("elements are told apart by their names' bytes: any case, near misses, long names, NUL and combining marks", arguments: [
        ("<P>a</P>", "<p>a</p>"), ("<H6>t</h6>x", "<p>t</p>x"), ("<h7>t</h7>", "t"), ("<h1\u{301}>t</h1\u{301}>", "t"),
        ("<scripts>x</scripts>y", "xy"), ("<scrip>x</scrip>", "x"), ("<EMBED src=x>a</embed>b", "ab"), ("<embed>a", "a"),
        ("<img alt=\"a &amp; b\" src=x>c", "a &amp; bc"), ("<IMG ALT=\"\u{E9}\">", "\u{E9}"), ("<blockquoteblockquote>x</blockquoteblockquote>", "x"),
        ("<aaaaaaaaaaaaaaaa>x", "x"), ("<pre\u{0}>x</pre\u{0}>", "x"), ("<p\u{0}>x", "x"), ("<stron>x</stron>", "x"), ("<strongg>x", "x"),
        ("<svg><p>x</p></svg>y", "y"), ("<SvG><p>x</p></sVg>y", "y"), ("<b>x</B><BR><Hr>", "<b>x</b><br><hr>"), ("<\u{E9}>x", "&lt;\u{E9}&gt;x"),
        ("<xmp><p>x</p></xmp>y", "y"), ("<noembed>x</noembed>y", "y"), ("<wbr>x", "x"), ("<abbr>a</abbr><dl><dt>t<dd>d</dl>", "<abbr>a</abbr><dl><dt>t<dd>d</dd></dt></dl>"),
    ])
    func elementNames(input: String, expected: String) {
        #expect(Self.sanitizer.sanitize(input) == expected)
    }

    @Test("attributes are told apart by their names' bytes: any case, the first of a repeated name, in their order, near misses dropped", arguments: [
        ("<p TITLE=\"t\" LANG=fr DIR=RTL>x</p>", "<p title=\"t\" lang=\"fr\" dir=\"rtl\">x</p>"),
        ("<p dir=\"Auto\" title='a\"b'>x", "<p dir=\"auto\" title=\"a&quot;b\">x</p>"),
        ("<p dir=\"sideways\" titles=x lan=y hre=z>x", "<p>x</p>"),
        ("<p dir=\"ltr\u{301}\">x", "<p>x</p>"),
        ("<a HREF=\"https://a.example/\" href=\"javascript:x\" title=1 title=2>x</a>",
         "<a href=\"https://a.example/\" title=\"1\" rel=\"nofollow ugc noopener noreferrer\">x</a>"),
        ("<a title=\"t\" href=\"https://a.example/\">x</a>", "<a title=\"t\" href=\"https://a.example/\" rel=\"nofollow ugc noopener noreferrer\">x</a>"),
        ("<p href=\"https://a.example/\">x", "<p>x</p>"),
        ("<a hr\u{0}ef=\"https://a.example/\">x</a>", "<a rel=\"nofollow ugc noopener noreferrer\">x</a>"),
        ("<abbr title=\"a\u{1}b\u{85}c" + String(Unicode.Scalar(0xFDD0)!) + "d\">x</abbr>", "<abbr title=\"abcd\">x</abbr>"),
    ])
    func attributeNames(input: String, expected: String) {
        #expect(Self.sanitizer.sanitize(input) == expected)
    }

    @Test("a character to remove is left out of text wherever it is, next to escaped characters or among letters, and the rest escaped")
    func removedAtEveryOffset() {
        // Noncharacters have no literal: written as numbers.
        let removed = Set([0x0, 0x1, 0x7, 0xB, 0xC, 0xD, 0x1F, 0x7F, 0x80, 0x85, 0x9F, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]
            .map { Unicode.Scalar(UInt32($0))! })
        let kept = [0x9, 0xA, 0xA0, 0xFDCF, 0xFFFD, 0x1F600, 0xE9].map { Unicode.Scalar(UInt32($0))! }
        let scalars = removed.sorted { $0.value < $1.value } + kept
        // What the tokenizer reads as themselves in text, and how the output writes them.
        let pieces: [(input: String, output: String)] = [("a", "a"), ("\u{E9}", "\u{E9}"), ("\"", "&quot;"), ("'", "&#39;"), (">", "&gt;"),
                                                         ("&amp;", "&amp;"), ("&lt;", "&lt;"), ("\u{4E2D}", "\u{4E2D}"), ("\u{1F600}", "\u{1F600}")]
        var generator = SeededGenerator(seed: 23)
        for scalar in scalars {
            for before in 0...19 {
                var input = "<p>", expected = "<p>"
                for (part, count) in [before, 9].enumerated() {
                    for _ in 0..<count {
                        let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                        input += piece.input
                        expected += piece.output
                    }
                    if part == 0 {
                        input.unicodeScalars.append(scalar)
                        if !removed.contains(scalar) { expected.unicodeScalars.append(scalar) }
                    }
                }
                #expect(Self.sanitizer.sanitize(input) == expected + "</p>", "U+\(String(scalar.value, radix: 16)) after \(before) pieces")
            }
        }
    }

    @Test("invalid UTF-8, repaired before it reaches the sanitizer, comes out as U+FFFD in text, attribute values and alt text")
    func repairedUTF8() {
        let bytes: [UInt8] = Array("<p title=\"a".utf8) + [0xFF] + Array("b\">c".utf8) + [0xC3] + Array("d<img alt=\"".utf8) + [0xE2, 0x82]
            + Array("\">e".utf8) + [0xED, 0xA0, 0x80] + Array("f".utf8) + [0xF0, 0x9F, 0x98]
        let output = Self.sanitizer.sanitize(String(decoding: bytes, as: UTF8.self))
        #expect(output == "<p title=\"a\u{FFFD}b\">c\u{FFFD}d\u{FFFD}e\u{FFFD}\u{FFFD}\u{FFFD}f\u{FFFD}</p>")
    }

    @Test("references come out as a browser reads them: surrogates, zero and code points past Unicode as U+FFFD, C1 as Windows-1252, controls left out")
    func references() {
        #expect(Self.sanitizer.sanitize("a&#xD800;b&#0;c&#x110000;d&#x85;e&#x81;f&#1;g&#x1F600;h&#xFFFE;i&zzz;j&amp")
            == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{2026}efg\u{1F600}hi&amp;zzz;j&amp;")
    }

    @Test("an attribute value and a text of hundreds of kilobytes come out whole, escaped")
    func hugeValues() {
        let value = String(repeating: "x&amp;\u{E9}\"", count: 40_000)
        let text = String(repeating: "\u{4E2D}<b>&lt;'\u{1F600}</b>", count: 20_000)
        let output = Self.sanitizer.sanitize("<abbr title='\(value)'>\(text)</abbr>")
        #expect(output == "<abbr title=\"" + String(repeating: "x&amp;\u{E9}&quot;", count: 40_000) + "\">"
            + String(repeating: "\u{4E2D}<b>&lt;&#39;\u{1F600}</b>", count: 20_000) + "</abbr>")
    }

    @Test("the output of hostile mixes with broken UTF-8 and every kind of character is valid UTF-8, as a String validated from its bytes")
    func validOutput() {
        var generator = SeededGenerator(seed: 2323)
        let pieces: [[UInt8]] = Self.fragments.map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
            [0x00], [0x0D], [0x85], Array(("\u{E9}\u{85}" + [0xFDEF, 0x1FFFF].map { String(Unicode.Scalar(UInt32($0))!) }.joined() + "\u{4E2D}").utf8), Array("&#x85;&#0;&#xD800;&nbsp;&notin;&#x1F600;".utf8),
            Array("<p title=\"".utf8), Array("<img alt='".utf8), Array("<a href=\"https://a.example/\u{E9}".utf8), Array("<p dir=".utf8)]
        for round in 0..<3_000 {
            let bytes = (0..<Int(generator.next() % 16 + 1)).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let output = Self.sanitizer.sanitize(String(decoding: bytes, as: UTF8.self))
            let validated = String(validating: Array(output.utf8), as: UTF8.self)
            #expect(validated == output && validated.map { Array($0.utf8) } == Array(output.utf8), "round \(round)")
        }
    }
}
