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
    /// Each account's fields from its options, in `config.accounts` order: the first values of both
    /// the `account` record and its `accounts` item, made once by `AccountEntries`.
    let accountEntries: AccountEntries
    /// Each account's snapshot, in `config.accounts` order (empty: none).
    let snapshots: [Snapshot?]
    /// Whether dates for readers are written in English (the site's `language`).
    let english: Bool
    /// Every account's posts merged: the river pages' posts and the index's latest post of each account.
    let river: River
    /// Each account's `accounts[].latest`, in `config.accounts` order.
    let latest: [TemplateValue]
    /// The media copies the build publishes (file names in `snapshots/media/`).
    var copies: Set<String>
    /// Each page's Content Security Policy (`page.csp`).
    let policies: PagePolicies
    /// Whether the site has river pages (a `latest.html` template): `page.river_url` is null without.
    var hasRiver = true
    /// Whether the river pages get the `accounts` list (and `groups`): only when their template uses it.
    var riverPagesListAccounts = true
    /// Whether the 404 page gets the `accounts` list (and `groups`): only when its template uses it.
    var notFoundListsAccounts = true
    /// Whether each extra page gets the `accounts` list (and `groups`), in `extraPageNames` order; one not listed gets it.
    var extraPagesListAccounts: [Bool] = []
    /// The data files (`data`), the same on every page.
    var data = TemplateValue.map([:])
    /// The extra pages' names (`templates/pages/NAME.html`), in `TemplateSet.pages` order.
    var extraPageNames: [String] = []
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
    /// `snapshots` need hold no more posts than the newest: only account pages show the others, and
    /// they are given theirs (`accountPage(_:snapshot:shown:)`). `policies` and `options`: when made already.
    init(config: SiteConfig, accountPagesListAccounts: Bool, snapshots: [Snapshot?], river: River, copies: Set<String>,
         policies: PagePolicies? = nil, options: AccountEntries? = nil) {
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
        self.policies = policies ?? PagePolicies(config: config, snapshots: snapshots)
        let english = PostsContext.isEnglish(config.options.values[OptionTable.site.slot("language")].stringValue ?? "")
        self.english = english
        self.river = river
        let latest = river.latest.map { RiverContext.latest($0, posts: PostsContext(english: english)) }
        self.latest = latest
        let entries = options.map { $0.with(snapshots: snapshots, latest: latest, english: english) }
            ?? AccountEntries(config: config, snapshots: snapshots, latest: latest, english: english)
        accountEntries = entries
        accountsFromAccountPage = accountPagesListAccounts
            ? config.accounts.indices.map { entries.item($0, url: "../\(config.accounts[$0].slug)/index.html") }
            : []
    }
}

extension PageContext {
    /// The context of the account page of `accounts[index]`; `accounts` is listed only when the context was made
    /// with `accountPagesListAccounts` (templates use it).
    package func accountPage(_ index: Int) -> TemplateValue {
        let snapshot = index < snapshots.count ? snapshots[index] : nil
        let shown = snapshot.map { Array(PostOrder.newestFirst($0.posts).prefix(config.accounts[index].postLimit)) } ?? []
        return accountPage(index, snapshot: snapshot, shown: shown)
    }

    /// The context of the account page of `accounts[index]`, whose snapshot is `snapshot` and whose page
    /// shows `shown` (`River.shown`); `origins`: its `PagePolicies.origins(of:snapshot:)`, when the
    /// context was made without them.
    func accountPage(_ index: Int, snapshot: Snapshot?, shown: [Post], origins: Set<String>? = nil) -> TemplateValue {
        let account = config.accounts[index]
        var accounts = TemplateValue.list([])
        if !accountsFromAccountPage.isEmpty {
            var entries = accountsFromAccountPage
            entries[index] = accountEntries.item(index, url: "index.html", current: true)
            accounts = .list(entries)
        }
        let feed = baseURL != nil && snapshot != nil ? ("feed.xml", AtomFeed.title(of: account, in: config)) : nil
        let newest = shown.first.map { River.Entry(account: index, post: $0, time: $0.published.flatMap(DisplayTime.init)) }
        let latest = RiverContext.latest(newest, posts: PostsContext(english: english))
        let policy = origins.map { ContentSecurityPolicy(loadsWidget: policies.widgetAccounts.contains(index), imageOrigins: $0.sorted()) }
        return pageValue(account: accountEntries.account(index, snapshot: snapshot, shown: shown, latest: latest,
                                                          posts: PostsContext(english: english, media: account.mediaPolicy, copies: copies)),
                         accounts: accounts, root: "../",
                         page: page(.account(index), path: account.slug + "/index.html", canonicalPath: account.slug + "/", feed: feed, policy: policy))
    }

    /// The context of the index page.
    package func indexPage() -> TemplateValue {
        pageValue(account: .null, accounts: .list(accountsList(prefix: "")), root: "./",
                  page: page(.index, path: "index.html", canonicalPath: "", feed: riverFeed(root: "./")))
    }

    /// The context of the 404 page: served at any depth, so its root is the site's absolute address.
    package func notFoundPage() -> TemplateValue {
        // The list only when the template reads it, as for the river pages (perf, Benchmarks/one_change.py: the 404
        // and about pages' lists were 3% of the build's CPU).
        pageValue(account: .null, accounts: .list(notFoundListsAccounts ? accountsList(prefix: rootForNotFound) : []), root: rootForNotFound,
                  page: .record(TemplateRecord(Self.pageSchema, [.string("404.html"), .null, .null, .null,
                                                          .string(policies.policy(for: .notFound).meta), riverURL(root: rootForNotFound), .null]
                                                   + shareFields(.notFound, root: rootForNotFound))))
    }

    /// The context of the extra page `templates/pages/NAME.html` at `index` of `extraPageNames`: as the index's, one folder deep, with `page.name`.
    func extraPage(_ index: Int) -> TemplateValue {
        let name = extraPageNames[index]
        let listsAccounts = index >= extraPagesListAccounts.count || extraPagesListAccounts[index]
        return pageValue(account: .null, accounts: .list(listsAccounts ? accountsList(prefix: "../") : []), root: "../",
                         page: page(.extra(index), path: name + "/index.html", canonicalPath: name + "/", name: .string(name)))
    }

    /// The `accounts` list with urls `<prefix><slug>/index.html`.
    func accountsList(prefix: String) -> [TemplateValue] {
        config.accounts.indices.map { accountEntries.item($0, url: prefix + config.accounts[$0].slug + "/index.html") }
    }

    var rootForNotFound: String {
        baseURL.map { $0 + "/" } ?? "/"
    }

    /// The `page` record of a page of `kind`; `feed`: the url (relative) and title of the page's Atom feed, when it has one.
    func page(_ kind: PlannedPage.Kind, path: String, canonicalPath: String, feed: (url: String, title: String)? = nil,
              name: TemplateValue = .null, policy: ContentSecurityPolicy? = nil) -> TemplateValue {
        let depth = String(repeating: "../", count: path.count { $0 == "/" })
        let root = depth.isEmpty ? "./" : depth
        return .record(TemplateRecord(Self.pageSchema, [.string(path), baseURL.map { .string($0 + "/" + canonicalPath) } ?? .null,
                                                        feed.map { .string($0.url) } ?? .null, feed.map { .string($0.title) } ?? .null,
                                                        .string((policy ?? policies.policy(for: kind)).meta), riverURL(root: root), name]
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

    /// A page's whole context; `groups` is made from `accounts` (the same items, by group).
    func pageValue(account: TemplateValue, accounts: TemplateValue, root: String, page: TemplateValue, river: TemplateValue = .null) -> TemplateValue {
        .record(TemplateRecord(Self.pageContextSchema, [site, account, accounts, .string(root), page, generator, river, data,
                                                        accountEntries.groups(accounts)]))
    }
}

/// The keys of each kind of record in a page's context (the README's template-context table).
private extension PageContext {
    static let pageContextSchema = TemplateRecord.Schema(["site", "account", "accounts", "root", "page", "generator", "river", "data", "groups"])
    static let generatorSchema = TemplateRecord.Schema(["name", "version"])
    static let pageSchema = TemplateRecord.Schema(["path", "canonical_url", "feed_url", "feed_title", "csp", "river_url", "name"] + shareFieldNames)
    // The `site` record holds the context fields the option table declares, in table order.
    static let siteFields = OptionTable.site.contextFields
    static let siteSchema = TemplateRecord.Schema(siteFields.map(\.field.name))
}
