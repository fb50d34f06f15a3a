/// The data each page's template sees, as documented in the README's template-context table.
package struct PageContext: Sendable {
    let config: SiteConfig
    let site: TemplateValue
    let generator: TemplateValue
    /// The `accounts` list as account pages see it (urls relative to a page one folder deep).
    let accountsFromAccountPage: [TemplateValue]

    /// Prepares everything that does not depend on the page; the `accounts` list for account pages
    /// only when `accountPagesListAccounts` (it costs a map per account). Each page's own values
    /// are made when it renders, on the core that renders it.
    package init(config: SiteConfig, accountPagesListAccounts: Bool) {
        self.config = config
        site = .record(TemplateRecord(Self.siteSchema, [
            .string(config.title), .string(config.language), .map(config.params),
            config.description.map(TemplateValue.string) ?? .null, config.baseURL.map(TemplateValue.string) ?? .null,
        ]))
        generator = .record(TemplateRecord(Self.generatorSchema, [.string(Generator.name), .string(Generator.version)]))
        accountsFromAccountPage = accountPagesListAccounts
            ? config.accounts.map { Self.listEntry($0, url: "../\($0.slug)/index.html") } : []
    }
}

extension PageContext {
    /// The context of the account page of `accounts[index]`; `accounts` is included only when templates use it.
    package func accountPage(_ index: Int, includeAccounts: Bool) -> TemplateValue {
        let account = config.accounts[index]
        var accounts = TemplateValue.list([])
        if includeAccounts, !accountsFromAccountPage.isEmpty {
            var entries = accountsFromAccountPage
            entries[index] = Self.listEntry(account, url: "index.html", current: true)
            accounts = .list(entries)
        }
        return pageValue(account: Self.accountValue(account, intentHost: config.intentHost), accounts: accounts, root: "../",
                         page: page(path: account.slug + "/index.html", canonicalPath: account.slug + "/"))
    }

    /// The context of the index page.
    package func indexPage() -> TemplateValue {
        pageValue(account: .null, accounts: .list(accountsList(prefix: "")), root: "./", page: page(path: "index.html", canonicalPath: ""))
    }

    /// The context of the 404 page: served at any depth, so its root is the site's absolute address.
    package func notFoundPage() -> TemplateValue {
        pageValue(account: .null, accounts: .list(accountsList(prefix: rootForNotFound)), root: rootForNotFound,
                  page: .record(TemplateRecord(Self.pageSchema, [.string("404.html"), .null])))
    }

    /// The `accounts` list with urls `<prefix><slug>/index.html`.
    func accountsList(prefix: String) -> [TemplateValue] {
        config.accounts.map { Self.listEntry($0, url: prefix + $0.slug + "/index.html") }
    }

    var rootForNotFound: String {
        config.baseURL.map { $0 + "/" } ?? "/"
    }

    func page(path: String, canonicalPath: String) -> TemplateValue {
        .record(TemplateRecord(Self.pageSchema, [.string(path), config.baseURL.map { .string($0 + "/" + canonicalPath) } ?? .null]))
    }

    /// A page's whole context.
    func pageValue(account: TemplateValue, accounts: TemplateValue, root: String, page: TemplateValue) -> TemplateValue {
        .record(TemplateRecord(Self.pageContextSchema, [site, account, accounts, .string(root), page, generator]))
    }

    static func listEntry(_ account: Account, url: String, current: Bool = false) -> TemplateValue {
        .record(TemplateRecord(listEntrySchema, [.string(account.name), .string(account.handle), .string(url), .bool(current)]))
    }

    static func accountValue(_ account: Account, intentHost: IntentHost) -> TemplateValue {
        let timeline = account.timeline
        func optional<T>(_ value: T?, _ make: (T) -> TemplateValue) -> TemplateValue { value.map(make) ?? .null }
        return .record(TemplateRecord(accountSchema, [
            .string(account.handle),
            .string(account.name),
            optional(account.description, TemplateValue.string),
            .string("https://twitter.com/" + account.handle),
            .string(IntentURL.compose(account.compose, host: intentHost)),
            .string(timeline.theme.rawValue),
            .int(timeline.height),
            optional(timeline.width, TemplateValue.int),
            optional(timeline.tweetLimit, TemplateValue.int),
            .string(timeline.chrome.map(\.rawValue).joined(separator: " ")),
            .bool(timeline.dnt),
            optional(timeline.lang, TemplateValue.string),
            optional(timeline.ariaPolite?.rawValue, TemplateValue.string),
            .bool(timeline.showReplies),
            .int(Int((timeline.loadingTimeout * 1000).rounded())),
            .string(timeline.load.rawValue),
            .bool(timeline.load == .click),
            .bool(timeline.rememberConsent),
            .map(account.params),
        ]))
    }
}

/// The keys of each kind of record in a page's context (the README's template-context table).
private extension PageContext {
    static let pageContextSchema = TemplateRecord.Schema(["site", "account", "accounts", "root", "page", "generator"])
    static let siteSchema = TemplateRecord.Schema(["title", "language", "params", "description", "base_url"])
    static let generatorSchema = TemplateRecord.Schema(["name", "version"])
    static let pageSchema = TemplateRecord.Schema(["path", "canonical_url"])
    static let listEntrySchema = TemplateRecord.Schema(["name", "handle", "url", "current"])
    static let accountSchema = TemplateRecord.Schema([
        "handle", "name", "description", "profile_url", "compose_url", "theme", "height", "width", "tweet_limit", "chrome",
        "dnt", "lang", "aria_polite", "show_replies", "loading_timeout_ms", "load", "load_on_click", "remember_consent", "params",
    ])
}
