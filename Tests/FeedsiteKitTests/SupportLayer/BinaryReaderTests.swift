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

    @Test("a text whose length runs past the end is refused")
    func pastTheEnd() {
        var out = BinaryWriter()
        out.add(5)
        out.add(encoded: Array("abcd".utf8)[...])
        var reader = BinaryReader(out.bytes)
        #expect(throws: BinaryReader.Malformed.self) { try reader.string() }
    }
}
