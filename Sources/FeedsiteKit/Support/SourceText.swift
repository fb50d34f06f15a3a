/// The bytes of one file with the offsets where its lines start, found once: turns a byte offset into a
/// 1-based line and column (columns count characters, i.e. UTF-8 lead bytes) in O(log lines) plus the
/// length of that line, and a line and column back into an offset. For many increasing offsets of one
/// text, `SourceText.Cursor` does the same in one forward pass without building the table.
package struct SourceText: Sendable {
    /// The file's bytes.
    package let bytes: [UInt8]
    /// The file as it should be shown in locations.
    package let file: String
    /// Where each line starts: 0, then one past every `\n`. A `\r` is an ordinary character of its line.
    let lineStarts: [Int]

    /// Indexes `bytes`, finding every line break once.
    package init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }
}

extension SourceText {
    /// The 1-based line and column of the byte at `offset` (clamped to the text; the end of the text
    /// is a valid position).
    package func location(of offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(containing: offset)
        let column = bytes.withUnsafeBufferPointer { Self.characters(in: $0, from: lineStarts[line - 1], to: offset) } + 1
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The 1-based line `offset` stands on.
    package func line(containing offset: Int) -> Int {
        // The last line start at or before `offset`, by binary search.
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The bytes of the 1-based `line`, without its `\n`; nil when there is no such line.
    package func range(ofLine line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return lineStarts[line - 1]..<end
    }

    /// The offset of the character at a 1-based `line` and `column`: the inverse of `location(of:)`.
    /// A column past the line's end counts on into the next lines; nil when the line does not exist or
    /// the column lies beyond the text.
    package func offset(line: Int, column: Int) -> Int? {
        guard let range = range(ofLine: line), column >= 1 else { return nil }
        var index = range.lowerBound
        var current = 1
        while current < column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            current += 1
        }
        return current == column ? index : nil
    }

    /// How many characters (bytes that are not UTF-8 continuation bytes) `buffer[start..<end]` holds.
    static func characters(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<end where buffer[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
