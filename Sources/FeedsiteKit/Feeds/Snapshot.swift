/// What `feedsite fetch` keeps of one account's feed: its recent posts and the record of the last
/// fetch. Stored as `snapshots/<slug>.json` (see `Snapshot+JSON` for the format); builds read it.
package struct Snapshot: Sendable, Equatable {
    /// The version of the file format; `SnapshotFormat.version` is the one written.
    package static let formatVersion = 1

    /// The account's handle.
    package var handle: String
    /// The last fetch: where from, the validators for the next conditional request, when, what failed.
    package var record: SnapshotRecord
    /// The posts, in the feed's order, at most the account's `posts:`.
    package var posts: [Post]

    /// Creates a snapshot.
    package init(handle: String, record: SnapshotRecord, posts: [Post]) {
        self.handle = handle
        self.record = record
        self.posts = posts
    }
}

/// The fetch record of a snapshot.
package struct SnapshotRecord: Sendable, Equatable {
    /// The feed's URL or file as site.yml gives it (with a password in the URL shown as `***`).
    package var source: String
    /// The `ETag` of the last response that brought the posts.
    package var etag: String? = nil
    /// The `Last-Modified` of the last response that brought the posts.
    package var lastModified: String? = nil
    /// When the file last changed because of a fetch (RFC 3339, UTC).
    package var fetchedAt: String? = nil
    /// When the posts last changed (RFC 3339, UTC).
    package var changedAt: String? = nil
    /// Why the last fetch failed; nil when it succeeded.
    package var error: String? = nil
    /// The account's `posts:` when the posts were last read: a larger `posts:` asks the server again
    /// without the validators. nil in snapshots written before it was recorded.
    package var postLimit: Int? = nil
    /// For `feed: x-api`: the account's X user id, found once by the user lookup, so that a fetch asks
    /// X for the posts alone. nil for every other feed, and until the lookup succeeded.
    package var xUserID: String? = nil
}
