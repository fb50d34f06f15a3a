/// Turns the drafts a format's reader found into posts, the same way for every format: ids (the
/// feed's, else the link, else a hash of the content), dates in RFC 3339 UTC, plain text, HTML through
/// `PostHTML.clean`, and duplicates (same id) left out after the first, each with a warning.
struct FeedAssembler {
    /// Warnings found while assembling.
    var problems: [Diagnostic] = []
}

extension FeedAssembler {
    /// The posts, in the drafts' order.
    mutating func posts(from drafts: [PostDraft]) -> [Post] {
        var seen: Set<String> = []
        var posts: [Post] = []
        for draft in drafts {
            let post = post(from: draft)
            guard seen.insert(post.id).inserted else {
                problems.append(Diagnostic(.warning, at: draft.location, "a second post with the id '\(post.id)'; the first one is kept"))
                continue
            }
            posts.append(post)
        }
        return posts
    }
}

private extension FeedAssembler {
    mutating func post(from draft: PostDraft) -> Post {
        let html: String
        let text: String
        switch draft.content {
        case .html(let content): html = content; text = PostText.plain(fromHTML: content)
        case .text(let content): html = HTMLEscaper.escape(content); text = PostText.collapsed(content)
        case nil: html = ""; text = ""
        }
        let id = nonEmpty(draft.id) ?? nonEmpty(draft.url) ?? Self.hashID(title: draft.title, html: html)
        let url = FeedLink.webURL(nonEmpty(draft.url))
        if let link = nonEmpty(draft.url), url == nil {
            problems.append(Diagnostic(.warning, at: draft.location, "the post's link '\(link)' is not an http or https URL; it is left out"))
        }
        let media = draft.media.compactMap { item in FeedLink.webURL(item.url).map { PostMedia(url: $0, type: item.type, alt: item.alt) } }
        if media.count < draft.media.count {
            problems.append(Diagnostic(.warning, at: draft.location, "media that is not at an http or https URL is left out"))
        }
        return Post(id: id, url: url, title: nonEmpty(draft.title), text: text,
                    html: PostHTML.clean(html, base: draft.base),
                    published: date(draft.published, draft.location), updated: date(draft.updated, draft.location),
                    author: nonEmpty(draft.author.map(PostText.collapsed)), media: media)
    }

    mutating func date(_ text: String?, _ location: SourceLocation) -> String? {
        guard let text = nonEmpty(text) else { return nil }
        if let date = FeedDate.rfc3339(text) { return date }
        problems.append(Diagnostic(.warning, at: location, "cannot read the date '\(text)'; the post is kept without it",
                                   hint: "write dates as RFC 822 (Sun, 29 Nov 2026 14:03:00 GMT) or RFC 3339 (2026-11-29T14:03:00Z)"))
        return nil
    }

    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingSpaces.isEmpty else { return nil }
        return text
    }

    /// `hash:` and 16 hex digits of the title and content, for posts with neither id nor link.
    static func hashID(title: String?, html: String) -> String {
        var hasher = Hasher64()
        hasher.add(Array((title ?? "").utf8))
        hasher.add(Array(html.utf8))
        let hex = String(hasher.value, radix: 16)
        return "hash:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
