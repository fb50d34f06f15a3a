/// The one "newest first" rule for posts, used by fetch (which posts a snapshot keeps) and by the
/// build (the order of account pages, their feeds and the river), so that both agree on every post.
///
/// A post's date is `published`, else `updated`, read as a date (`FeedDate`: a snapshot edited by
/// hand may hold any form feeds use). Dated posts come first, newest first; posts of the same moment
/// keep their order, and so do undated posts, which follow every dated one.
enum PostOrder {
    /// The moment that orders `post`, as RFC 3339 in UTC (fixed width: comparing the text compares
    /// the moments); nil when neither `published` nor `updated` is a date.
    static func date(of post: Post) -> String? {
        if let published = post.published, let date = normalized(published) { return date }
        return post.updated.flatMap(normalized)
    }

    /// The moment that orders `post` as a number that orders as the moments do; nil when undated.
    static func key(of post: Post) -> Int64? {
        date(of: post).map(number)
    }

    /// `posts` newest first.
    static func newestFirst(_ posts: [Post]) -> [Post] {
        newestFirst(posts, date: date(of:))
    }

    /// `items` newest first by `date` (RFC 3339 UTC, nil for undated), stably: the rule above for
    /// anything that carries a post (the river's entries).
    static func newestFirst<Item>(_ items: [Item], date: (Item) -> String?) -> [Item] {
        // Positions are sorted by a number, not the items by text: moving posts (a dozen strings each)
        // and comparing dates as Strings made the river's merge 14% of a clean build's instructions
        // (callgrind, Benchmarks/posts.py 100 accounts x 20 posts, clean build: River.init 223M -> 76M instructions,
        // the whole build 1.59G -> 1.43G).
        let keys = items.map { date($0).map(Self.number) }
        return items.indices.sorted { left, right in
            switch (keys[left], keys[right]) {
            case let (l?, r?) where l != r: l > r
            case (.some, nil): true
            case (nil, .some): false
            default: left < right
            }
        }.map { items[$0] }
    }
}

private extension PostOrder {
    /// The digits of an RFC 3339 UTC date of fixed width (`2026-11-29T14:03:00Z` -> 20261129140300):
    /// ordered as the moments are.
    static func number(_ date: String) -> Int64 {
        date.utf8.reduce(into: Int64(0)) { number, byte in
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { number = number * 10 + Int64(byte - UInt8(ascii: "0")) }
        }
    }

    static func normalized(_ text: String) -> String? {
        guard let date = FeedDate.rfc3339(text), date.utf8.count == 20 else { return nil }
        return date
    }
}
