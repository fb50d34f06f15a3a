/// What a build will produce, decided before anything is rendered: the pages to render and the
/// files to copy or generate as they are. So every path of the output folder is known up front,
/// and each page's relative links can be checked as soon as it is rendered.
struct BuildPlan: Sendable {
    /// The pages, index first, in the order of the accounts in site.yml.
    var pages: [PlannedPage]
    /// Files that are not rendered from templates: assets, media copies, static files, `_headers`, the river's Atom feed and sitemap.xml.
    var files: [SiteFile]
    /// The accounts' Atom feeds, made with their pages.
    var accountFeeds: [String] = []
    /// The paths of the files copied from `static/` (among `files`).
    var staticPaths: Set<String> = []
    /// What the plan found worth saying that does not stop the build (more `_headers` rules than Cloudflare reads).
    var warnings: [Diagnostic] = []

    /// Every path the build writes, pages first.
    var paths: [String] { pages.map(\.path) + files.map(\.path) + accountFeeds }
}

extension BuildPlan {
    /// The plan for `site`: an index, a page per account, the river pages and a 404 page when there
    /// are templates for them, the extra pages, the assets, the static files, `_headers`, and the Atom feeds and sitemap.xml
    /// when the site has a `base_url`. Throws when two of them would be written to the same path (an account called
    /// `assets` and an `index.html` among the assets: a `DiagnosticError` at the account; a static file and a generated
    /// one: an `InputError` naming both).
    init(_ site: LoadedSite, assets: [SiteFile], statics: [SiteFile] = []) throws {
        let config = site.config
        pages = Self.pages(of: site)
        files = assets + site.media.files
        if let baseURL = config.baseURL {
            files.append(AtomFeed(baseURL: baseURL, config: config, snapshots: site.snapshots).riverFile(site.river))
            accountFeeds = config.accounts.indices.filter { AtomFeed.hasFeed($0, snapshots: site.snapshots) }.map { AtomFeed.path(of: config.accounts[$0]) }
            files.append(SiteFile(path: Sitemap.path, bytes: Sitemap.xml(baseURL: baseURL, pages: pages)))
        }
        // Made once for both checks, not by each (callgrind, Benchmarks/one_change.py 10000, one incremental build:
        // BuildPlan.init 82.2 M -> 62.5 M instructions).
        let accountPaths = accountPaths(site)
        let accountFolders = Set(accountPaths.keys)
        try refuseCollisions(site, accountPaths: accountPaths, accountFolders: accountFolders)
        try refuseExtraPageCollisions(site)
        try refuseReservedPageNames(site, accountPaths: accountFolders)
        // After the check, which refuses two pages at one path (an account called `latest`).
        let headers = SiteHeaders(pages: pages, policies: site.policies)
        files.append(SiteFile(path: SiteHeaders.path, bytes: headers.file))
        if headers.ruleCount > SiteHeaders.cloudflareRuleLimit {
            warnings.append(Self.headersWarning(headers.ruleCount, config: config))
        }
        try refuseStaticCollisions(statics, site: site)
        files += statics
        staticPaths = Set(statics.map(\.path))
    }

    /// Account pages and feeds are the only paths made from user input: each must differ from every other path.
    /// `accountPaths`: `accountPaths(site)`; `accountFolders`: its keys.
    func refuseCollisions(_ site: LoadedSite, accountPaths: [String: Int], accountFolders: Set<String>) throws(DiagnosticError) {
        // The assets are the files that come from the user; the feeds and sitemap.xml are the build's own.
        let assets = files.lazy.map(\.path).filter { $0.hasPrefix("assets/") }
        var problems: [Diagnostic] = []
        for (path, what) in pages.compactMap(Self.fixedPath) + assets.map({ ($0, "templates/\($0)") }) {
            guard let index = accountPaths[path] else { continue }
            let account = site.config.accounts[index]
            problems.append(Diagnostic(at: account.location,
                "the \(path.hasSuffix(".xml") ? "feed" : "page") of '\(account.handle)' would be written to \(path), which \(what) also writes",
                hint: what.hasPrefix("templates/") ? "rename or move \(what), or give this account another handle"
                    : "remove templates/latest.html to build no river pages, or remove this account"))
        }
        problems += refuseReservedFolders(site, accountPaths: accountFolders, reported: Set(problems.map(\.location)))
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }
}

extension BuildPlan {
    /// The pages of `site` (with its river summarized): the index, a page per account, the river pages and a
    /// 404 page when there are templates for them, and the extra pages.
    static func pages(of site: LoadedSite) -> [PlannedPage] {
        var pages = [PlannedPage(kind: .index, path: "index.html")]
        pages.reserveCapacity(site.config.accounts.count + 2)
        for (index, account) in site.config.accounts.enumerated() {
            pages.append(PlannedPage(kind: .account(index), path: account.slug + "/index.html"))
        }
        if site.templates.latest != nil {
            for number in 1...site.river.pageCount { pages.append(PlannedPage(kind: .river(number), path: River.path(ofPage: number))) }
        }
        if site.templates.notFound != nil { pages.append(PlannedPage(kind: .notFound, path: "404.html")) }
        for (index, page) in site.templates.pages.enumerated() { pages.append(PlannedPage(kind: .extra(index), path: page.name + "/index.html")) }
        return pages
    }

    /// The paths of the accounts' pages and feeds, each with its account's index.
    func accountPaths(_ site: LoadedSite) -> [String: Int] {
        var paths: [String: Int] = [:]
        for page in pages { if case .account(let index) = page.kind { paths[page.path] = index } }
        if site.config.baseURL != nil {
            for (index, account) in site.config.accounts.enumerated() where AtomFeed.hasFeed(index, snapshots: site.snapshots) {
                paths[AtomFeed.path(of: account)] = index
            }
        }
        return paths
    }
}

private extension BuildPlan {
    /// The warning for a `_headers` of `count` rules, more than Cloudflare Pages reads, at site.yml's `accounts:`.
    static func headersWarning(_ count: Int, config: SiteConfig) -> Diagnostic {
        Diagnostic(.warning, at: config.locations["accounts"] ?? SourceLocation(file: config.configPath, line: 1, column: 1),
                   "_headers has \(count) rules, more than the \(SiteHeaders.cloudflareRuleLimit) that Cloudflare Pages reads: it ignores "
                       + "the rest, and those pages get only the site-wide policy (their meta tags still carry their own)",
                   hint: "pages whose policy differs from the X account pages' need a rule each (two addresses): the index, the river, "
                       + "extra pages, Bluesky and Mastodon accounts, accounts with media: hotlink; Netlify reads every rule")
    }

    /// An error at each account whose folder would be a top-level name the build writes for itself
    /// (a Bluesky handle `index.html` or `feed.xml`, an X handle `_headers`), unless already reported.
    func refuseReservedFolders(_ site: LoadedSite, accountPaths: Set<String>, reported: Set<SourceLocation>) -> [Diagnostic] {
        let names = TopLevelNames(self, excluding: accountPaths)
        return site.config.accounts.compactMap { account in
            guard !reported.contains(account.location), let writer = names.writer(of: account.slug) else { return nil }
            return Diagnostic(at: account.location,
                "'\(account.handle)' cannot be an account's folder: the site's top-level \(account.slug) is \(writer)",
                hint: "each account's page goes in a folder named after its handle (\(account.slug)/index.html); "
                    + "check the handle on the account's profile page, or remove this account")
        }
    }

    /// A page whose path does not come from an account, and what writes it.
    static func fixedPath(_ page: PlannedPage) -> (String, String)? {
        switch page.kind {
        case .account, .index, .notFound: nil
        case .river: (page.path, "the river of every account's posts")
        case .extra: (page.path, "templates/\(ExtraPageNames.folder)/\(page.path.dropLast("/index.html".count)).html")
        }
    }
}
