/// The Atom 1.0 feeds a site with a `base_url` publishes: `feed.xml`, the first page of the river,
/// and `<slug>/feed.xml` for each account that has a snapshot (the posts its page shows). Atom needs
/// absolute ids and links, so a site without `base_url` has no feeds. Every date comes from the
/// snapshots, never from the clock: an unchanged snapshot gives a byte-identical feed.
struct AtomFeed {
    /// The site's address, without a trailing slash.
    let baseURL: String
    let config: SiteConfig
    let snapshots: [Snapshot?]
}

extension AtomFeed {
    /// The river's feed path, relative to the output folder.
    static let riverPath = "feed.xml"

    /// The path of an account's feed.
    static func path(of account: Account) -> String {
        account.slug + "/feed.xml"
    }

    /// The title of the river's feed (also the `title` of the pages' `<link rel="alternate">`).
    static func riverTitle(_ config: SiteConfig) -> String {
        "Latest posts · " + BidiIsolation.isolated(config.title)
    }

    /// The title of an account's feed.
    static func title(of account: Account, in config: SiteConfig) -> String {
        "\(BidiIsolation.isolated(account.name)) (@\(account.handle)) · \(BidiIsolation.isolated(config.title))"
    }

    /// Whether `snapshots[index]` gives its account a feed.
    static func hasFeed(_ index: Int, snapshots: [Snapshot?]) -> Bool {
        index < snapshots.count && snapshots[index] != nil
    }

    /// The river's feed file; each account's is made with its page (`accountFeed`).
    func riverFile(_ river: River) -> SiteFile {
        SiteFile(path: Self.riverPath, bytes: riverFeed(river))
    }

    /// The river's feed: the posts of its first page.
    func riverFeed(_ river: River) -> [UInt8] {
        let entries = Array(river.entries(onPage: 1))
        let fallback = snapshots.compactMap { $0.flatMap(Self.snapshotTime) }.max()
        return document(id: baseURL + "/", title: Self.riverTitle(config), subtitle: config.description,
                        selfPath: Self.riverPath, pagePath: River.folder(ofPage: 1), author: nil,
                        entries: entries, fallback: fallback) { entry in
            (entry.account < snapshots.count ? snapshots[entry.account] : nil).flatMap(Self.snapshotTime)
        }
    }

    /// The feed of `config.accounts[index]`, whose snapshot is `snapshot`: `shown`, the posts its page shows (`River.shown`).
    func accountFeed(_ index: Int, snapshot: Snapshot, shown: [Post]) -> SiteFile {
        let account = config.accounts[index]
        let time = Self.snapshotTime(snapshot)
        return SiteFile(path: Self.path(of: account), bytes: document(
            id: baseURL + "/" + account.slug + "/", title: Self.title(of: account, in: config),
            subtitle: account.options["description"]?.stringValue, selfPath: Self.path(of: account),
            pagePath: account.slug + "/", author: index, entries: River.entries(shown, account: index), fallback: time) { _ in time })
    }
}

private extension AtomFeed {
    static let atomNamespace = "http://www.w3.org/2005/Atom"
    /// The `updated` of a feed with no post and no snapshot date: any fixed moment keeps the feed stable.
    static let epoch = "1970-01-01T00:00:00Z"

    /// When a snapshot's posts last changed (else when it was fetched).
    static func snapshotTime(_ snapshot: Snapshot) -> DisplayTime? {
        (snapshot.record.changedAt ?? snapshot.record.fetchedAt).flatMap(DisplayTime.init)
    }

    /// A whole feed. `author`: the account whose feed it is (named once at the top), nil for the river.
    func document(id: String, title: String, subtitle: String?, selfPath: String, pagePath: String, author: Int?,
                  entries: [River.Entry], fallback: DisplayTime?, snapshotTime: (River.Entry) -> DisplayTime?) -> [UInt8] {
        let newest = entries.map { updated(of: $0, snapshotTime: snapshotTime) }.max() ?? fallback?.rfc3339 ?? Self.epoch
        var xml = XMLWriter()
        xml.open("feed", ["xmlns": Self.atomNamespace, "xml:lang": config.language])
        xml.element("id", [:], id)
        xml.element("title", ["type": "text"], title)
        if let subtitle, !subtitle.isEmpty { xml.element("subtitle", ["type": "text"], subtitle) }
        xml.element("updated", [:], newest)
        xml.element("link", ["rel": "self", "type": "application/atom+xml", "href": baseURL + "/" + selfPath])
        xml.element("link", ["rel": "alternate", "type": "text/html", "href": baseURL + "/" + pagePath])
        if let author { writeAuthor(author, into: &xml) }
        xml.element("generator", ["version": Generator.version], Generator.name)
        for entry in entries { write(entry, updated: updated(of: entry, snapshotTime: snapshotTime), into: &xml) }
        xml.close()
        return xml.bytes
    }

    func write(_ entry: River.Entry, updated: String, into xml: inout XMLWriter) {
        let account = config.accounts[entry.account]
        let post = entry.post
        let link = Self.httpURL(post.url)
        xml.open("entry")
        xml.element("id", [:], PostAnchor.globalID(of: post) ?? "\(baseURL)/\(account.slug)/#\(PostAnchor.of(post.id))")
        xml.element("title", ["type": "text"], PostExcerpt.of(post, limit: 100) ?? "Post by @\(account.handle)")
        xml.element("updated", [:], updated)
        if let published = entry.time { xml.element("published", [:], published.rfc3339) }
        writeAuthor(entry.account, into: &xml)
        xml.element("link", ["rel": "alternate", "type": "text/html", "href": link ?? baseURL + "/" + account.slug + "/"])
        for media in post.media {
            guard let url = Self.httpURL(media.url) else { continue }
            // A published copy's type is read from its bytes; the feed's claim may be wrong.
            if let type = media.copy?.type ?? media.type, !type.isEmpty {
                xml.element("link", ["rel": "enclosure", "type": type, "href": url])
            } else {
                xml.element("link", ["rel": "enclosure", "href": url])
            }
        }
        if !post.html.isEmpty {
            // Sanitized when the snapshot was read; escaped here as the text of the element, as `type="html"` says.
            xml.element("content", ["type": "html"], post.html)
        } else if !post.text.isEmpty {
            xml.element("content", ["type": "text"], post.text)
        }
        xml.close()
    }

    func writeAuthor(_ index: Int, into xml: inout XMLWriter) {
        let account = config.accounts[index]
        xml.open("author")
        xml.element("name", [:], "\(account.name) (@\(account.handle))")
        xml.element("uri", [:], baseURL + "/" + account.slug + "/")
        xml.close()
    }

    /// An entry's `updated`: the post's, else its `published`, else when its snapshot last changed (`snapshotTime`).
    func updated(of entry: River.Entry, snapshotTime: (River.Entry) -> DisplayTime?) -> String {
        if let updated = entry.post.updated.flatMap(DisplayTime.init) { return updated.rfc3339 }
        if let published = entry.time { return published.rfc3339 }
        return snapshotTime(entry)?.rfc3339 ?? Self.epoch
    }

    /// `url` when it is an http(s) URL a feed may hold.
    static func httpURL(_ url: String?) -> String? {
        url.flatMap { HTTPURLSyntax.problem(in: $0) == nil ? $0 : nil }
    }
}
