extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces, tabs and line breaks (`\n`, `\r` and `\r\n`).
    var trimmingSpaces: Substring {
        // Text that neither starts nor ends with one of these bytes has no space Character at either end,
        // since each of them starts and ends with one (callgrind, Benchmarks/parse.py's feeds: FeedLink.resolve
        // and XMLElement.value, which trim every link and title: value 7.8 K -> 3.0 K instructions a post).
        let whole = self[...]
        if let first = whole.utf8.first, let last = whole.utf8.last, !Self.isSpaceByte(first), !Self.isSpaceByte(last) { return whole }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    /// Whether `byte` is a space, tab, line feed or carriage return.
    static func isSpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Whether `trimmingSpaces` is empty: every byte is a space, tab, line feed or carriage return
    /// (a Character holding any other scalar is not one of the white space `trimmingSpaces` drops).
    var isOnlySpaces: Bool {
        // Decided from the bytes, most often the first, not by Characters (callgrind, `feedsite-bench parse`
        // on ten of Benchmarks/parse.py's feeds: FeedAssembler's four checks of a post, 2.45 M -> 0.01 M
        // instructions for 500 posts).
        !utf8.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// The text with its white space (Unicode's: spaces, tabs, line breaks, no-break and ideographic
    /// spaces) folded: none before or after, each run inside one space. `" News \t Feeds "` is `"News Feeds"`.
    var foldingSpaces: String {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace { folded.append(" ") }
            pendingSpace = false
            folded.append(scalar)
        }
        return String(folded)
    }
}
