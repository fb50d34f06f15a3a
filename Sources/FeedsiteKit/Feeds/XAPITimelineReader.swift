/// The posts of an X API v2 user timeline (`GET /2/users/:id/tweets`), read into a feed:
///
///     {"data": [{"id": "1", "text": "…", "created_at": "2026-11-29T14:03:00.000Z",
///                "entities": {"urls": [{"start": 6, "end": 29, "url": "https://t.co/…", "expanded_url": "https://…",
///                                       "display_url": "…", "media_key": "3_1" (a photo's own link)}]},
///                "attachments": {"media_keys": ["3_1"]},
///                "referenced_tweets": [{"type": "replied_to" | "retweeted" | "quoted", "id": "…"}]}],
///      "includes": {"media": [{"media_key": "3_1", "type": "photo", "url": "https://pbs.twimg.com/…",
///                              "preview_image_url": "…" (video, animated_gif), "alt_text": "…", "width": 1200, "height": 800}]},
///      "meta": {"result_count": 1, …}, "errors": [ … ] (alongside data: what X could not give)}
///
/// Each t.co link becomes what it points to (`XAPIText`), a media's own link leaves the text (the media
/// is shown), `replied_to` makes a reply and `retweeted` a repost; both are left out unless `showReplies`.
/// Errors alongside `data` become warnings; posts X does not give (no `id`) are left out with a warning.
package struct XAPITimelineReader: Sendable {
    /// The account's handle, for the posts' links.
    package var handle: String
    /// Whether replies and reposts are kept (`show_replies`).
    package var showReplies: Bool

    /// A reader for the timeline of `handle`.
    package init(handle: String, showReplies: Bool) {
        self.handle = handle
        self.showReplies = showReplies
    }
}

extension XAPITimelineReader {
    /// The posts in `document`, in X's order (newest first). Throws when the answer has errors and no
    /// `data` (the user's posts cannot be read), or `data` is not a list.
    package func read(_ document: XAPIDocument) throws(FeedError) -> Feed {
        let root = document.root
        var problems: [Diagnostic] = []
        if let summary = document.errorSummary {
            guard root.member("data") != nil else {
                throw FeedError(.notAFeed, at: nil, "X did not give @\(handle)'s posts: \(summary)")
            }
            problems.append(Diagnostic(.warning, at: document.text.location(of: root.member("errors")?.offset ?? 0), "X says: \(summary)"))
        }
        guard let data = root.member("data") else {
            return Feed(format: .xAPI, title: "@" + handle, link: Network.x.profileURL(handle: handle), problems: problems)
        }
        guard let tweets = data.array else {
            throw FeedError(.malformed, at: document.text.location(of: data.offset), "expected \"data\" to be a list of posts, found \(data.kindName)")
        }
        let media = Self.media(in: root.member("includes"))
        var drafts: [PostDraft] = []
        for tweet in tweets {
            let location = document.text.location(of: tweet.offset)
            guard let id = tweet.member("id")?.string, XAPIDocument.isID(id) else {
                problems.append(Diagnostic(.warning, at: location, "a post without an \"id\" of digits; left out"))
                continue
            }
            let kinds = (tweet.member("referenced_tweets")?.array ?? []).compactMap { $0.member("type")?.string }
            let relation = PostRelation(isReply: kinds.contains("replied_to"), isRepost: kinds.contains("retweeted"))
            guard showReplies || !(relation.isReply || relation.isRepost) else { continue }
            drafts.append(draft(tweet, id: id, relation: relation, media: media, location: location, document: document))
        }
        var assembler = FeedAssembler()
        let posts = assembler.posts(from: drafts)
        return Feed(format: .xAPI, title: "@" + handle, link: Network.x.profileURL(handle: handle), posts: posts,
                    problems: (problems + assembler.problems).sorted())
    }
}

private extension XAPITimelineReader {
    func draft(_ tweet: JSONValue, id: String, relation: PostRelation, media: [String: PostMedia], location: SourceLocation,
               document: XAPIDocument) -> PostDraft {
        var draft = PostDraft(location: location, base: nil)
        draft.id = id
        draft.url = Network.x.profileURL(handle: handle) + "/status/" + id
        draft.relation = relation
        let keys = (tweet.member("attachments")?.member("media_keys")?.array ?? []).compactMap(\.string)
        let links = (tweet.member("entities")?.member("urls")?.array ?? []).compactMap(XAPIText.Link.init(entity:))
        draft.content = .html(XAPIText(text: tweet.member("text")?.string ?? "", links: links, mediaKeys: Set(keys)).html)
        if let created = tweet.member("created_at"), let date = created.string {
            draft.published = PostDraft.Dated(text: date, location: document.text.location(of: created.offset))
        }
        draft.media = keys.compactMap { media[$0] }
        return draft
    }

    /// The media of `includes.media` by key: a photo at its `url`, a video or GIF by its preview image.
    static func media(in includes: JSONValue?) -> [String: PostMedia] {
        var media: [String: PostMedia] = [:]
        for item in includes?.member("media")?.array ?? [] {
            guard let key = item.member("media_key")?.string,
                  let url = item.member("url")?.string ?? item.member("preview_image_url")?.string else { continue }
            media[key] = PostMedia(url: url, type: imageType(of: url), alt: item.member("alt_text")?.string)
        }
        return media
    }

    /// The image type X's media URLs name by their extension (`https://pbs.twimg.com/media/X.jpg`), else JPEG.
    static func imageType(of url: String) -> String {
        let path = url.prefix { $0 != "?" && $0 != "#" }.lowercased()
        if path.hasSuffix(".png") { return "image/png" }
        if path.hasSuffix(".gif") { return "image/gif" }
        if path.hasSuffix(".webp") { return "image/webp" }
        return "image/jpeg"
    }
}
