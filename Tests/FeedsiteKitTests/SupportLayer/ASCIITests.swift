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
}
