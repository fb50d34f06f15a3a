/// Atom 1.0: `<feed>` with `<entry>`s, text constructs of type text, html and xhtml, `xml:base`
/// anywhere, enclosure links and Media RSS.
struct AtomFeedReader {
    /// The file or URL, for locations.
    let source: String
    /// The feed's own URL, when it came from the web.
    let feedURL: String?
}

extension AtomFeedReader {
    /// The feed in the `<feed>` element `root`.
    func read(_ root: XMLElement) -> (feed: Feed, drafts: [PostDraft]) {
        var base = FeedLink.base(of: root, inheriting: feedURL)
        let link = alternate(in: root, base: base)
        if base == nil { base = link }
        let feedAuthor = root.first("author", FeedNamespace.atom)?.value("name", FeedNamespace.atom)
        let drafts = root.all("entry", FeedNamespace.atom).map { draft($0, base: base, feedAuthor: feedAuthor) }
        let title = root.first("title", FeedNamespace.atom).map { plainText(of: $0) }
        return (Feed(format: .atom, title: title?.isEmpty == true ? nil : title, link: link), drafts)
    }
}

private extension AtomFeedReader {
    func draft(_ entry: XMLElement, base inherited: String?, feedAuthor: String?) -> PostDraft {
        let base = FeedLink.base(of: entry, inheriting: inherited)
        var draft = PostDraft(location: SourceLocation(file: source, line: entry.line, column: entry.column), base: base)
        draft.id = entry.value("id", FeedNamespace.atom)
        draft.url = alternate(in: entry, base: base)
        draft.title = entry.first("title", FeedNamespace.atom).map { plainText(of: $0) }
        if let content = entry.first("content", FeedNamespace.atom), content.attribute("src") == nil {
            draft.content = self.content(of: content)
            draft.base = FeedLink.base(of: content, inheriting: base)
        } else if let summary = entry.first("summary", FeedNamespace.atom) {
            draft.content = self.content(of: summary)
            draft.base = FeedLink.base(of: summary, inheriting: base)
        }
        draft.published = PostDraft.Dated(entry.first("published", FeedNamespace.atom), source: source)
        draft.updated = PostDraft.Dated(entry.first("updated", FeedNamespace.atom), source: source)
        draft.author = entry.first("author", FeedNamespace.atom)?.value("name", FeedNamespace.atom) ?? feedAuthor
        draft.media = MediaElements.media(in: entry, base: base)
        draft.relation = PostRelation.of(xml: entry)
        for link in entry.all("link", FeedNamespace.atom) where link.attribute("rel") == "enclosure" {
            guard let href = link.attribute("href"), !href.trimmingSpaces.isEmpty else { continue }
            draft.media.append(PostMedia(url: FeedLink.resolve(href, against: FeedLink.base(of: link, inheriting: base)),
                                         type: link.attribute("type"), alt: link.attribute("title")))
        }
        return draft
    }

    /// The `rel="alternate"` link (or the first link without `rel`), absolute.
    func alternate(in element: XMLElement, base: String?) -> String? {
        let links = element.all("link", FeedNamespace.atom)
        let chosen = links.first { ($0.attribute("rel") ?? "alternate") == "alternate" && $0.attribute("type").map { $0.contains("html") } != false }
            ?? links.first { ($0.attribute("rel") ?? "alternate") == "alternate" }
        guard let chosen, let href = chosen.attribute("href") else { return nil }
        return FeedLink.resolve(href, against: FeedLink.base(of: chosen, inheriting: base))
    }

    /// A text construct's content by its `type`.
    func content(of element: XMLElement) -> PostDraft.Content {
        switch element.attribute("type")?.lowercased() ?? "text" {
        case "html", "text/html": return .html(element.text)
        case "xhtml", "application/xhtml+xml":
            let division = element.first("div", FeedNamespace.xhtml)
            return .html(String((division ?? element).innerXML.trimmingSpaces))
        default: return .text(element.text)
        }
    }

    /// A text construct as plain text.
    func plainText(of element: XMLElement) -> String {
        switch content(of: element) {
        case .html(let html): PostText.plain(fromHTML: html)
        case .text(let text): PostText.collapsed(text)
        }
    }
}
