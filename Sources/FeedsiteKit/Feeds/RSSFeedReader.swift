/// RSS 2.0 and 0.9x (`<rss><channel><item>`) and RSS 1.0 / 0.90 (`<rdf:RDF>` with `<item>`s beside the
/// channel), with the modules real feeds add: `content:encoded`, Dublin Core creator and dates, Media
/// RSS and enclosures.
struct RSSFeedReader {
    /// The file or URL, for locations.
    let source: String
    /// The feed's own URL, when it came from the web.
    let feedURL: String?
}

extension RSSFeedReader {
    /// The feed in the `<rss>` or `<rdf:RDF>` element `root`.
    func read(_ root: XMLElement, format: FeedFormat) -> (feed: Feed, drafts: [PostDraft]) {
        let rootBase = FeedLink.base(of: root, inheriting: feedURL)
        let namespace = format == .rdf ? (root.first("channel", FeedNamespace.rss090) != nil ? FeedNamespace.rss090 : FeedNamespace.rss1) : ""
        let channel = root.first("channel", namespace)
        var base = channel.map { FeedLink.base(of: $0, inheriting: rootBase) } ?? rootBase
        let link = channel?.value("link", namespace).map { FeedLink.resolve($0, against: base) }
        // A feed read from a file resolves its relative links against the site it names.
        if base == nil { base = link }
        var items = format == .rdf ? root.all("item", namespace) : []
        items += channel?.all("item", namespace) ?? []
        let drafts = items.map { draft($0, namespace: namespace, base: base) }
        let title = channel?.value("title", namespace).map(RSSTitle.text)
        return (Feed(format: format, title: title, link: link), drafts)
    }
}

private extension RSSFeedReader {
    func draft(_ item: XMLElement, namespace: String, base inherited: String?) -> PostDraft {
        let base = FeedLink.base(of: item, inheriting: inherited)
        var draft = PostDraft(location: SourceLocation(file: source, line: item.line, column: item.column), base: base)
        draft.title = item.value("title", namespace).map(RSSTitle.text)
        draft.url = item.value("link", namespace).map { FeedLink.resolve($0, against: base) }
        if let guid = item.first("guid", namespace) {
            let value = String(guid.text.trimmingSpaces)
            draft.id = value.isEmpty ? nil : value
            if draft.url == nil, guid.attribute("isPermaLink") != "false", HTTPURLSyntax.scheme(of: value) != nil { draft.url = value }
        } else if let about = item.attribute("about", FeedNamespace.rdf) {
            draft.id = about
        }
        if let html = item.first("encoded", FeedNamespace.content)?.text ?? item.first("description", namespace)?.text {
            draft.content = .html(html)
        }
        draft.published = PostDraft.Dated(item.first("pubDate", namespace), item.first("date", FeedNamespace.dublinCore),
                                          item.first("issued", FeedNamespace.dublinCoreTerms), source: source)
        draft.updated = PostDraft.Dated(item.first("updated", FeedNamespace.atom), item.first("modified", FeedNamespace.dublinCoreTerms), source: source)
        draft.author = item.value("creator", FeedNamespace.dublinCore) ?? item.value("author", namespace)
        draft.media = MediaElements.media(in: item, base: base)
        draft.relation = PostRelation.of(xml: item)
        for enclosure in item.all("enclosure", namespace) {
            guard let url = enclosure.attribute("url"), !url.trimmingSpaces.isEmpty else { continue }
            draft.media.append(PostMedia(url: FeedLink.resolve(url, against: base), type: enclosure.attribute("type")))
        }
        return draft
    }
}
