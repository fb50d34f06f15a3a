extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces, tabs and line breaks (`\n`, `\r` and `\r\n`).
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
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
