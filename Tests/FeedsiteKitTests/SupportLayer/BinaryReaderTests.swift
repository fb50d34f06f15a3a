import Testing
@testable import FeedsiteKit

@Suite struct BinaryReaderTests {
    /// A text of `bytes` (written as `BinaryWriter` writes a length and bytes, whatever they are), then the text "next".
    static func stream(_ bytes: [UInt8]) -> [UInt8] {
        var out = BinaryWriter()
        out.add(bytes.count)
        out.add(encoded: bytes[...])
        out.add("next")
        return out.bytes
    }

    @Test("a text is read when its bytes are UTF-8 and refused when they are not, as the standard library decides, after ASCII of any length")
    func texts() throws {
        for piece in UTF8ValidatorTests.pieces {
            for before in [0, 1, 15, 16, 17, 31] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + piece
                var reader = BinaryReader(Self.stream(bytes))
                if let expected = String(validating: bytes, as: UTF8.self) {
                    #expect(try reader.string() == expected)
                    #expect(try reader.string() == "next")
                    #expect(reader.isAtEnd)
                } else {
                    #expect(throws: BinaryReader.Malformed.self) { try reader.string() }
                }
            }
        }
    }

    @Test("a text whose length runs past the end is refused")
    func pastTheEnd() {
        var out = BinaryWriter()
        out.add(5)
        out.add(encoded: Array("abcd".utf8)[...])
        var reader = BinaryReader(out.bytes)
        #expect(throws: BinaryReader.Malformed.self) { try reader.string() }
    }
}
