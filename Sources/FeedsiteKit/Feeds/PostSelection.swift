/// Which of a feed's posts a snapshot keeps when `posts:` allows fewer than the feed holds, and in
/// what order: the newest by date, as feed readers (newsboat, feedparser's users) show them, whatever
/// order the feed lists them in (some list the oldest first).
///
/// The order is `PostOrder`'s, which the build shows them in too.
enum PostSelection {
    /// The newest `limit` posts of `posts`, newest first, by the rule the build orders them with (`PostOrder`).
    static func newest(_ posts: [Post], limit: Int) -> [Post] {
        Array(PostOrder.newestFirst(posts).prefix(max(limit, 0)))
    }

    /// `posts` with every date later than `latest` (the fetch time and a day of grace) brought back
    /// to `now`, the fetch time, as Planet-style aggregators do, so that a post dated 2999 does not
    /// stay on top for ever. A post the previous snapshot (`previous`) already holds keeps the date
    /// it was given then, so a feed that does not change leaves its snapshot as it is.
    static func clampingFutureDates(_ posts: [Post], now: String, latest: String, previous: [Post]?) -> [Post] {
        let earlier = Dictionary((previous ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return posts.map { post in
            var post = post
            func clamped(_ date: String?, _ old: String?) -> String? {
                guard let date, date > latest else { return date }
                if let old, old <= latest { return old }
                return now
            }
            post.published = clamped(post.published, earlier[post.id]?.published)
            post.updated = clamped(post.updated, earlier[post.id]?.updated)
            return post
        }
    }
}
