extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces, tabs and line breaks (`\n`, `\r` and `\r\n`).
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

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
