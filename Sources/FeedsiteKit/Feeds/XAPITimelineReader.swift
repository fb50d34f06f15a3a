/// The posts of an X API v2 user timeline (`GET /2/users/:id/tweets`), read into a feed:
///
///     {"data": [{"id": "1", "text": "…", "created_at": "2026-11-29T14:03:00.000Z",
///                "entities": {"urls": [{"start": 6, "end": 29, "url": "https://t.co/…", "expanded_url": "https://…",
///                                       "display_url": "…", "media_key": "3_1" (a photo's own link)}]},
///                "attachments": {"media_keys": ["3_1"]},
///                "referenced_tweets": [{"type": "replied_to" | "retweeted" | "quoted", "id": "…"}],
///                "note_tweet": {"text": "…" (a long post whole), "entities": {"urls": […]}}}],
///      "includes": {"tweets": [{"id": "…", "text": "…", "note_tweet": …} (the reposted posts)],
///                   "media": [{"media_key": "3_1", "type": "photo", "url": "https://pbs.twimg.com/…",
///                              "preview_image_url": "…" (video, animated_gif), "alt_text": "…", "width": 1200, "height": 800}]},
///      "meta": {"result_count": 1, …}, "errors": [ … ] (alongside data: what X could not give)}
///
/// Each t.co link becomes what it points to (`XAPIText`), a media's own link leaves the text (the media
/// is shown), `replied_to` makes a reply and `retweeted` a repost; both are left out unless `showReplies`.
/// A long post is read from `note_tweet`, a repost from the post it reposts. Errors alongside `data`
/// become warnings; posts X does not give (no `id`) or that have neither text nor media are left out
/// with a warning.
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
        let reposted = Self.tweets(in: root.member("includes"))
        var drafts: [PostDraft] = []
        for tweet in tweets {
            let location = document.text.location(of: tweet.offset)
            guard let id = tweet.member("id")?.string, XAPIDocument.isID(id) else {
                problems.append(Diagnostic(.warning, at: location, "a post without an \"id\" of digits; left out"))
                continue
            }
            let references = tweet.member("referenced_tweets")?.array ?? []
            let kinds = references.compactMap { $0.member("type")?.string }
            let relation = PostRelation(isReply: kinds.contains("replied_to"), isRepost: kinds.contains("retweeted"))
            guard showReplies || !(relation.isReply || relation.isRepost) else { continue }
            let original = references.first { $0.member("type")?.string == "retweeted" }?.member("id")?.string.flatMap { reposted[$0] }
            let words = Self.words(of: tweet, reposting: original)
            guard words != nil || tweet.member("attachments")?.member("media_keys")?.array?.isEmpty == false else {
                problems.append(Diagnostic(.warning, at: location, "a post without a \"text\" or media; left out"))
                continue
            }
            drafts.append(draft(tweet, id: id, words: words, relation: relation, media: media, location: location, document: document))
        }
        var assembler = FeedAssembler()
        let posts = assembler.posts(from: drafts)
        return Feed(format: .xAPI, title: "@" + handle, link: Network.x.profileURL(handle: handle), posts: posts,
                    problems: (problems + assembler.problems).sorted())
    }
}

private extension XAPITimelineReader {
    func draft(_ tweet: JSONValue, id: String, words: (text: String, links: [XAPIText.Link])?, relation: PostRelation,
               media: [String: PostMedia], location: SourceLocation, document: XAPIDocument) -> PostDraft {
        var draft = PostDraft(location: location, base: nil)
        draft.id = id
        draft.url = Network.x.profileURL(handle: handle) + "/status/" + id
        draft.relation = relation
        let keys = (tweet.member("attachments")?.member("media_keys")?.array ?? []).compactMap(\.string)
        // A post of media alone has no paragraph at all, not an empty one.
        draft.content = .html(words.map { XAPIText(text: $0.text, links: $0.links, mediaKeys: Set(keys)).html } ?? "")
        if let created = tweet.member("created_at"), let date = created.string {
            draft.published = PostDraft.Dated(text: date, location: document.text.location(of: created.offset))
        }
        draft.media = keys.compactMap { media[$0] }
        return draft
    }

    /// The posts of `includes.tweets` (those reposted, from `expansions=referenced_tweets.id`) by id.
    static func tweets(in includes: JSONValue?) -> [String: JSONValue] {
        var tweets: [String: JSONValue] = [:]
        for tweet in includes?.member("tweets")?.array ?? [] {
            if let id = tweet.member("id")?.string { tweets[id] = tweet }
        }
        return tweets
    }

    /// The text and links of `tweet`: a long post's whole text (`note_tweet`, with its own
    /// `entities`), not the first 280 characters X gives as `text`; a repost's `RT @name: ` followed
    /// by the whole text of `original`, the post it reposts, when X gave it. Nil without a text.
    static func words(of tweet: JSONValue, reposting original: JSONValue?) -> (text: String, links: [XAPIText.Link])? {
        let own = wholeText(of: tweet)
        guard let original, let whole = wholeText(of: original), let text = own?.text, text.hasPrefix("RT @"),
              let colon = text.range(of: ": ") else { return own }
        return (String(text[..<colon.upperBound]) + whole.text, whole.links)
    }

    /// A post's `note_tweet` text and links when it has one, else its `text` and links; nil without either.
    static func wholeText(of tweet: JSONValue) -> (text: String, links: [XAPIText.Link])? {
        let note = tweet.member("note_tweet").flatMap { $0.member("text")?.string != nil ? $0 : nil }
        let source = note ?? tweet
        guard let text = source.member("text")?.string else { return nil }
        return (text, (source.member("entities")?.member("urls")?.array ?? []).compactMap(XAPIText.Link.init(entity:)))
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
