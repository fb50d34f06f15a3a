/// One post of a feed, as feedsite keeps it.
package struct Post: Sendable, Equatable {
    /// A stable identifier: the feed's id (RSS guid, Atom id, JSON Feed id), else the link, else a hash
    /// of the content (`hash:` and 16 hex digits).
    package var id: String
    /// The post's absolute URL.
    package var url: String? = nil
    /// The title, as plain text.
    package var title: String? = nil
    /// The content as plain text: tags removed, character references decoded, whitespace collapsed.
    package var text: String = ""
    /// The content as HTML, after `PostHTML.clean`.
    package var html: String = ""
    /// When the post was published, RFC 3339 in UTC (`2026-11-29T14:03:00Z`).
    package var published: String? = nil
    /// When the post was last updated, RFC 3339 in UTC.
    package var updated: String? = nil
    /// Who wrote it, as the feed names them.
    package var author: String? = nil
    /// Images, videos and other files attached to it.
    package var media: [PostMedia] = []
    /// Whether the feed marks it as a reply (see `PostRelation` for the rule).
    package var isReply: Bool = false
    /// Whether the feed marks it as a repost of someone else's post (see `PostRelation`).
    package var isRepost: Bool = false
}
