/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1): `items` with `content_html` or
/// `content_text`, `author` (1.0) or `authors` (1.1), `image` and `attachments` as media.
struct JSONFeedReader {
    /// The text, for locations.
    let text: SourceText
    /// The feed's own URL, when it came from the web.
    let feedURL: String?
}

extension JSONFeedReader {
    /// The feed in `document`, or why it is not a JSON Feed.
    func read(_ document: JSONValue) throws(FeedError) -> (feed: Feed, drafts: [PostDraft], problems: [Diagnostic]) {
        guard document.members != nil else {
            throw FeedError(.notAFeed, at: location(document.offset), "expected a JSON Feed object, found \(document.kindName)")
        }
        guard let version = document.member("version")?.string, version.hasPrefix("https://jsonfeed.org/version/")
            || version.hasPrefix("http://jsonfeed.org/version/") else {
            throw FeedError(.notAFeed, at: location(document.offset),
                            "not a JSON Feed: expected \"version\": \"https://jsonfeed.org/version/1.1\" in the top-level object",
                            hint: "feedsite reads RSS, Atom and JSON Feed (https://jsonfeed.org)")
        }
        let link = document.member("home_page_url")?.string.map { FeedLink.resolve($0, against: feedURL) }
        let base = feedURL ?? link
        var problems: [Diagnostic] = []
        var drafts: [PostDraft] = []
        if let items = document.member("items") {
            guard let array = items.array else {
                throw FeedError(.malformed, at: location(items.offset), "expected \"items\" to be an array, found \(items.kindName)")
            }
            for item in array {
                guard item.members != nil else {
                    problems.append(Diagnostic(.warning, at: location(item.offset), "expected an item object, found \(item.kindName); left out"))
                    continue
                }
                drafts.append(draft(item, base: base))
            }
        } else {
            problems.append(Diagnostic(.warning, at: location(document.offset), "the JSON Feed has no \"items\""))
        }
        let title = document.member("title")?.string.map(PostText.collapsed)
        return (Feed(format: .json, title: title, link: link), drafts, problems)
    }
}

private extension JSONFeedReader {
    func location(_ offset: Int) -> SourceLocation { text.location(of: offset) }

    /// A date string at its value's place.
    func dated(_ value: JSONValue?) -> PostDraft.Dated? {
        guard let value, let date = value.string else { return nil }
        return PostDraft.Dated(text: date, location: location(value.offset))
    }

    func draft(_ item: JSONValue, base: String?) -> PostDraft {
        var draft = PostDraft(location: location(item.offset), base: base)
        if let id = item.member("id") {
            // 1.0 feeds sometimes give numbers; the spec says to read them as strings.
            if case .number(let literal) = id.kind { draft.id = literal } else { draft.id = id.string }
        }
        draft.url = (item.member("url")?.string ?? item.member("external_url")?.string).map { FeedLink.resolve($0, against: base) }
        draft.title = item.member("title")?.string.map(PostText.collapsed)
        if let html = item.member("content_html")?.string {
            draft.content = .html(html)
        } else if let text = item.member("content_text")?.string ?? item.member("summary")?.string {
            draft.content = .text(text)
        }
        draft.published = dated(item.member("date_published"))
        draft.updated = dated(item.member("date_modified"))
        let authors = item.member("authors")?.array?.compactMap { $0.member("name")?.string } ?? []
        draft.author = authors.isEmpty ? item.member("author")?.member("name")?.string : authors.joined(separator: ", ")
        draft.relation = PostRelation.of(json: item)
        if let image = item.member("image")?.string {
            draft.media.append(PostMedia(url: FeedLink.resolve(image, against: base)))
        }
        for attachment in item.member("attachments")?.array ?? [] {
            guard let url = attachment.member("url")?.string else { continue }
            draft.media.append(PostMedia(url: FeedLink.resolve(url, against: base), type: attachment.member("mime_type")?.string,
                                         alt: attachment.member("title")?.string))
        }
        return draft
    }
}
