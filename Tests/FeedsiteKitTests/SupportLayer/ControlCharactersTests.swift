import Testing
@testable import FeedsiteKit

@Suite struct ControlCharactersTests {
    @Test("the byte scan finds exactly the characters isRemoved names, for every code point, alone, between others and at the end")
    func everyCodePoint() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)é", "😀\(scalar)", "abcdefg\(scalar)hijklmnopq"] {
                var text = text
                if text.withUTF8(ControlCharacters.containsRemoved) != ControlCharacters.isRemoved(scalar) { mismatches.append(value) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("in long text, a removed character is found at every offset, also where eight bytes are looked at at once")
    func everyOffset() {
        let scalars = (UInt32(0)...0x7FF).compactMap(Unicode.Scalar.init) + [0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]
            .compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for offset in 0...17 {
                var text = String(repeating: "a", count: offset) + String(scalar) + String(repeating: "b", count: 24 - offset)
                #expect(text.withUTF8(ControlCharacters.containsRemoved) == ControlCharacters.isRemoved(scalar), "U+\(String(scalar.value, radix: 16)) at \(offset)")
            }
        }
    }

    @Test("between letters of two, three and four bytes, a removed character is found at every offset", arguments: ["é", "ü", "д", "中", "\u{A0}", "😀"])
    func everyOffsetAmongLetters(_ letter: String) {
        let scalars = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xE9, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0,
                       0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1FFFD, 0x1FFFE, 0x1FFFF, 0x10FFFE, 0x10FFFF].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for before in 0...9 {
                for after in [0, 1, 7, 12] {
                    var text = String(repeating: letter + "a", count: before / 2) + (before % 2 == 1 ? letter : "") + String(scalar)
                        + String(repeating: "b" + letter, count: after)
                    let expected = ControlCharacters.isRemoved(scalar)
                    #expect(text.withUTF8(ControlCharacters.containsRemoved) == expected, "U+\(String(scalar.value, radix: 16)) after \(before) letters")
                }
            }
        }
    }

    @Test("removed(from:) leaves out the same characters as before, and gives back text without them as it is", arguments: [
        ("plain", "plain"), ("tab\tline\ncr\r", "tab\tline\ncr\r"), ("a\u{1}b\u{7F}c\u{85}d\u{9F}", "abcd"),
        ("é\u{A0}«»", "é\u{A0}«»"), ("x" + [0xFDD0, 0xFDEF, 0xFFFE, 0x1FFFF, 0x10FFFE].map { String(Unicode.Scalar($0)!) }.joined() + "\u{FDF0}", "x\u{FDF0}"), ("😀", "😀"),
    ])
    func removed(input: String, expected: String) {
        #expect(ControlCharacters.removed(from: input) == expected)
    }
}
