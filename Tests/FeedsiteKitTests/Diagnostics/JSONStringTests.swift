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

    @Test("the bytes are what the scalar-by-scalar version wrote: at the ends, next to the lead bytes C2 and E2 it looks at, at every place of an eight-byte step, and in 3,000 mixes")
    func sameAsBefore() {
        let pieces = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "\u{BF}", "é", "\u{2028}", "\u{2029}",
                      "\u{2027}", "\u{202A}", "\u{2000}", "€", "\u{20AC}\u{2028}", "\u{E000}", "😀", "a", "ab c", "</script>", "é\u{301}", "\r\n"]
        var inputs = pieces + ["", "plain text", String(repeating: "x", count: 100) + "\u{2029}"]
        // Each piece at each offset of the eight-byte steps, ending in them or in the bytes after them.
        for piece in pieces {
            for before in 0..<17 {
                inputs.append(String(repeating: "a", count: before) + piece + String(repeating: "é", count: (17 - before) / 2))
                inputs.append(String(repeating: "ü", count: before) + piece)
            }
        }
        var generator = SeededGenerator(seed: 22)
        for _ in 0..<3_000 {
            inputs.append((0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        for input in inputs {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            JSONString.append(input, to: &bytes)
            #expect(bytes == [UInt8(ascii: "x")] + Array(Self.reference(input).utf8), "\(input.debugDescription)")
            #expect(JSONString.quoted(input) == Self.reference(input), "\(input.debugDescription)")
        }
    }
}

private extension JSONStringTests {
    /// The first `JSONString.quoted`, scalar by scalar.
    static func reference(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
