import Testing
@testable import FeedsiteKit

/// Whether a text is one run of its source or many pieces, long or short, it comes out as the String joined from them.
@Suite struct TextPiecesTests {
    static let source = "caf\u{E9} na\u{EF}ve \u{4E2D}\u{6587} \u{1F600} plain ascii words and more " + String(repeating: "\u{FC}ber d\u{E9}j\u{E0} vu ", count: 40)

    /// The offsets between characters of `source`.
    static let boundaries: [Int] = {
        var offsets = [0]
        var offset = 0
        for scalar in source.unicodeScalars {
            offset += UTF8.width(scalar)
            offsets.append(offset)
        }
        return offsets
    }()

    @Test("any mix of runs, characters and strings, long or short, gives the String joined from the same pieces")
    func sameAsJoined() {
        var generator = SeededGenerator(seed: 22)
        let others: [String] = ["&", " ", "\n", "\u{E9}", "\u{1F600}", "<p>", "\u{85}"]
        let bytes = Array(Self.source.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var pieces = TextPieces(source: Self.source, sourceBytes: buffer)
            for round in 0..<2_000 {
                var expected = ""
                // Early rounds have long runs, later ones short, some mixed.
                let maximumRun = round < 700 ? Self.boundaries.count - 1 : round < 1_400 ? 8 : (round % 2 == 0 ? 3 : 200)
                for _ in 0..<Int(generator.next() % 40) {
                    switch generator.next() % 4 {
                    case 0:
                        let other = others[Int(generator.next() % UInt64(others.count))]
                        pieces.append(other)
                        expected += other
                    case 1:
                        let scalar = others[Int(generator.next() % UInt64(others.count))].unicodeScalars.first!
                        pieces.append(scalar)
                        expected.unicodeScalars.append(scalar)
                    default:
                        let start = Int(generator.next() % UInt64(Self.boundaries.count))
                        let end = min(Self.boundaries.count - 1, start + Int(generator.next() % UInt64(maximumRun + 1)))
                        let range = Self.boundaries[start]..<Self.boundaries[end]
                        pieces.appendRun(range)
                        expected += String(decoding: bytes[range], as: UTF8.self)
                    }
                }
                #expect(pieces.isEmpty == expected.isEmpty)
                let text = pieces.take()
                #expect(text == expected && Array(text.utf8) == Array(expected.utf8), "round \(round)")
                #expect(pieces.isEmpty)
            }
        }
    }

    @Test("one run is that slice of the source, the whole source when it covers it")
    func oneRun() {
        let bytes = Array(Self.source.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var pieces = TextPieces(source: Self.source, sourceBytes: buffer)
            pieces.appendRun(0..<bytes.count)
            #expect(pieces.take() == Self.source)
            pieces.appendRun(Self.boundaries[3]..<Self.boundaries[10])
            #expect(pieces.take() == "\u{E9} na\u{EF}ve")
        }
    }
}
