import Testing
@testable import FeedsiteKit

@Suite struct SourceTextTests {
    /// The mapping as the template tokenizer, the YAML reader and the checker each wrote it before
    /// SourceText: scan from the start, a new line after each `\n`, a column for each UTF-8 lead byte.
    static func scanned(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    static func position(_ location: FeedsiteKit.SourceLocation) -> [Int] { [location.line, location.column] }

    @Test("offsets at line starts, line ends and the end of the text", arguments: [
        (0, [1, 1]), (2, [1, 3]), (3, [2, 1]), (4, [2, 2]), (5, [3, 1]), (7, [3, 3]), (8, [4, 1]), (99, [4, 1]),
    ])
    func lineStartsAndEnds(offset: Int, expected: [Int]) {
        let text = SourceText(Array("ab\nc\nde\n".utf8), file: "f.html")
        #expect(Self.position(text.location(of: offset)) == expected)
        #expect(text.location(of: offset).file == "f.html")
    }

    @Test("a CRLF line ends at its \\n: the \\r is the last character of its line")
    func crlf() {
        let text = SourceText(Array("a\r\nb\r\n".utf8), file: "t")
        #expect(Self.position(text.location(of: 1)) == [1, 2])
        #expect(Self.position(text.location(of: 2)) == [1, 3])
        #expect(Self.position(text.location(of: 3)) == [2, 1])
        #expect(text.range(ofLine: 1) == 0..<2)
        #expect(text.range(ofLine: 3) == 6..<6)
        #expect(text.range(ofLine: 4) == nil)
    }

    @Test("columns count characters, not bytes")
    func multibyte() {
        let source = "é😀x\n€y"
        let text = SourceText(Array(source.utf8), file: "t")
        #expect(Self.position(text.location(of: 2)) == [1, 2]) // after é (2 bytes)
        #expect(Self.position(text.location(of: 6)) == [1, 3]) // after 😀 (4 bytes)
        #expect(Self.position(text.location(of: 7)) == [1, 4])
        #expect(Self.position(text.location(of: 11)) == [2, 2]) // after € (3 bytes)
        #expect(text.offset(line: 1, column: 3) == 6)
        #expect(text.offset(line: 2, column: 2) == 11)
    }

    @Test("an empty text has one empty line")
    func empty() {
        let text = SourceText([], file: "t")
        #expect(Self.position(text.location(of: 0)) == [1, 1])
        #expect(text.range(ofLine: 1) == 0..<0)
        #expect(text.range(ofLine: 2) == nil)
        #expect(text.offset(line: 1, column: 1) == 0)
        var cursor = SourceText.Cursor(bytes: text.bytes, file: text.file)
        #expect(Self.position(cursor.location(of: 5)) == [1, 1])
    }

    @Test("the table, the cursor and the old scan agree on random text; offset(line:column:) goes back")
    func agreesWithScan() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", " ", "\n", "\r\n", "é", "€", "😀"]
        for _ in 0..<300 {
            let bytes = Array((0..<Int.random(in: 0...60, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            let text = SourceText(bytes, file: "t")
            var cursor = SourceText.Cursor(bytes: text.bytes, file: text.file)
            for offset in 0...bytes.count + 1 {
                let expected = Self.scanned(bytes, offset)
                #expect(Self.position(text.location(of: offset)) == [expected.line, expected.column], "\(bytes) at \(offset)")
                #expect(Self.position(cursor.location(of: offset)) == [expected.line, expected.column], "\(bytes) at \(offset)")
                let isBoundary = offset >= bytes.count || bytes[offset] & 0xC0 != 0x80
                if offset <= bytes.count, isBoundary {
                    #expect(text.offset(line: expected.line, column: expected.column) == offset, "\(bytes) at \(offset)")
                }
            }
        }
    }

    @Test("the cursor answers increasing offsets, and starts over for an earlier one")
    func cursorOrder() {
        let bytes = Array("one\ntwo three\nfour".utf8)
        var cursor = SourceText.Cursor(bytes: bytes, file: "p.html")
        #expect(Self.position(cursor.location(of: 5)) == [2, 2])
        #expect(Self.position(cursor.location(of: 5)) == [2, 2])
        #expect(Self.position(cursor.location(of: 9)) == [2, 6])
        #expect(Self.position(cursor.location(of: 15)) == [3, 2])
        #expect(Self.position(cursor.location(of: 1)) == [1, 2])
        #expect(Self.position(cursor.location(of: 16)) == [3, 3])
        #expect(cursor.location(of: 0).file == "p.html")
    }

    @Test("many findings on one long line cost one pass: the cursor counts on from its last answer")
    func longLine() {
        // 2 MB on one line with an offset every 20 bytes: rescanning from the line start would take
        // about 10^11 steps; one pass takes 2 * 10^6.
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 2_000_000)
        var cursor = SourceText.Cursor(bytes: bytes, file: "long.html")
        var last = FeedsiteKit.SourceLocation(file: "", line: 0, column: 0)
        for offset in stride(from: 0, to: bytes.count, by: 20) { last = cursor.location(of: offset) }
        #expect(Self.position(last) == [1, 1_999_981])
    }

    @Test("lines are found by number, with or without their line break", arguments: [
        (1, 0..<3), (2, 4..<4), (3, 5..<7),
    ])
    func lineRanges(line: Int, expected: Range<Int>) {
        let text = SourceText(Array("abc\n\nde".utf8), file: "t")
        #expect(text.range(ofLine: line) == expected)
        #expect(text.line(containing: expected.lowerBound) == line)
    }

    @Test("positions outside the text are refused", arguments: [(0, 1), (4, 1), (1, 0), (1, 9)])
    func outside(line: Int, column: Int) {
        #expect(SourceText(Array("abc\nd".utf8), file: "t").offset(line: line, column: column) == nil)
    }
}
