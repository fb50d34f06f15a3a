/// The data each page's template sees, as documented in the README's template-context table.
package struct PageContext: Sendable {
    let config: SiteConfig
    let site: TemplateValue
    let generator: TemplateValue
    /// The site's base URL and intent host, read once instead of per page.
    let baseURL: String?
    let intentHost: IntentHost
    /// The `accounts` list as account pages see it (urls relative to a page one folder deep).
    let accountsFromAccountPage: [TemplateValue]
    /// Each account's snapshot, in `config.accounts` order (empty: none).
    let snapshots: [Snapshot?]
    /// Whether dates for readers are written in English (the site's `language`).
    let english: Bool
    /// Every account's posts merged: the river pages' posts and the index's latest post of each account.
    let river: River
    /// Each account's `accounts[].latest`, in `config.accounts` order.
    let latest: [TemplateValue]
    /// The media copies the build publishes (file names in `snapshots/media/`).
    let copies: Set<String>
    /// Each page's Content Security Policy (`page.csp`).
    let policies: PagePolicies
    /// Whether the site has river pages (a `latest.html` template): `page.river_url` is null without.
    var hasRiver = true
    /// The data files (`data`), the same on every page.
    var data = TemplateValue.map([:])
    /// The site's `image`, absolute (`ImageReference`); nil when unset or a path without `base_url`.
    let siteImage: String?
    /// The icon in `templates/assets/` the pages link (`page.favicon`), when there is one.
    var favicon: Favicon?

    /// Prepares everything that does not depend on the page; the `accounts` list for account pages
    /// only when `accountPagesListAccounts` (it costs a map per account). Each page's own values
    /// are made when it renders, on the core that renders it.
    package init(config: SiteConfig, accountPagesListAccounts: Bool, snapshots: [Snapshot?] = [], copies: Set<String> = []) {
        self.init(config: config, accountPagesListAccounts: accountPagesListAccounts, snapshots: snapshots,
                  river: River(config: config, snapshots: snapshots), copies: copies)
    }

    /// As `init(config:accountPagesListAccounts:snapshots:copies:)`, with the river merged already.
    init(config: SiteConfig, accountPagesListAccounts: Bool, snapshots: [Snapshot?], river: River, copies: Set<String>) {
        self.config = config
        site = .record(TemplateRecord(Self.siteSchema, Self.siteFields.map { slot, field in
            field.value(config.options.values[slot], account: nil, intentHost: config.intentHost)
        }))
        baseURL = config.baseURL
        siteImage = config.options["image"]?.stringValue.flatMap { ImageReference.absolute($0, baseURL: config.baseURL) }
        intentHost = config.intentHost
        generator = .record(TemplateRecord(Self.generatorSchema, [.string(Generator.name), .string(Generator.version)]))
        self.snapshots = snapshots
        self.copies = copies
        policies = PagePolicies(config: config, snapshots: snapshots)
        let english = PostsContext.isEnglish(config.options.values[OptionTable.site.slot("language")].stringValue ?? "")
        self.english = english
        self.river = river
        let latest = river.latest.map { RiverContext.latest($0, posts: PostsContext(limit: 1, english: english)) }
        self.latest = latest
        accountsFromAccountPage = accountPagesListAccounts
            ? config.accounts.indices.map { Self.listEntry(config.accounts[$0], url: "../\(config.accounts[$0].slug)/index.html", latest: latest[$0]) }
            : []
    }
}

extension PageContext {
    /// The context of the account page of `accounts[index]`; `accounts` is listed only when the context was made
    /// with `accountPagesListAccounts` (templates use it).
    package func accountPage(_ index: Int) -> TemplateValue {
        let account = config.accounts[index]
        var accounts = TemplateValue.list([])
        if !accountsFromAccountPage.isEmpty {
            var entries = accountsFromAccountPage
            entries[index] = Self.listEntry(account, url: "index.html", latest: latest[index], current: true)
            accounts = .list(entries)
        }
        let snapshot = index < snapshots.count ? snapshots[index] : nil
        let feed = baseURL != nil && snapshot != nil ? ("feed.xml", AtomFeed.title(of: account, in: config)) : nil
        return pageValue(account: Self.accountValue(account, intentHost: intentHost, snapshot: snapshot, english: english, copies: copies),
                         accounts: accounts, root: "../", page: page(.account(index), path: account.slug + "/index.html", canonicalPath: account.slug + "/", feed: feed))
    }

    /// The context of the index page.
    package func indexPage() -> TemplateValue {
        pageValue(account: .null, accounts: .list(accountsList(prefix: "")), root: "./",
                  page: page(.index, path: "index.html", canonicalPath: "", feed: riverFeed(root: "./")))
    }

    /// The context of the 404 page: served at any depth, so its root is the site's absolute address.
    package func notFoundPage() -> TemplateValue {
        pageValue(account: .null, accounts: .list(accountsList(prefix: rootForNotFound)), root: rootForNotFound,
                  page: .record(TemplateRecord(Self.pageSchema, [.string("404.html"), .null, .null, .null,
                                                          .string(policies.policy(for: .notFound).meta), riverURL(root: rootForNotFound)]
                                                   + shareFields(.notFound, root: rootForNotFound))))
    }

    /// The `accounts` list with urls `<prefix><slug>/index.html`.
    func accountsList(prefix: String) -> [TemplateValue] {
        config.accounts.indices.map { Self.listEntry(config.accounts[$0], url: prefix + config.accounts[$0].slug + "/index.html", latest: latest[$0]) }
    }

    var rootForNotFound: String {
        baseURL.map { $0 + "/" } ?? "/"
    }

    /// The `page` record of a page of `kind`; `feed`: the url (relative) and title of the page's Atom feed, when it has one.
    func page(_ kind: PlannedPage.Kind, path: String, canonicalPath: String, feed: (url: String, title: String)? = nil) -> TemplateValue {
        let depth = String(repeating: "../", count: path.count { $0 == "/" })
        let root = depth.isEmpty ? "./" : depth
        return .record(TemplateRecord(Self.pageSchema, [.string(path), baseURL.map { .string($0 + "/" + canonicalPath) } ?? .null,
                                                        feed.map { .string($0.url) } ?? .null, feed.map { .string($0.title) } ?? .null,
                                                        .string(policies.policy(for: kind).meta), riverURL(root: root)]
                                      + shareFields(kind, root: root)))
    }

    /// The river's first page as seen from a page at `root`; null when the site has no river pages.
    func riverURL(root: String) -> TemplateValue {
        hasRiver ? .string(root + River.path(ofPage: 1)) : .null
    }

    /// The river's feed as seen from a page at `root`, when the site has feeds (a `base_url`).
    func riverFeed(root: String) -> (url: String, title: String)? {
        baseURL == nil ? nil : (root + AtomFeed.riverPath, AtomFeed.riverTitle(config))
    }

    /// A page's whole context.
    func pageValue(account: TemplateValue, accounts: TemplateValue, root: String, page: TemplateValue, river: TemplateValue = .null) -> TemplateValue {
        .record(TemplateRecord(Self.pageContextSchema, [site, account, accounts, .string(root), page, generator, river, data]))
    }

    static func listEntry(_ account: Account, url: String, latest: TemplateValue, current: Bool = false) -> TemplateValue {
        .record(TemplateRecord(listEntrySchema, [.string(account.name), .string(account.handle), .string(url), .bool(current), latest,
                                                 .string(account.network.rawValue), .string(account.network.displayName),
                                                 .bool(account.network.hasTimelineWidget)]))
    }

    /// The `account` record: one value per context field of the account options, made from the account's options,
    /// then the fields of its snapshot (`PostsContext`; constants when there is none).
    static func accountValue(_ account: Account, intentHost: IntentHost, snapshot: Snapshot?, english: Bool,
                             copies: Set<String> = []) -> TemplateValue {
        let options = account.options.values
        // Slots and sources in arrays of their own, read by index: no copy of each field's names per page
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: accountPage 15.9M -> 12.2M instructions).
        var values = accountSources.indices.map {
            accountSources[$0].value(options[accountSlots[$0]], account: account, intentHost: intentHost)
        }
        if let snapshot {
            values += PostsContext(limit: account.postLimit, english: english, media: account.mediaPolicy, copies: copies).values(snapshot)
        } else {
            values += PostsContext.noSnapshot
        }
        return .record(TemplateRecord(accountSchema, values))
    }
}

/// The keys of each kind of record in a page's context (the README's template-context table).
private extension PageContext {
    static let pageContextSchema = TemplateRecord.Schema(["site", "account", "accounts", "root", "page", "generator", "river", "data"])
    static let generatorSchema = TemplateRecord.Schema(["name", "version"])
    static let pageSchema = TemplateRecord.Schema(["path", "canonical_url", "feed_url", "feed_title", "csp", "river_url"] + shareFieldNames)
    static let listEntrySchema = TemplateRecord.Schema(["name", "handle", "url", "current", "latest", "network", "network_name", "has_timeline"])
    // The `site` and `account` records hold the context fields the option tables declare, in table order.
    static let siteFields = OptionTable.site.contextFields
    static let siteSchema = TemplateRecord.Schema(siteFields.map(\.field.name))
    static let accountFields = OptionTable.account.contextFields
    static let accountSchema = TemplateRecord.Schema(accountFields.map(\.field.name) + PostsContext.fields.map(\.name))
    static let accountSlots = accountFields.map(\.slot)
    static let accountSources = accountFields.map(\.field.source)
}
