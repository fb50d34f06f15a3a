#if canImport(Glibc)
import Glibc
#endif

/// `feedsite fetch`: reads every account's feed and updates its snapshot. Feeds over HTTP go through
/// `CurlTransfers` all at once; files are read from disk; accounts with `feed: x-api` are read through
/// X's API (`XAPIClient`) after them. A feed that fails keeps its snapshot's
/// posts and gets the error in its fetch record; every other snapshot is still written.
package struct FeedFetcher: Sendable {
    /// The site.
    package let config: SiteConfig
    /// Time, size and concurrency bounds.
    package var limits = FetchLimits()
    /// Fetch only these accounts (handles, any case); empty: every account with a feed.
    package var only: [String] = []
    /// How paths are shown in messages.
    package var displayPath: @Sendable (String) -> String = { $0 }
    /// Stops the fetch between snapshot writes (on SIGINT or SIGTERM), leaving no temporary file.
    package var stop = FetchStop()
    /// The value of an environment variable (`X_BEARER_TOKEN`, `FEEDSITE_X_API_BASE`), nil when unset.
    package var environment: @Sendable (String) -> String? = { getenv($0).map { String(cString: $0) } }

    /// A fetcher for the site of `config`, its user agent naming the site's `base_url`.
    package init(config: SiteConfig) {
        self.config = config
        limits.userAgent = FetchLimits.userAgent(baseURL: config.baseURL)
        limits.maximumBytes = config.feedSizeLimit
    }
}

extension FeedFetcher {
    /// Fetches the feeds. Throws `InputError` for a bad `--only`, a snapshots folder that cannot be
    /// used or another fetch running, `DiagnosticError` for a snapshot broken by hand or a feed file
    /// that is not there (at its `feed:` in site.yml, before anything is fetched); a failing
    /// feed, or a snapshot that cannot be written (a full disk), does not throw: it is counted and
    /// reported through `events`, and every other snapshot is still written. With no account to
    /// fetch, nothing is written, not even the snapshots folder.
    package func run(events: (FetchEvent) -> Void = { _ in }) throws -> FetchSummary {
        let start = ContinuousClock.now
        let accounts = try selectedAccounts()
        var summary = FetchSummary()
        guard !accounts.isEmpty else { return summary }
        try MissingFeedFiles(config: config, displayPath: displayPath).check(accounts)
        let xAPI = try xAPIEndpoint(for: accounts)
        let store = SnapshotStore(folder: config.snapshotsFolder, displayPath: displayPath)
        let lock = try FetchLock(folder: store.folder, display: displayPath(store.folder))
        defer { withExtendedLifetime(lock) {} }
        store.removeLeftovers()
        stop.writing(into: store.folder)
        let feeds = try accounts.map { account in
            FeedUpdate(account: account, source: account.feedSource(siteFolder: config.siteFolder)!,
                       shownSource: HTTPURLSyntax.redacted(account.feed ?? ""), previous: try store.read(account.slug))
        }
        var done = 0
        var staged: [(feed: FeedUpdate, outcome: FeedUpdate.Result.Outcome)] = []
        func unwritten(_ feed: FeedUpdate, _ outcome: FeedUpdate.Result.Outcome, _ error: InputError) {
            summary.unwritten(outcome)
            events(.unwritten(handle: feed.account.handle, reason: error.message))
        }
        func commit() {
            guard !staged.isEmpty else { return }
            let slugs = staged.map(\.feed.account.slug)
            let failures = stop.unlessStopped { store.commit(slugs) } ?? []
            for failure in failures {
                guard let index = slugs.firstIndex(of: failure.slug) else { continue }
                unwritten(staged[index].feed, staged[index].outcome, failure.error)
            }
            staged = []
        }
        func record(_ feed: FeedUpdate, _ staging: Staging, _ outcome: FeedUpdate.Result.Outcome) {
            switch staging {
            case .staged: staged.append((feed, outcome))
            case .failed(let error): unwritten(feed, outcome, error)
            case .none, .stopped: break
            }
        }
        func stage(_ feed: FeedUpdate, _ snapshot: Snapshot, _ outcome: FeedUpdate.Result.Outcome) {
            record(feed, Self.stage(snapshot, of: feed, in: store, unless: stop), outcome)
            if staged.count >= Self.commitBatch { commit() }
        }
        // Snapshots whose images are downloaded once every feed is read (`media: copy`).
        var awaitingMedia: [AwaitingMedia] = []
        // `staging`: what a reading thread did with the result's snapshot; nil: it is staged here.
        func finish(_ feed: FeedUpdate, _ result: FeedUpdate.Result, staging: Staging? = nil) {
            switch result.outcome {
            case .updated: summary.updated += 1
            case .unchanged: summary.unchanged += 1
            case .failed(let reason):
                summary.failed += 1
                // A file is named from the working folder, as every other path in messages is; a URL as site.yml has it.
                let source = if case .file(let path) = feed.source { displayPath(path) } else { feed.shownSource }
                events(.failed(handle: feed.account.handle, source: source, reason: reason))
            }
            if !result.warnings.isEmpty {
                let source = if case .file(let path) = feed.source { displayPath(path) } else { feed.shownSource }
                events(.warned(handle: feed.account.handle, source: source, warnings: result.warnings))
            }
            if let latest = Self.awaitsMedia(feed, result) {
                awaitingMedia.append((feed, result.outcome, latest, result.snapshot != nil))
            } else if let staging {
                record(feed, staging, result.outcome)
            } else if let snapshot = result.snapshot {
                stage(feed, snapshot, result.outcome)
            }
            done += 1
            events(.progress(done: done, total: feeds.count))
        }
        var requests: [FetchRequest] = []
        var requested: [FeedUpdate] = []
        var xAPIFeeds: [FeedUpdate] = []
        for feed in feeds {
            switch feed.source {
            case .file(let path): finish(feed, feed.fromFile(path, limit: limits.maximumBytes))
            case .url(let url):
                requests.append(feed.request(url: url))
                requested.append(feed)
            case .xAPI: xAPIFeeds.append(feed)
            }
        }
        read(requests, of: requested, into: store) { results in
            for read in results { finish(requested[read.index], read.result, staging: read.staging) }
            if staged.count >= Self.commitBatch { commit() }
        }
        // What is read so far is put in place before X's API, which may wait for a rate limit; each
        // X account then as soon as it is read: a fetch that stops early loses no finished snapshot.
        commit()
        readXAPI(xAPIFeeds, endpoint: xAPI) { feed, result in
            finish(feed, result)
            commit()
        }
        // Not `summary: &summary`: `stage` reaches `summary` too, and two accesses at once trap (Swift's exclusivity).
        let imagesNotCopied = copyMedia(awaitingMedia, store: store, events: events, stage: stage)
        summary.imagesNotCopied += imagesNotCopied
        commit()
        removeUnusedMedia(store)
        summary.seconds = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
        return summary
    }
}

private extension FeedFetcher {
    /// How many new snapshots are put in place together (see `SnapshotStore.commit`).
    static let commitBatch = 100

    /// The accounts to fetch: those `only` names (each must exist and have a feed), or every account with a feed.
    func selectedAccounts() throws(InputError) -> [Account] {
        let withFeed = config.accounts.filter { $0.feed != nil }
        guard !only.isEmpty else { return withFeed }
        var chosen: [Account] = []
        for handle in only {
            let slug = handle.hasPrefix("@") ? String(handle.dropFirst()).lowercased() : handle.lowercased()
            guard let account = config.accounts.first(where: { $0.slug == slug }) else {
                throw InputError("--only: no account '\(handle)' in \(displayPath(config.configPath))",
                                 hint: Suggestion.didYouMean(handle, in: config.accounts.map(\.handle)))
            }
            guard withFeed.contains(where: { $0 === account }) else {
                throw InputError("--only: the account '\(account.handle)' has no feed",
                                 hint: "give it one in \(displayPath(config.configPath)): feed: https://example.com/\(account.slug).rss")
            }
            if !chosen.contains(where: { $0 === account }) { chosen.append(account) }
        }
        return chosen
    }
}
