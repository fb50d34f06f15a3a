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
        // By scalars when each is a character of its own (perf, Benchmarks/one_change.py: PostExcerpt.shortened
        // 3.8% -> 0.6% of the build's CPU, the index's 10,000 latest posts).
        shortenedByScalars(text, limit: limit) ?? shortenedByCharacters(text, limit: limit)
    }

    /// `shortened`, character by character (grapheme clusters): for any text.
    static func shortenedByCharacters(_ text: String, limit: Int) -> String {
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

    /// `shortened` for a text whose scalars are all below U+0300 (ASCII, Latin-1, Latin Extended, IPA), read
    /// as UTF-8: none of them joins its neighbour in a grapheme cluster (no combining marks, no joiners; a CR LF
    /// pair is white space, made one space either way), so each scalar is a character. Nil for any other text.
    static func shortenedByScalars(_ text: String, limit: Int) -> String? {
        guard limit > 0 else { return nil }
        var text = text
        return text.withUTF8 { utf8 -> String? in
            var out = Excerpt(limit: limit, capacity: min(utf8.count, 2 * limit + 2))
            var pendingSpace = false
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let length: Int
                let isSpace: Bool
                if byte < 0x80 {
                    length = 1
                    isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
                } else if (0xC2..<0xCC).contains(byte) {
                    // U+0080 to U+02FF; white space among them: U+0085 and U+00A0.
                    length = 2
                    isSpace = byte == 0xC2 && (utf8[index + 1] == 0x85 || utf8[index + 1] == 0xA0)
                } else {
                    return nil
                }
                defer { index += length }
                if isSpace {
                    pendingSpace = out.count > 0
                    continue
                }
                // The first `limit + 1` characters are enough to cut the text; the rest is only checked.
                guard out.count <= limit else { continue }
                if pendingSpace {
                    out.appendSpace()
                    pendingSpace = false
                    guard out.count <= limit else { continue }
                }
                out.append(UnsafeBufferPointer(rebasing: utf8[index..<index + length]))
            }
            return out.text
        }
    }
}

/// The single-spaced text `PostExcerpt.shortenedByScalars` keeps, a scalar at a time, with what cutting it needs.
private struct Excerpt {
    let limit: Int
    var bytes: [UInt8] = []
    /// Scalars (characters) kept.
    var count = 0
    /// The bytes of the first `limit - 1` characters, once there are that many.
    var cutBytes = 0
    /// Whether the character at `limit - 1` is a space.
    var spaceAtCut = false
    /// The last space among the first `limit - 1` characters: its index and the bytes before it.
    var lastSpace: (index: Int, bytes: Int)?

    init(limit: Int, capacity: Int) {
        self.limit = limit
        bytes.reserveCapacity(capacity)
    }

    /// Appends a scalar other than white space, given as its UTF-8 bytes.
    mutating func append(_ scalar: UnsafeBufferPointer<UInt8>) {
        note(isSpace: false)
        bytes += scalar
        count += 1
    }

    /// Appends the space that stands for a run of white space.
    mutating func appendSpace() {
        note(isSpace: true)
        bytes.append(0x20)
        count += 1
    }

    private mutating func note(isSpace: Bool) {
        if count == limit - 1 {
            cutBytes = bytes.count
            spaceAtCut = isSpace
        } else if isSpace, count < limit - 1 {
            lastSpace = (count, bytes.count)
        }
    }

    /// The text, cut as `PostExcerpt.shortened` says when it has more than `limit` characters.
    var text: String {
        guard count > limit else { return String(decoding: bytes, as: UTF8.self) }
        // Room for the ellipsis.
        if !spaceAtCut, let lastSpace, lastSpace.index >= (limit * 2) / 3 {
            return String(decoding: bytes[..<lastSpace.bytes], as: UTF8.self) + "…"
        }
        return String(decoding: bytes[..<cutBytes], as: UTF8.self) + "…"
    }
}
