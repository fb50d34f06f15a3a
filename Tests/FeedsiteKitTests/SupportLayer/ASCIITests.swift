import Testing
@testable import FeedsiteKit

@Suite struct ASCIITests {
    @Test("the byte classes match Character's ASCII definitions on all 256 bytes")
    func classes() {
        for value in 0...255 {
            let byte = UInt8(value)
            let character = Character(Unicode.Scalar(byte))
            let ascii = byte < 0x80
            #expect(byte.isASCIIDigit == (ascii && character.isNumber), "\(byte)")
            #expect(byte.isASCIIAlpha == (ascii && character.isLetter), "\(byte)")
            #expect(byte.isASCIIAlphanumeric == (ascii && (character.isLetter || character.isNumber)), "\(byte)")
            #expect(byte.isASCIIUpper == (ascii && character.isUppercase), "\(byte)")
            #expect(byte.isASCIIOctalDigit == (ascii && character.isNumber && byte < UInt8(ascii: "8")), "\(byte)")
            #expect(byte.hexDigitValue.map(Int.init) == (ascii ? character.hexDigitValue : nil), "\(byte)")
            #expect(byte.isASCIIHexDigit == (ascii && character.isHexDigit), "\(byte)")
            #expect(byte.asciiLowercased == (byte.isASCIIUpper ? Array(character.lowercased().utf8)[0] : byte), "\(byte)")
        }
    }

    @Test("trimmingSpaces drops spaces, tabs and line breaks at both ends only", arguments: [
        ("  a b\t", "a b"), ("\r\n x \r\n", "x"), ("\n\t ", ""), ("", ""), ("é", "é"),
    ])
    func trimming(text: String, expected: String) {
        #expect(text.trimmingSpaces == expected[...])
        #expect(text[...].trimmingSpaces == expected[...])
    }

    @Test("trimmingSpaces, which returns text that starts and ends with no space byte as it is, trims as Characters do, also with combining marks")
    func trimmingAsCharacters() {
        var generator = SeededGenerator(seed: 23)
        let pieces = [" ", "\t", "\n", "\r", "\r\n", "\u{301}", "\u{200D}", "\u{A0}", "\u{3000}", "\u{85}", "a", "é", "😀", "e\u{301}"]
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        for _ in 0..<3_000 {
            let text = (0..<Int(generator.next() % 7)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let expected = text.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
            #expect(text.trimmingSpaces == String(expected), "\(text.debugDescription)")
            #expect(Array(text.trimmingSpaces.utf8) == Array(String(expected).utf8), "\(text.debugDescription)")
            #expect(text[...].trimmingSpaces == String(expected), "\(text.debugDescription)")
        }
    }

    @Test("isOnlySpaces, read from the bytes, says what trimmingSpaces, read by Characters, says, also with combining marks and other white space")
    func onlySpacesAsTrimming() {
        var generator = SeededGenerator(seed: 22)
        let pieces = [" ", "\t", "\n", "\r", "\r\n", "\u{301}", "\u{200D}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}", "\u{0}",
                      "\u{FEFF}", "a", "é", "😀"]
        var texts = ["", " \u{301}", "\r\u{301}\n", "\n\u{200D}", "\u{A0}", "\r\n\r"]
        for _ in 0..<3_000 {
            texts.append((0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        for text in texts {
            #expect(text.isOnlySpaces == text.trimmingSpaces.isEmpty, "\(text.debugDescription)")
            #expect(text[...].isOnlySpaces == text[...].trimmingSpaces.isEmpty, "\(text.debugDescription)")
        }
    }
}
