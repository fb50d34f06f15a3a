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
        var site: [String: TemplateValue] = [
            "title": .string(config.title),
            "language": .string(config.language),
            "params": .map(config.params),
        ]
        site["description"] = config.description.map(TemplateValue.string) ?? .null
        site["base_url"] = config.baseURL.map(TemplateValue.string) ?? .null
        self.site = .map(site)
        generator = .map(["name": .string(Generator.name), "version": .string(Generator.version)])
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
            if case .map(var own) = entries[index] {
                own["current"] = .bool(true)
                own["url"] = .string("index.html")
                entries[index] = .map(own)
            }
            accounts = .list(entries)
        }
        return .map([
            "site": site, "account": Self.accountValue(account, intentHost: config.intentHost), "accounts": accounts, "root": .string("../"),
            "page": page(path: "\(account.slug)/index.html", canonicalPath: "\(account.slug)/"), "generator": generator,
        ])
    }

    /// The context of the index page.
    package func indexPage() -> TemplateValue {
        .map([
            "site": site, "account": .null, "accounts": .list(accountsList(prefix: "")), "root": .string("./"),
            "page": page(path: "index.html", canonicalPath: ""), "generator": generator,
        ])
    }

    /// The context of the 404 page: served at any depth, so its root is the site's absolute address.
    package func notFoundPage() -> TemplateValue {
        .map([
            "site": site, "account": .null, "accounts": .list(accountsList(prefix: rootForNotFound)), "root": .string(rootForNotFound),
            "page": .map(["path": .string("404.html"), "canonical_url": .null]), "generator": generator,
        ])
    }

    /// The `accounts` list with urls `<prefix><slug>/index.html`.
    func accountsList(prefix: String) -> [TemplateValue] {
        config.accounts.map { Self.listEntry($0, url: prefix + $0.slug + "/index.html") }
    }

    var rootForNotFound: String {
        config.baseURL.map { $0 + "/" } ?? "/"
    }

    func page(path: String, canonicalPath: String) -> TemplateValue {
        .map(["path": .string(path), "canonical_url": config.baseURL.map { .string($0 + "/" + canonicalPath) } ?? .null])
    }

    static func listEntry(_ account: Account, url: String) -> TemplateValue {
        .map(["name": .string(account.name), "handle": .string(account.handle), "url": .string(url), "current": .bool(false)])
    }

    static func accountValue(_ account: Account, intentHost: IntentHost) -> TemplateValue {
        let timeline = account.timeline
        func optional<T>(_ value: T?, _ make: (T) -> TemplateValue) -> TemplateValue { value.map(make) ?? .null }
        return .map([
            "handle": .string(account.handle),
            "name": .string(account.name),
            "description": optional(account.description, TemplateValue.string),
            "profile_url": .string("https://twitter.com/\(account.handle)"),
            "compose_url": .string(IntentURL.compose(account.compose, host: intentHost)),
            "theme": .string(timeline.theme.rawValue),
            "height": .int(timeline.height),
            "width": optional(timeline.width, TemplateValue.int),
            "tweet_limit": optional(timeline.tweetLimit, TemplateValue.int),
            "chrome": .string(timeline.chrome.map(\.rawValue).joined(separator: " ")),
            "dnt": .bool(timeline.dnt),
            "lang": optional(timeline.lang, TemplateValue.string),
            "aria_polite": optional(timeline.ariaPolite?.rawValue, TemplateValue.string),
            "show_replies": .bool(timeline.showReplies),
            "loading_timeout_ms": .int(Int((timeline.loadingTimeout * 1000).rounded())),
            "load": .string(timeline.load.rawValue),
            "load_on_click": .bool(timeline.load == .click),
            "remember_consent": .bool(timeline.rememberConsent),
            "params": .map(account.params),
        ])
    }
}
