import Testing
@testable import FeedsiteKit

@Suite struct BuildFingerprintTests {
    static func hash(_ parts: [[UInt8]]) -> UInt64 {
        var hasher = Hasher64()
        for part in parts { hasher.add(part) }
        return hasher.value
    }

    @Test("changing any one byte, in the eight-byte words or in the tail, changes the hash", arguments: [1, 7, 8, 9, 16, 23, 64])
    func everyByteCounts(length: Int) {
        let input = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let original = Self.hash([input])
        var seen: Set<UInt64> = [original]
        for position in 0..<length {
            for flip in [UInt8(1), 0x80] {
                var changed = input
                changed[position] ^= flip
                seen.insert(Self.hash([changed]))
            }
        }
        #expect(seen.count == 1 + 2 * length)
    }

    @Test("where one input ends and the next begins counts, and so does an appended zero byte")
    func boundaries() {
        let ab = Array("ab".utf8), c = Array("c".utf8), a = Array("a".utf8), bc = Array("bc".utf8)
        #expect(Self.hash([ab, c]) != Self.hash([a, bc]))
        #expect(Self.hash([Array(repeating: 7, count: 8)]) != Self.hash([Array(repeating: 7, count: 8) + [0]]))
        #expect(Self.hash([[], ab]) != Self.hash([ab]))
        #expect(Self.hash([ab, c]) == Self.hash([ab, c]))
    }
}
