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

    /// `posts` newest first.
    static func newestFirst(_ posts: [Post]) -> [Post] {
        newestFirst(posts, date: date(of:))
    }

    /// `items` newest first by `date` (RFC 3339 UTC, nil for undated), stably: the rule above for
    /// anything that carries a post (the river's entries).
    static func newestFirst<Item>(_ items: [Item], date: (Item) -> String?) -> [Item] {
        let keyed = items.enumerated().map { (order: $0.offset, date: date($0.element), item: $0.element) }
        return keyed.sorted { left, right in
            switch (left.date, right.date) {
            case let (l?, r?) where l != r: l > r
            case (.some, nil): true
            case (nil, .some): false
            default: left.order < right.order
            }
        }.map(\.item)
    }
}

private extension PostOrder {
    static func normalized(_ text: String) -> String? {
        guard let date = FeedDate.rfc3339(text), date.utf8.count == 20 else { return nil }
        return date
    }
}
