import Testing
@testable import FeedsiteKit

/// White space collapsed while the text is appended, in runs and strings, is what collapsing the joined
/// text gives.
@Suite struct CollapsedTextTests {
    static let source = " \t caf\u{E9}  na\u{EF}ve\r\n\u{4E2D}\u{6587}\u{0C}\u{1F600} a  b \n" + String(repeating: "\u{FC}ber d\u{E9}j\u{E0} vu \t", count: 30) + "  "

    /// The offsets between scalars of `source`.
    static let boundaries: [Int] = {
        var offsets = [0]
        for scalar in source.unicodeScalars { offsets.append(offsets.last! + UTF8.width(scalar)) }
        return offsets
    }()

    /// `text` with every run of space, tab, line feed, carriage return and form feed one space, none at the ends.
    static func collapsedByWords(_ text: String) -> String {
        let spaces: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{0C}"]
        return text.unicodeScalars.split(whereSeparator: { spaces.contains($0) }).map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }

    @Test("any mix of runs and strings, with white space at their ends or only white space, gives the joined text collapsed")
    func sameAsJoinedThenCollapsed() {
        var generator = SeededGenerator(seed: 23)
        let strings = [" ", "\n", "\r\n", "\t", "\u{0C}", "  x  ", "&", "\u{E9}", "\u{A0}", "\u{1F600}", "y", "\u{3000}", ""]
        let bytes = Array(Self.source.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var text = CollapsedText(source: Self.source, sourceBytes: buffer)
            for round in 0..<3_000 {
                var joined = ""
                for _ in 0..<Int(generator.next() % 12) {
                    if generator.next() % 2 == 0 {
                        let string = strings[Int(generator.next() % UInt64(strings.count))]
                        text.append(string)
                        joined += string
                    } else {
                        let start = Int(generator.next() % UInt64(Self.boundaries.count))
                        let end = min(Self.boundaries.count - 1, start + Int(generator.next() % (round % 2 == 0 ? 6 : 400)))
                        let range = Self.boundaries[start]..<Self.boundaries[end]
                        text.appendRun(range)
                        joined += String(decoding: bytes[range], as: UTF8.self)
                    }
                }
                let expected = Self.collapsedByWords(joined)
                #expect(text.take() == expected, "round \(round): \(joined.debugDescription)")
                #expect(text.isEmpty)
            }
        }
    }

    @Test("the whole source, or one run of it, comes out collapsed")
    func oneRun() {
        #expect(PostText.collapsed(Self.source) == Self.collapsedByWords(Self.source))
        #expect(PostText.collapsed("plain words") == "plain words")
        #expect(PostText.collapsed(" \r\n\t\u{0C} ").isEmpty)
        let bytes = Array(Self.source.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var text = CollapsedText(source: Self.source, sourceBytes: buffer)
            text.appendRun(Self.boundaries[3]..<Self.boundaries[14])
            #expect(text.take() == "caf\u{E9} na\u{EF}ve")
        }
    }

    @Test("a text run stops at the first '<' or '&' after its start, takes one at its start as text, and collapses across runs")
    func textRuns() {
        let source = "a &b  <c\t<"
        let bytes = Array(source.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var text = CollapsedText(source: source, sourceBytes: buffer)
            var stops: [Int] = []
            var index = 0
            while index < bytes.count {
                index = text.appendTextRun(from: index)
                stops.append(index)
            }
            #expect(stops == [2, 6, 9, 10])
            #expect(text.take() == "a &b <c <")
        }
    }
}
