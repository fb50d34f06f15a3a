/// Turns the drafts a format's reader found into posts, the same way for every format: ids (the
/// feed's, else the link, else a hash of the content), dates in RFC 3339 UTC, plain text, HTML through
/// `PostHTML.clean`, characters no page may show (`ControlCharacters`) removed from the text fields,
/// and duplicates (same id) left out after the first, each with a warning. Each kind
/// of warning is shown `repeatLimit` times; the rest are counted in one last warning of that kind
/// ("and 480 more ..."), as `DiagnosticCollector` caps errors.
struct FeedAssembler {
    /// What a warning is about, for capping repeats.
    enum Repeated: CaseIterable {
        case duplicateID, link, media, date

        /// The closing warning's words after "and N more".
        var summary: String {
            switch self {
            case .duplicateID: "posts with an id seen before (left out)"
            case .link: "links that are not http or https URLs (left out)"
            case .media: "posts with media not at http or https URLs (left out)"
            case .date: "dates that cannot be read (posts kept without them)"
            }
        }
    }

    /// How many warnings of one kind are shown.
    static let repeatLimit = 10
    /// Warnings found while assembling.
    private(set) var problems: [Diagnostic] = []
    /// How many warnings of each kind were found, shown or not, and where the last shown one is.
    private var repeats: [Repeated: (count: Int, last: SourceLocation)] = [:]
}

extension FeedAssembler {
    /// The posts, in the drafts' order.
    mutating func posts(from drafts: [PostDraft]) -> [Post] {
        var seen: Set<String> = []
        var posts: [Post] = []
        for draft in drafts {
            let post = post(from: draft)
            guard seen.insert(post.id).inserted else {
                warn(.duplicateID, Diagnostic(.warning, at: draft.location, "a second post with the id '\(post.id)'; the first one is kept"))
                continue
            }
            posts.append(post)
        }
        for kind in Repeated.allCases {
            guard let (count, last) = repeats[kind], count > Self.repeatLimit else { continue }
            problems.append(Diagnostic(.warning, at: last, "and \(DiagnosticRenderer.grouped(count - Self.repeatLimit)) more \(kind.summary)"))
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
        let id = nonEmpty(draft.id.map(ControlCharacters.removed)) ?? nonEmpty(draft.url.map(ControlCharacters.removed)) ?? Self.hashID(title: draft.title, html: html)
        let url = FeedLink.webURL(nonEmpty(draft.url))
        if let link = nonEmpty(draft.url), url == nil {
            warn(.link, Diagnostic(.warning, at: draft.location, "the post's link '\(link)' is not an http or https URL; it is left out"))
        }
        let media = draft.media.compactMap { item in
            FeedLink.webURL(item.url).map { PostMedia(url: $0, type: item.type.map(ControlCharacters.removed), alt: item.alt.map(ControlCharacters.removed)) }
        }
        if media.count < draft.media.count {
            warn(.media, Diagnostic(.warning, at: draft.location, "media that is not at an http or https URL is left out"))
        }
        let relation = draft.relation.adding(title: draft.title)
        return Post(id: id, url: url, title: nonEmpty(draft.title.map(ControlCharacters.removed)), text: ControlCharacters.removed(from: text),
                    html: PostHTML.clean(html, base: draft.base),
                    published: date(draft.published), updated: date(draft.updated),
                    author: nonEmpty(draft.author.map { ControlCharacters.removed(from: PostText.collapsed($0)) }), media: media,
                    isReply: relation.isReply, isRepost: relation.isRepost)
    }

    /// Records `diagnostic` unless `repeatLimit` of its kind were recorded already; counts it either way.
    mutating func warn(_ kind: Repeated, _ diagnostic: Diagnostic) {
        let count = (repeats[kind]?.count ?? 0) + 1
        if count <= Self.repeatLimit {
            problems.append(diagnostic)
            repeats[kind] = (count, diagnostic.location)
        } else {
            repeats[kind]?.count = count
        }
    }

    /// The date in RFC 3339 UTC; nil with a warning at the date when it cannot be read.
    mutating func date(_ dated: PostDraft.Dated?) -> String? {
        guard let dated, let text = nonEmpty(dated.text) else { return nil }
        if let date = FeedDate.rfc3339(text) { return date }
        if FeedDate.hasNonexistentDay(text) {
            warn(.date, Diagnostic(.warning, at: dated.location, "the date '\(text)' does not exist: its month has no such day; the post is kept without a date",
                                   hint: "correct the day of the month in the feed"))
            return nil
        }
        warn(.date, Diagnostic(.warning, at: dated.location, "cannot read the date '\(text)'; the post is kept without it",
                                   hint: "write dates as RFC 822 (Sun, 29 Nov 2026 14:03:00 GMT) or RFC 3339 (2026-11-29T14:03:00Z)"))
        return nil
    }

    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isOnlySpaces else { return nil }
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
