/// A build that reads only the snapshots changed since the last clean build and takes every other
/// account's summary from the `SummaryCache` that build wrote. Chosen only when the result is
/// certain to be the full build's: the same inputs but for some snapshots (no more than a quarter of
/// the accounts), the same snapshot files, a clean previous build whose files are all untouched,
/// account pages that list no other account and copy no media, and account pages whose links all
/// resolved without the whole plan. Anything else builds in full.
struct IncrementalPass: Sendable {
    let cache: SummaryCache
    /// The accounts whose snapshots changed, in site.yml's order.
    let changed: [Int]
    /// The unchanged accounts' pages and feeds, with the stamps the manifest records (and the disk holds).
    let kept: [String: BuildManifest.Stamp]

    /// Thrown when the cache turns out not to be enough after all (the river's pool ran short): the
    /// build starts again in full. Nothing was written yet: the folder sink writes only when publishing.
    struct Fallback: Error {}
}

extension IncrementalPass {
    /// The incremental pass for a build of `site` from `inputs` into `writer`'s folder, whose manifest
    /// is `manifest`; nil when the build must be a full one. `cacheFile`: the cache file, read already (its checksum checked).
    init?(site: LoadedSite, inputs: BuildInputs?, manifest: BuildManifest, writer: OutputWriter, cacheFile: SummaryCacheFile? = nil) {
        let config = site.config
        guard let inputs, !site.accountPagesListAccounts, !config.accounts.isEmpty,
              !config.accounts.contains(where: { $0.mediaPolicy == .copy }),
              manifest.complete, let record = manifest.record, record.fingerprint != inputs.fingerprint,
              let cache = Self.cache(cacheFile, forOutput: writer.folder, config: config,
                                     maximumBytes: SummaryCache.maximumBytes(for: inputs, accounts: config.accounts.count)),
              cache.fingerprint == record.fingerprint, cache.inputs.base == inputs.base,
              cache.inputs.snapshots.count == inputs.snapshots.count,
              cache.accounts.allSatisfy({ $0.check != nil }) else { return nil }
        var changedNames = Set<String>()
        for (old, new) in zip(cache.inputs.snapshots, inputs.snapshots) {
            guard old.name == new.name else { return nil }
            if old.stamp != new.stamp { changedNames.insert(old.name) }
        }
        let changed = config.accounts.indices.filter { changedNames.contains(config.accounts[$0].slug + ".json") }
        // Many changed snapshots: reading them all costs what a full build does.
        guard !changed.isEmpty, changed.count <= max(1, config.accounts.count / 4) else { return nil }
        let changedSet = Set(changed)
        var paths: [String] = []
        paths.reserveCapacity(2 * config.accounts.count)
        for (index, account) in config.accounts.enumerated() where !changedSet.contains(index) {
            paths.append(account.slug + "/index.html")
            if config.baseURL != nil, cache.accounts[index].snapshot != nil { paths.append(AtomFeed.path(of: account)) }
        }
        // A page edited by hand since: the full build replaces it and says so.
        guard writer.matches(paths, manifest: manifest) else { return nil }
        var kept: [String: BuildManifest.Stamp] = [:]
        kept.reserveCapacity(paths.count)
        for path in paths { if case let stamp?? = manifest.files[path] { kept[path] = stamp } }
        self.init(cache: cache, changed: changed, kept: kept)
    }
}

private extension IncrementalPass {
    /// The cache of `output` for `config`: from `file` when it was read already, else read now.
    static func cache(_ file: SummaryCacheFile?, forOutput output: String, config: SiteConfig, maximumBytes: Int) -> SummaryCache? {
        guard let file else { return SummaryCache.read(forOutput: output, config: config, maximumBytes: maximumBytes) }
        guard file.bytes.count <= maximumBytes, let contents = file.contents.value else { return nil }
        return try? SummaryCache(bytes: file.bytes, config: config, checked: true, contents: contents)
    }
}
