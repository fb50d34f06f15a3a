import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The pages `feedsite serve` renders on demand from memory, so that a change reloads the preview as
/// soon as its inputs are read, before the build (with its check, writing output/) ends: the site as
/// loaded (configuration, templates, data), each account's summary (its newest post, its images'
/// origins, the river's pool, as the summary cache holds them), and the snapshots' stamps they are of.
/// A page is rendered with the build's own functions (`SitePageRenderer`, `AccountSummary`), an
/// account page from its snapshot on disk, so it is the page the build writes, byte for byte.
/// Other files (feeds, sitemap.xml, static files, assets) come from the output folder.
package struct PreviewPages: Sendable {
    /// How serve builds: site.yml, `--output`, `--base-url`.
    let settings: Settings
    /// The site as loaded, without snapshots.
    let loaded: LoadedSite
    /// Each account's summary and the river's pool, as the build's account pass leaves them.
    let summaries: AccountPass
    /// The stamps of the snapshots the summaries were made from, by file name.
    let stamps: [String: BuildManifest.Stamp]
    /// `BuildFingerprint.copiedFiles` when the pages were read: the files not rendered, served from the output folder.
    let copiedFiles: UInt64
    /// site.yml as read (a change elsewhere keeps the configuration decoded from it).
    let configBytes: [UInt8]
    /// The paths of the pages but the account pages that the last build wrote (as loaded after it): one
    /// that a change drops (a river page past the new end, a deleted extra page) is not found, as after its build.
    let builtPages: Set<String>
    /// What rendering needs beyond the inputs, made on the first request after a change: the reload
    /// waits only for the inputs (perf, Benchmarks/live_reload.py 10000, a site.yml change: the page
    /// contexts and headers of 10,000 accounts were about half of an update's CPU).
    let rendering = RenderingCache()

    /// The summarized site, its page renderers and headers.
    struct Rendering: Sendable {
        /// Each page by its path in the output folder.
        let pages: [String: PlannedPage]
        /// The pages but the account pages, with the summaries.
        let renderer: SitePageRenderer
        /// The account pages, as the build's account pass renders them.
        let accountRenderer: SitePageRenderer
        /// The pages' headers, as the build writes them in `_headers`.
        let headers: SiteHeaders
    }

    /// The `Rendering`, once made.
    final class RenderingCache: Sendable {
        let made = Mutex<Rendering?>(nil)
    }

    /// How serve builds the site.
    struct Settings: Sendable {
        let configPath: String
        let output: ChosenOutputFolder?
        let baseURL: BaseURLOverride?
        let displayPath: @Sendable (String) -> String
        /// What decoding site.yml leaves for decoding its next version.
        let configCache: SiteConfigCache
    }
}

extension PreviewPages {
    /// The pages of the site at `configPath` as its last build left them, from that build's summary cache;
    /// nil when there is none that matches the output folder and the inputs (a build that was not clean,
    /// account pages that list the accounts, media copies) or the site has no accounts: then serve waits
    /// for each build. `output` and `baseURL` are serve's `--output` and `--base-url`; `configCache`, what
    /// decoding site.yml before left (serve keeps one over its builds).
    package static func load(configPath: String, output: ChosenOutputFolder?, baseURL: BaseURLOverride?,
                             displayPath: @escaping @Sendable (String) -> String, configCache: SiteConfigCache? = nil) throws -> PreviewPages? {
        let settings = Settings(configPath: configPath, output: output, baseURL: baseURL, displayPath: displayPath,
                                configCache: configCache ?? SiteConfigCache(file: configPath))
        let bytes = try settings.configBytes()
        let config = try SiteBuilder.config(bytes, configPath: configPath, output: output, baseURL: baseURL, cache: settings.configCache)
        guard Self.summarizes(config),
              let inputs = BuildFingerprint.inputs(configPath: configPath, configBytes: bytes + (baseURL?.fingerprintBytes ?? []), folders: config.folders),
              let record = OutputWriter(folder: config.outputFolder).readManifest().record,
              let cache = SummaryCache.read(forOutput: config.outputFolder, config: config,
                                            maximumBytes: SummaryCache.maximumBytes(for: inputs, accounts: config.accounts.count)),
              cache.fingerprint == record.fingerprint, cache.inputs.base == inputs.base, cache.accounts.count == config.accounts.count,
              let copiedFiles = BuildFingerprint.copiedFiles(folders: config.folders) else { return nil }
        let loaded = try LoadedSite.withoutSnapshots(config: config, displayPath: displayPath)
        var summaries = AccountPass(snapshots: Array(repeating: nil, count: config.accounts.count),
                                    latest: Array(repeating: nil, count: config.accounts.count),
                                    origins: Array(repeating: [], count: config.accounts.count), candidates: RiverCandidates(config: config))
        do {
            try summaries.reuse(IncrementalPass(cache: cache, changed: [], kept: [:]))
        } catch {
            return nil
        }
        let stamps = Dictionary(cache.inputs.snapshots.map { ($0.name, $0.stamp) }) { first, _ in first }
        var built = loaded
        built.river = River(config: config, candidates: summaries.candidates.entries, latest: summaries.latest)
        let builtPages = Set(BuildPlan.pages(of: built).filter { if case .account = $0.kind { false } else { true } }.map(\.path))
        return PreviewPages(settings: settings, loaded: loaded, summaries: summaries, stamps: stamps, copiedFiles: copiedFiles,
                            configBytes: bytes, builtPages: builtPages)
    }

    /// The pages after a change: site.yml, the templates and the data read again, and the summaries of
    /// the accounts whose snapshots changed made again. Throws the errors the build would stop at
    /// there (a site.yml, a template or a snapshot with an error); nil when the summaries cannot follow
    /// the change (accounts added, removed, renamed or moved, the river's length, the output or snapshots
    /// folder changed, or many snapshots or accounts' options did), or when a file that is not a page changed (an asset, a static file, a media copy):
    /// then the pages wait for the build, which writes those files.
    package func updated() throws -> PreviewPages? {
        try update().pages
    }

    /// `updated()`, with the folders named by the site.yml just read (the templates, output and snapshots
    /// folders the build uses), also when the pages cannot follow the change: serve watches them without
    /// reading site.yml again.
    /// `changed`: the paths that changed since these pages were made, as the watcher reports them, or nil
    /// when any may have; the snapshots are looked at only when one of them reaches the snapshots folder.
    package func update(changed: Set<String>? = nil) throws -> (pages: PreviewPages?, folders: SiteFolders) {
        let bytes = try settings.configBytes()
        // Most changes are not to site.yml: decoding its 10,000 accounts was about 40% of an update's CPU
        // (perf, Benchmarks/live_reload.py 10000).
        let config = bytes == configBytes ? loaded.config
            : try SiteBuilder.config(bytes, configPath: settings.configPath, output: settings.output, baseURL: settings.baseURL,
                                     cache: settings.configCache)
        return (try pages(with: config, bytes: bytes, changed: changed), config.folders)
    }

    /// The page at `path` in the output folder (`index.html`, `nasa/index.html`, `latest/2/index.html`),
    /// rendered now; nil when no page of the site is there. Throws the template's error, as the build would.
    package func page(at path: String) throws -> [UInt8]? {
        let rendering = made()
        guard let page = rendering.pages[path] else { return nil }
        guard case .account(let index) = page.kind else { return try rendering.renderer.render(page).bytes }
        let config = loaded.config
        let store = SnapshotStore(folder: config.snapshotsFolder, displayPath: settings.displayPath)
        var media = PublishedMedia()
        let summary = AccountSummary(index, of: config, snapshot: try store.read(config.accounts[index].slug), media: &media,
                                     source: store.mediaFolder, displayPath: settings.displayPath)
        return try rendering.accountRenderer.account(index, snapshot: summary.snapshot, shown: summary.shown, origins: summary.origins, copies: media.names).bytes
    }

    /// Whether the last build wrote a page at `path` that these pages no longer have: the build behind removes it.
    package func dropped(_ path: String) -> Bool {
        builtPages.contains(path) && made().pages[path] == nil
    }

    /// site.yml as these pages decoded it, for the build behind them.
    package var decoded: DecodedSiteConfig {
        DecodedSiteConfig(bytes: configBytes, config: loaded.config)
    }

    /// Whether a page is at `path` in the output folder (`contact/index.html`).
    package func has(_ path: String) -> Bool {
        made().pages[path] != nil
    }

    /// The pages' headers, as the build writes them in `_headers`.
    package var headers: SiteHeaders {
        made().headers
    }
}

private extension PreviewPages {
    /// The pages with `config`, decoded from site.yml's `bytes`; nil when the summaries cannot follow (see `updated()`).
    func pages(with config: SiteConfig, bytes: [UInt8], changed paths: Set<String>?) throws -> PreviewPages? {
        let before = loaded.config
        guard Self.summarizes(config), config.snapshotsFolder == before.snapshotsFolder, config.outputFolder == before.outputFolder,
              config.riverPostLimit == before.riverPostLimit, BuildFingerprint.copiedFiles(folders: config.folders) == copiedFiles,
              config.accounts.count == before.accounts.count,
              zip(config.accounts, before.accounts).allSatisfy({ $0.handle == $1.handle && $0.slug == $1.slug }) else { return nil }
        let loaded = try LoadedSite.withoutSnapshots(config: config, displayPath: settings.displayPath)
        let store = SnapshotStore(folder: config.snapshotsFolder, displayPath: settings.displayPath)
        var stamps = self.stamps
        // No snapshot changed (the watcher says): their stamps stay, not taken again (perf, Benchmarks/live_reload.py 10000:
        // the stamps of 10,000 snapshots and the folder's listing were about 37% of a site.yml change's CPU).
        let stampsTaken = paths.map({ Self.reach($0, config.snapshotsFolder) }) ?? true
        if stampsTaken {
            let names = store.files
            guard let found = names.isEmpty ? [] : StampBatch.stamps(of: names, in: config.snapshotsFolder) else { return nil }
            stamps = [:]
            for (name, stamp) in zip(names, found) { stamps[name] = stamp }
        }
        // An account is summarized again when its snapshot or its options (an edit inside `accounts:`) changed.
        // Compared once: site.yml's bytes are megabytes, and equal ones are compared to their end.
        // An account that decoding site.yml kept (the same object) has the same options; stamps not taken again are the same.
        let configChanged = bytes != configBytes
        let changed = config.accounts.indices.filter { index in
            let account = config.accounts[index]
            return (stampsTaken && stamps[account.slug + ".json"] != self.stamps[account.slug + ".json"])
                || (configChanged && account !== before.accounts[index] && account.options != before.accounts[index].options)
        }
        // Many changed snapshots (a fetch) or accounts (a change to `defaults:`): reading them costs what the build does.
        guard changed.count <= max(1, config.accounts.count / 4) else { return nil }
        // No account changed: the summaries stay as they are, the pool too (its depth is of the same accounts' options). With the
        // comparisons above (perf task-clock, Benchmarks/live_reload.py 10000, site.yml's title: update 33 -> 23 ms of CPU a change).
        if changed.isEmpty, self.summaries.candidates.isComplete {
            return PreviewPages(settings: settings, loaded: loaded, summaries: self.summaries, stamps: stamps, copiedFiles: copiedFiles,
                                configBytes: bytes, builtPages: builtPages)
        }
        var summaries = AccountPass(snapshots: self.summaries.snapshots, latest: self.summaries.latest, origins: self.summaries.origins,
                                    candidates: RiverCandidates(config: config))
        var media = PublishedMedia()
        for index in changed {
            let summary = AccountSummary(index, of: config, snapshot: try store.read(config.accounts[index].slug), media: &media,
                                         source: store.mediaFolder, displayPath: settings.displayPath)
            summaries.snapshots[index] = summary.newest
            summaries.origins[index] = summary.origins
            summaries.latest[index] = summary.entries.first
            summaries.candidates.add(summary.entries)
        }
        // As the incremental build takes the cached pool: the changed accounts' posts out, their new ones in.
        summaries.candidates.add(self.summaries.candidates.removing(Set(changed)))
        summaries.candidates.finish()
        guard summaries.candidates.isComplete else { return nil }
        return PreviewPages(settings: settings, loaded: loaded, summaries: summaries, stamps: stamps, copiedFiles: copiedFiles,
                            configBytes: bytes, builtPages: builtPages)
    }

    /// The `Rendering` of these pages, made now if not yet.
    func made() -> Rendering {
        rendering.made.withLock { made in
            if let made { return made }
            let config = loaded.config
            let site = loaded.summarized(by: summaries)
            let pageList = BuildPlan.pages(of: site)
            let builder = SiteBuilder(config: config, displayPath: settings.displayPath)
            let favicon = Self.favicon(config)
            // As the account pass: the list of accounts only when the template shows it, then from the summaries.
            let rendering = Rendering(
                pages: Dictionary(pageList.map { ($0.path, $0) }) { first, _ in first },
                renderer: SitePageRenderer(site: site, context: builder.pageContext(site, favicon: favicon, listsAccounts: false)),
                accountRenderer: loaded.accountPagesListAccounts
                    ? SitePageRenderer(site: site, context: builder.pageContext(site, favicon: favicon, listsAccounts: true))
                    : SitePageRenderer(site: loaded, context: builder.pageContext(loaded, favicon: favicon, listsAccounts: false)),
                headers: SiteHeaders(pages: pageList, policies: site.policies))
            made = rendering
            return rendering
        }
    }

    /// Whether one of `paths` is `folder`, is in it or holds it.
    static func reach(_ paths: Set<String>, _ folder: String) -> Bool {
        paths.contains { $0 == folder || $0.hasPrefix(folder + "/") || folder.hasPrefix($0 + "/") }
    }

    /// Whether the summaries hold all that `config`'s pages need: not so with no accounts, or with media copies (their bytes are checked).
    static func summarizes(_ config: SiteConfig) -> Bool {
        !config.accounts.isEmpty && !config.accounts.contains { $0.mediaPolicy == .copy }
    }

    /// The icon the build would find among the files it writes: `templates/assets/` and the top of `static/`.
    static func favicon(_ config: SiteConfig) -> Favicon? {
        let present = Favicon.folders.flatMap { folder in Favicon.candidates.map { folder + $0.0 } }.filter { path in
            let source = path.hasPrefix("assets/") ? config.templatesFolder + "/" + path
                : StaticFolder(siteFolder: config.siteFolder, displayPath: { $0 }).path + "/" + path
            var status = stat()
            return stat(source, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
        return Favicon.find(among: present)
    }
}

private extension PreviewPages.Settings {
    func configBytes() throws -> [UInt8] {
        try FileInput.read(configPath, purpose: "the site configuration",
                           missingHint: "run 'feedsite init' to create a site here, or pass --config PATH", limit: SiteConfigLoader.maximumBytes)
    }
}
