/// A post shortened for a line of its own: the index's latest post of each account and the title of a
/// feed entry whose post has none. Plain text, to be escaped where it is written.
enum PostExcerpt {
    /// The post's title, else its text, at most `limit` characters (grapheme clusters: an emoji or a
    /// letter with its accents is never cut); a longer one is cut at the last space that keeps at
    /// least two thirds of it, or else mid-word, and ends with `…`. Nil when the post has neither.
    static func of(_ post: Post, limit: Int) -> String? {
        let hasWords: (String) -> Bool = { $0.contains { !$0.isWhitespace } }
        guard let text = post.title.flatMap({ hasWords($0) ? $0 : nil }) ?? (hasWords(post.text) ? post.text : nil) else { return nil }
        return shortened(text, limit: limit)
    }

    /// `text` with white space runs made single spaces, cut to at most `limit` characters as `of` says.
    static func shortened(_ text: String, limit: Int) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        let single = words.joined(separator: " ")
        guard single.count > limit else { return single }
        // Room for the ellipsis.
        let kept = single.prefix(limit - 1)
        if single[kept.endIndex] == " " { return String(kept) + "…" }
        if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) >= (limit * 2) / 3 {
            return String(kept[..<space]) + "…"
        }
        return String(kept) + "…"
    }
}
