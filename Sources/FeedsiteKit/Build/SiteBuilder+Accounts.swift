import Synchronization

/// What the account pass keeps once every account's page and feed are rendered, checked and in the
/// sink: what the index, the river, the feeds, `_headers`, the plan and the verdict need of each
/// account, never its posts but the newest.
struct AccountPass: Sendable {
    /// Each account's snapshot with only its newest shown post (`LoadedSite.snapshots`).
    var snapshots: [Snapshot?]
    /// Each account's newest post.
    var latest: [River.Entry?]
    /// Each account's `PagePolicies.origins(of:snapshot:)`.
    var origins: [Set<String>]
    /// The posts the river may show.
    var candidates: RiverCandidates
    var media = PublishedMedia()
    /// The accounts' values from their options, made once for every page.
    var options: AccountEntries?
    /// The check results of the account pages whose links all resolve among the paths known before the pass.
    var checked = CheckedPages()
    /// The others (a link to a river page after the first, to a media copy, or broken), with their pages:
    /// resolved once the plan knows every path.
    var unresolved: [(result: LinkChecker.PageResult, file: SiteFile)] = []
    /// What the check counted on each account's page when its links resolved at once (for the summary cache).
    var checks: [Int: SummaryCache.PageCheck] = [:]
}

extension SiteBuilder {
    /// Phase 3, accounts: reads each account's snapshot on all cores and, in the same step, renders and
    /// checks its page and its feed into `sink`; keeps of it only an `AccountPass`. When the account
    /// template lists `accounts` (every account's newest post), the pages wait until every snapshot is
    /// read: those snapshots are kept whole until then. Broken snapshots are reported all at once,
    /// before any other error of the pass. `known`: paths certain to be in the plan. With `incremental`,
    /// only the changed accounts are read and rendered; the others come from its cache, their files kept.
    func renderAccounts(_ site: LoadedSite, known: Set<String>, favicon: Favicon?, into sink: some PageSink,
                        incremental: IncrementalPass? = nil, progress: @escaping @Sendable (Phase) -> Void) throws -> AccountPass {
        let accounts = config.accounts
        let indices = incremental?.changed ?? Array(accounts.indices)
        let store = SnapshotStore(folder: config.snapshotsFolder, displayPath: displayPath)
        // An incremental pass reads only snapshots found changed in the listing its inputs were taken from: the folder is not
        // listed again.
        let present = incremental.map { pass in Set(pass.changed.map { accounts[$0].slug + ".json" }) } ?? Set(store.files)
        let source = store.mediaFolder
        let displayPath = displayPath
        let streams = !site.accountPagesListAccounts
        let streamed = pageContext(site, favicon: favicon, listsAccounts: false)
        let renderer = AccountRenderer(builder: self, site: site, context: streamed, known: known)
        let collected = Mutex(AccountRead(pass: AccountPass(snapshots: Array(repeating: nil, count: accounts.count),
                                                     latest: Array(repeating: nil, count: accounts.count),
                                                     origins: Array(repeating: [], count: accounts.count), candidates: RiverCandidates(config: config))))
        let done = Atomic<Int>(0)
        let showsProgress = indices.count >= 1_000
        ParallelLoop.run(count: indices.count, chunk: 64) { chunks in
            var mine = AccountRead(pass: AccountPass(snapshots: [], latest: [], origins: [], candidates: RiverCandidates(config: config)))
            var found: [(Int, Snapshot?, Set<String>, River.Entry?)] = []
            var memo = RelativeLink.Memo()
            for range in chunks {
                for index in range.lazy.map({ indices[$0] }) {
                    // Ctrl-C or a stop: stop between accounts (the build then cleans up as for any failure).
                    if stopRequested, mine.failure == nil {
                        do { try checkStop() } catch { mine.failure = error }
                    }
                    if mine.failure != nil, stopRequested { break }
                    let account = accounts[index]
                    var snapshot: Snapshot?
                    if present.contains(account.slug + ".json") {
                        do {
                            snapshot = try store.read(account.slug)
                        } catch let error as DiagnosticError {
                            mine.diagnostics += error.diagnostics
                            continue
                        } catch {
                            if mine.failure == nil { mine.failure = error }
                            continue
                        }
                    }
                    let summary = AccountSummary(index, of: config, snapshot: snapshot, media: &mine.pass.media, source: source,
                                                 displayPath: displayPath)
                    let (shownSnapshot, shown, origins) = (summary.snapshot, summary.shown, summary.origins)
                    mine.pass.candidates.add(summary.entries)
                    found.append((index, summary.newest, origins, summary.entries.first))
                    guard mine.failure == nil, mine.diagnostics.isEmpty else { continue }
                    if streams {
                        let names = mine.pass.media.names
                        do {
                            try renderer.render(index, snapshot: shownSnapshot, shown: shown, origins: origins, copies: names,
                                                into: sink, pass: &mine.pass, memo: &memo)
                        } catch {
                            mine.failure = error
                        }
                    } else {
                        mine.whole.append((index, shownSnapshot, shown))
                    }
                }
                let count = done.wrappingAdd(range.count, ordering: .relaxed).newValue
                if showsProgress { progress(.rendering(done: count, total: indices.count)) }
            }
            collected.withLock {
                for (index, snapshot, origins, latest) in found {
                    $0.pass.snapshots[index] = snapshot
                    $0.pass.origins[index] = origins
                    $0.pass.latest[index] = latest
                }
                $0.pass.candidates.add(mine.pass.candidates)
                $0.pass.media.add(mine.pass.media)
                $0.pass.checked.results += mine.pass.checked.results
                $0.pass.checked.withFindings += mine.pass.checked.withFindings
                $0.pass.unresolved += mine.pass.unresolved
                $0.pass.checks.merge(mine.pass.checks) { first, _ in first }
                $0.whole += mine.whole
                $0.diagnostics += mine.diagnostics
                if $0.failure == nil { $0.failure = mine.failure }
            }
        }
        var read = collected.withLock { $0 }
        read.pass.options = streamed.accountEntries
        if !read.diagnostics.isEmpty { throw DiagnosticError(read.diagnostics) }
        if let failure = read.failure { throw failure }
        if let incremental { try read.pass.reuse(incremental) }
        read.pass.candidates.finish()
        if !streams {
            // Second pass: every account's summary is known, so each page can list the accounts.
            let summarized = site.summarized(by: read.pass)
            let renderer = AccountRenderer(builder: self, site: summarized, context: pageContext(summarized, favicon: favicon, listsAccounts: true, options: streamed.accountEntries),
                                           known: known)
            let whole = read.whole
            let names = read.pass.media.names
            let origins = read.pass.origins
            let rendered = Mutex(read.pass)
            try ParallelLoop.run(count: whole.count, chunk: 64) { chunks throws(any Error) in
                var mine = AccountPass(snapshots: [], latest: [], origins: [], candidates: RiverCandidates(config: config))
                var memo = RelativeLink.Memo()
                for range in chunks {
                    for (index, snapshot, shown) in whole[range] {
                        try checkStop()
                        try renderer.render(index, snapshot: snapshot, shown: shown, origins: origins[index], copies: names,
                                            into: sink, pass: &mine, memo: &memo)
                    }
                }
                rendered.withLock {
                    $0.checked.results += mine.checked.results
                    $0.checked.withFindings += mine.checked.withFindings
                    $0.unresolved += mine.unresolved
                }
            }
            read.pass = rendered.withLock { $0 }
        }
        return read.pass
    }

    /// The paths certain to be in the plan, known before any snapshot is read: those the account pages'
    /// links are resolved against as soon as each page is rendered.
    func knownPaths(_ site: LoadedSite, assets: [SiteFile], statics: [SiteFile]) -> Set<String> {
        var paths: Set<String> = ["index.html", SiteHeaders.path]
        for account in config.accounts { paths.insert(account.slug + "/index.html") }
        if site.templates.latest != nil { paths.insert(River.path(ofPage: 1)) }
        if site.templates.notFound != nil { paths.insert("404.html") }
        for page in site.templates.pages { paths.insert(page.name + "/index.html") }
        if config.baseURL != nil {
            paths.insert(AtomFeed.riverPath)
            paths.insert(Sitemap.path)
            let present = Set(SnapshotStore(folder: config.snapshotsFolder).files)
            for account in config.accounts where present.contains(account.slug + ".json") { paths.insert(AtomFeed.path(of: account)) }
        }
        for file in assets + statics { paths.insert(file.path) }
        return paths
    }

    /// The page context of `site`; with the `accounts` list of account pages when `listsAccounts`, and
    /// `options` when the accounts' option values were made already.
    func pageContext(_ site: LoadedSite, favicon: Favicon?, listsAccounts: Bool, options: AccountEntries? = nil) -> PageContext {
        var context = PageContext(config: config, accountPagesListAccounts: listsAccounts, snapshots: site.snapshots,
                                  river: site.river, copies: site.media.names, policies: site.policies, options: options)
        context.hasRiver = site.templates.latest != nil
        context.riverPagesListAccounts = site.riverPagesListAccounts
        context.notFoundListsAccounts = site.notFoundListsAccounts
        context.extraPagesListAccounts = site.extraPagesListAccounts
        context.data = site.data
        context.extraPageNames = site.templates.pages.map(\.name)
        context.favicon = favicon
        return context
    }
}

/// What one core (then all) read in the account pass: the snapshots kept whole when the pages wait
/// for every account, broken snapshots, and the first other error.
private struct AccountRead: Sendable {
    var pass: AccountPass
    var whole: [(Int, Snapshot?, [Post])] = []
    var diagnostics: [Diagnostic] = []
    var failure: (any Error)?
}

/// Renders one account's page and feed, checks the page and hands both to the sink.
struct AccountRenderer: Sendable {
    let pages: SitePageRenderer
    let checker: LinkChecker
    let known: Set<String>
    let feeds: AtomFeed?

    init(builder: SiteBuilder, site: LoadedSite, context: PageContext, known: Set<String>) {
        let config = builder.config
        pages = SitePageRenderer(site: site, context: context)
        checker = LinkChecker(mastodonServers: config.mastodonServers)
        self.known = known
        feeds = config.baseURL.map { AtomFeed(baseURL: $0, config: config, snapshots: []) }
    }

    func render(_ index: Int, snapshot: Snapshot?, shown: [Post], origins: Set<String>, copies: Set<String>, into sink: some PageSink,
                pass: inout AccountPass, memo: inout RelativeLink.Memo) throws {
        // The posts' own HTML is not read again (callgrind, clean build of Benchmarks/posts.py 1000: tokenizer 449.5 M -> 374.5 M).
        var placements: [TemplatePlacement]? = []
        let file = try pages.account(index, snapshot: snapshot, shown: shown, origins: origins, copies: copies, placements: &placements)
        var result = checker.inspect(file, sanitized: PostHTMLPlacements.ranges(placements ?? [], posts: shown))
        if resolves(result, memo: &memo) {
            pass.checks[index] = SummaryCache.PageCheck(intentURLs: result.intentURLs, links: result.resolvedLinks + result.links.count)
            result.resolvedLinks += result.links.count
            result.links = []
            if !result.findings.isEmpty { pass.checked.withFindings.append(file) }
            pass.checked.results.append(result)
        } else {
            pass.unresolved.append((result, file))
        }
        try sink.accept(file)
        if let feeds, let snapshot { try sink.accept(feeds.accountFeed(index, snapshot: snapshot, shown: shown)) }
    }

    /// Whether every relative link of `result` is among the known paths.
    func resolves(_ result: LinkChecker.PageResult, memo: inout RelativeLink.Memo) -> Bool {
        result.links.allSatisfy { link in
            LinkChecker.brokenLink(link.value, at: link.location, from: result.linkBase, existingFiles: known, memo: &memo) == nil
        }
    }
}

extension LoadedSite {
    /// The site with what the account pass kept: the snapshots' summaries, the river, the policies and the media copies.
    func summarized(by pass: AccountPass) -> LoadedSite {
        var site = self
        site.snapshots = pass.snapshots
        site.river = River(config: config, candidates: pass.candidates.entries, latest: pass.latest)
        site.policies = PagePolicies(config: config, origins: pass.origins)
        site.media = pass.media
        site.warnings = (warnings + pass.media.warnings).sorted()
        return site
    }
}

extension AccountPass {
    /// Takes every account that `incremental` did not read from its cache: its summary, its newest
    /// post, its origins, what the check counted on its page, and its posts in the river's pool.
    mutating func reuse(_ incremental: IncrementalPass) throws {
        let changed = Set(incremental.changed)
        // Room for every account at once, and each newest post's entry made without an array of one (callgrind,
        // Benchmarks/one_change.py 10000, one incremental build: AccountPass.reuse 49.3 M -> 42.6 M instructions).
        checked.results.reserveCapacity(checked.results.count + incremental.cache.accounts.count)
        checks.reserveCapacity(incremental.cache.accounts.count)
        for (index, account) in incremental.cache.accounts.enumerated() where !changed.contains(index) {
            guard let check = account.check else { throw IncrementalPass.Fallback() }
            snapshots[index] = account.snapshot
            origins[index] = account.origins
            latest[index] = account.snapshot?.posts.first.map { River.entry($0, account: index) }
            checks[index] = check
            checked.results.append(LinkChecker.PageResult(intentURLs: check.intentURLs, resolvedLinks: check.links))
        }
        candidates.add(incremental.cache.pool.removing(changed))
        candidates.finish()
        // Fewer posts than the river shows are left above the cache's cut: only every snapshot can tell the rest.
        guard candidates.isComplete else { throw IncrementalPass.Fallback() }
    }
}
