/// Whether a post is a reply or a repost, from what its feed says. The rule, the same for every
/// format (feeds that say nothing give neither):
/// - a reply: an Atom or RSS item with a `thr:in-reply-to` element (RFC 4685), a JSON Feed item with
///   `"_feedsite": {"is_reply": true}`, or a title that begins with `R to @` (the X bridges' convention);
/// - a repost: a JSON Feed item with `"_feedsite": {"is_repost": true}`, or a title that begins with
///   `RT by @` (the bridges' convention) or `RT @` (the older hand-written one).
struct PostRelation: Equatable {
    var isReply = false
    var isRepost = false
}

extension PostRelation {
    /// RFC 4685's namespace, whose `in-reply-to` element marks a reply.
    static let threadNamespace = "http://purl.org/syndication/thread/1.0"

    /// What an Atom entry or RSS item says: a reply when it has `thr:in-reply-to`.
    static func of(xml item: XMLElement) -> PostRelation {
        PostRelation(isReply: item.first("in-reply-to", threadNamespace) != nil)
    }

    /// What a JSON Feed item says in feedsite's extension object `_feedsite`.
    static func of(json item: JSONValue) -> PostRelation {
        let fields = item.member("_feedsite")
        return PostRelation(isReply: fields?.member("is_reply")?.bool == true, isRepost: fields?.member("is_repost")?.bool == true)
    }

    /// This relation and what the title's prefix says, together.
    func adding(title: String?) -> PostRelation {
        let title = title.map { String($0.trimmingSpaces) } ?? ""
        return PostRelation(isReply: isReply || title.hasPrefix("R to @"),
                            isRepost: isRepost || title.hasPrefix("RT by @") || title.hasPrefix("RT @"))
    }
}
