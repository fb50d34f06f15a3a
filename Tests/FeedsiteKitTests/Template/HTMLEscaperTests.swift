import Testing
@testable import FeedsiteKit

@Suite struct HTMLEscaperTests {
    /// The five characters escaped, written out by hand.
    static let escapes: [UInt8: String] = [
        UInt8(ascii: "&"): "&amp;", UInt8(ascii: "<"): "&lt;", UInt8(ascii: ">"): "&gt;", UInt8(ascii: "\""): "&quot;", UInt8(ascii: "'"): "&#39;",
    ]

    /// Bytes the word-at-a-time test must tell apart: the five, their neighbours, NUL, and the UTF-8 bytes of é and 😀.
    static let alphabet: [UInt8] = Array("&<>\"'%;=?a ".utf8) + [0, 0x21, 0x25, 0x28, 0x3B, 0x3D, 0x3F, 0xA6, 0xBC, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80]

    @Test("text is escaped byte by byte as written out by hand, wherever the special characters fall in a word of eight")
    func generatedText() {
        var generator = SeededGenerator(seed: 2022)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))] }
            var output: [UInt8] = []
            bytes.withUnsafeBufferPointer { HTMLEscaper.append($0, to: &output) }
            let expected = bytes.flatMap { Self.escapes[$0].map { Array($0.utf8) } ?? [$0] }
            #expect(output == expected, "\(bytes)")
            if output != expected { return }
        }
    }

    @Test("escaping appends to what the buffer holds", arguments: ["", "plain text longer than a word", "a<b", "'''''''''"])
    func appends(_ text: String) {
        var output = Array("kept".utf8)
        HTMLEscaper.append(text, to: &output)
        #expect(output == Array("kept".utf8) + text.utf8.flatMap { Self.escapes[$0].map { Array($0.utf8) } ?? [$0] })
    }
}
