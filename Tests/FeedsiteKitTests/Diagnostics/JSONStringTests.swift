import Testing
@testable import FeedsiteKit

@Suite struct JSONStringTests {
    @Test("every control character (C0, DEL and C1, U+0080-U+009F) is written as an escape, never raw",
          arguments: Array(0x00...0x1F) + Array(0x7F...0x9F))
    func controlCharacters(_ value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let quoted = JSONString.quoted("a" + String(Character(scalar)) + "b")
        let named: [Int: String] = [0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"]
        let hex = String(value, radix: 16)
        #expect(quoted == "\"a" + (named[value] ?? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex) + "b\"")
        #expect(quoted.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
    }

    @Test("text beyond the controls stays as it is: U+00A0, é, the euro sign")
    func printable() {
        #expect(JSONString.quoted("\u{A0}é€") == "\"\u{A0}é€\"")
    }
}
