import Foundation

/// The build, as a pipeline of named phases, each taking the previous phase's value:
///
///     up-to-date check → load → plan → render and check each page into a sink → verdict → publish
///
/// A failed build changes nothing on disk: the sink writes either into a staging folder that is
/// discarded, or nothing at all before the verdict.
package struct SiteBuilder: Sendable {
    /// A phase of the build, for progress display.
    package enum Phase: Sendable {
        case rendering(done: Int, total: Int)
        case checking
        case writing
    }

    package let config: SiteConfig
    /// How folders are shown in messages (relative to the working folder when possible).
    package var displayPath: @Sendable (String) -> String
    /// Whether files in the output folder that feedsite did not write may be overwritten (`--force`).
    package var overwritesForeignFiles = false
    /// The inputs, when taken before the config was loaded (see `build(configPath:)`).
    var inputs: BuildInputs??
    /// The output folder given on the command line (`--output DIR`), which replaces `config`'s.
    var chosenOutput: ChosenOutputFolder?
    /// The `base_url` that replaced site.yml's in `config` (`--base-url`, `FEEDSITE_BASE_URL`): part of the fingerprint.
    package var baseURLOverride: BaseURLOverride?
    /// The summary cache file, its checksum checked, when read before the config was loaded (see `build(configPath:)`).
    var summaryCacheFile: SummaryCacheFile?
    /// Asks this build to stop (serve's build behind, when a newer change comes), as Ctrl-C asks any build.
    package var stop: BuildStop?

    /// Creates a builder for a loaded configuration.
    package init(config: SiteConfig, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.config = config
        self.displayPath = displayPath
    }
}

extension SiteBuilder {
    /// Builds the site of the site.yml at `configPath`. When the last build is up to date (same
    /// binary, site.yml and templates, a clean build, output untouched) it returns at once, having
    /// read only `templates:` and `output:` from site.yml. Throws as `build(progress:)` does.
    /// `output` replaces site.yml's `output:` (`--output DIR`); `baseURL` replaces its `base_url`; `decoded`
    /// is taken when site.yml holds its bytes; `stop` stops the build when raised.
    package static func build(configPath: String, overwritesForeignFiles: Bool = false, output: ChosenOutputFolder? = nil,
                              baseURL: BaseURLOverride? = nil,
                              displayPath: @escaping @Sendable (String) -> String = { $0 }, stop: BuildStop? = nil,
                              decoded: DecodedSiteConfig? = nil,
                              progress: @escaping @Sendable (Phase) -> Void = { _ in }) throws -> BuildResult {
        let start = ContinuousClock.now
        let bytes = try FileInput.read(configPath, purpose: "the site configuration",
                                       missingHint: "run 'feedsite init' to create a site here, or pass --config PATH",
                                       limit: SiteConfigLoader.maximumBytes)
        // Up to date? Decided from the folders alone, before decoding anything else.
        var folders = SiteFolders.locate(configPath: configPath, bytes: bytes)
        if let output, var chosen = folders {
            chosen.output = output.path
            folders = chosen
            // Before the up-to-date check: a chosen folder that holds foreign files is refused even when nothing would be written.
            try output.refuse(in: chosen, configPath: configPath, overwritesForeignFiles: overwritesForeignFiles, displayPath: displayPath)
        }
        let check = folders.map { UpToDateCheck(configPath: configPath, configBytes: bytes + (baseURL?.fingerprintBytes ?? []), folders: $0) }
        if let folders, let done = check?.result(since: start, outputFolder: folders.output) { return done }

        // The last clean build's decoded site.yml, when it was decoded from these very inputs (perf stat, Benchmarks/one_change.py
        // 10000, loaded machine, back to back: CPU 810 -> 650 ms a build, wall median 1.29-1.39 s -> 1.13 s).
        var cacheFile: SummaryCacheFile?
        var cached: SiteConfig?
        if let folders, let inputs = check?.inputs,
           let read = SummaryCache.checkedBytes(forOutput: folders.output,
                                                maximumBytes: SummaryCache.maximumBytes(for: inputs, accounts: bytes.count / 8)) {
            // Read on another thread while site.yml is decoded and the site loaded, when it was written from the same inputs but
            // the snapshots (Benchmarks/one_change.py 10000, traced: the 64-82 ms of CPU the incremental pass spent decoding the
            // accounts on the main thread's path now run beside it, which takes 10-15 ms of CPU from there to the pass).
            cacheFile = SummaryCache.base(of: read) == inputs.base ? SummaryCacheFile(bytes: read) : nil
            let key = CachedConfig.Key(configPath: configPath, siteFolder: SiteFolders.siteFolder(of: configPath), output: output?.path)
            cached = SummaryCache.config(in: read, base: inputs.base, key: key).flatMap { $0.folders == folders ? $0 : nil }
        }
        // Serve's build behind takes the site.yml its pages just decoded (perf, Benchmarks/live_reload.py 10000: decoding it
        // again was 136 of the 300 samples of the builds behind the changes, on both cores while the next change was read).
        let known = decoded.flatMap { $0.bytes == bytes ? $0.config : nil }
        let config = try cached ?? known ?? Self.config(bytes, configPath: configPath, output: output, baseURL: baseURL)
        var builder = SiteBuilder(config: config, displayPath: displayPath)
        builder.stop = stop
        // Decoding site.yml is the longest stretch before the first page, where the build looks again.
        try builder.checkStop()
        builder.overwritesForeignFiles = overwritesForeignFiles
        builder.chosenOutput = output
        builder.baseURLOverride = baseURL
        // The fingerprint was taken from the bytes just decoded, so it describes exactly this build.
        if let check, config.folders == folders {
            builder.inputs = .some(check.inputs)
            builder.summaryCacheFile = cacheFile
        }
        return try builder.build(progress: progress, since: start)
    }

    /// The configuration a build of the site.yml at `configPath`, holding `bytes`, uses: `output`
    /// replaces its `output:`, `baseURL` its `base_url`; `cache` keeps what the next version can reuse.
    static func config(_ bytes: [UInt8], configPath: String, output: ChosenOutputFolder?, baseURL: BaseURLOverride?,
                       cache: SiteConfigCache? = nil) throws -> SiteConfig {
        var config = try SiteConfigLoader.decode(bytes, file: configPath, siteFolder: SiteFolders.siteFolder(of: configPath), cache: cache)
        if let output { config = config.withOutputFolder(output) }
        if let baseURL { config = baseURL.applied(to: config) }
        return config
    }

    /// Whether Ctrl-C or `stop` asks this build to stop.
    var stopRequested: Bool {
        BuildInterruption.isRaised || stop?.isRaised == true
    }

    /// Throws when Ctrl-C or `stop` asks this build to stop.
    func checkStop() throws(InputError) {
        try BuildInterruption.check()
        if stop?.isRaised == true { throw InputError("the build was stopped for a newer change") }
    }

    /// Runs the build. Throws `DiagnosticError` or `InputError` for bad input and `BuildCheckFailure`
    /// when a page fails the check; in every failing case nothing on disk has changed.
    package func build(progress: @escaping @Sendable (Phase) -> Void = { _ in }) throws -> BuildResult {
        try build(progress: progress, since: ContinuousClock.now)
    }
}

private extension SiteBuilder {
    func build(progress: @escaping @Sendable (Phase) -> Void, since start: ContinuousClock.Instant) throws -> BuildResult {
        if let chosenOutput {
            try chosenOutput.refuse(in: config.folders, configPath: config.configPath, overwritesForeignFiles: overwritesForeignFiles,
                                    displayPath: displayPath)
        } else {
            do {
                try OutputFolderGuard.check(config.folders, configPath: config.configPath)
            } catch {
                throw config.located(error, key: "output")
            }
        }
        // Held until this function returns, whatever it returns or throws.
        let lock = try OutputLock(output: config.outputFolder)
        defer { withExtendedLifetime(lock) {} }
        let writer = OutputWriter(folder: config.outputFolder)
        let manifest = writer.readManifest()
        let upToDate = upToDateCheck(manifest: manifest)
        if let done = upToDate.result(since: start, outputFolder: config.outputFolder) { return done }

        // static/ and templates/assets/ are listed before the templates load, so that the errors in static/ are
        // reported with those of the templates, the data files and the snapshots, in one build.
        let statics = Result { try StaticFolder(siteFolder: config.siteFolder, displayPath: displayPath)
            .files(siteFolder: config.siteFolder, outputFolder: config.outputFolder) }
        let assets = Result { try self.assets() }
        let loaded = try reporting(statics) { try LoadedSite.withoutSnapshots(config: config, displayPath: displayPath) }
        let known = knownPaths(loaded, assets: (try? assets.get()) ?? [], statics: (try? statics.get()) ?? [])
        let staging = StagingSink(output: config.outputFolder, paths: provisionalPaths(known))
        let folderSink = staging == nil ? FolderSink(writer: writer, previous: manifest) : nil
        // Only into a folder a clean build made (its cache is there), and only when the cache is enough
        // (Benchmarks/posts.py 10000, one snapshot changed, loaded machine: 6.5 s -> 0.82 s of CPU, 13.3 s -> 2.7 s wall).
        if let folderSink, let incremental = IncrementalPass(site: loaded, inputs: upToDate.inputs, manifest: manifest, writer: writer,
                                                             cacheFile: summaryCacheFile) {
            folderSink.keep(incremental.kept)
            do {
                let result = try run(loaded, known: known, statics: statics, assets: assets, sink: folderSink, writer: writer,
                                     upToDate: upToDate, incremental: incremental, progress: progress, since: start)
                // The cache's 10,000 summaries, the site and the manifest are freed beside the caller's work, not before it goes on.
                BackgroundRelease.drop((consume loaded, consume incremental, consume manifest, consume folderSink))
                return result
            } catch is IncrementalPass.Fallback {
                // Nothing was written: the folder sink writes only when publishing. Build in full with a fresh one.
            }
        }
        let sink: any PageSink = staging ?? FolderSink(writer: writer, previous: manifest)
        return try run(loaded, known: known, statics: statics, assets: assets, sink: sink, writer: writer, upToDate: upToDate,
                       incremental: nil, progress: progress, since: start)
    }

    /// Phases 3 to 6 into `sink`: the account pass (only the changed accounts with `incremental`), plan,
    /// render and check, verdict, publish; then the summary cache for the next build.
    func run(_ loaded: LoadedSite, known: Set<String>, statics: Result<[SiteFile], any Error>, assets: Result<[SiteFile], any Error>,
             sink: some PageSink, writer: OutputWriter, upToDate: UpToDateCheck, incremental: IncrementalPass?,
             progress: @escaping @Sendable (Phase) -> Void, since start: ContinuousClock.Instant) throws -> BuildResult {
        var summaries: SummaryCacheDraft?
        do {
            let accounts = try reporting(statics) {
                try renderAccounts(loaded, known: known, favicon: Favicon.find(among: known), into: sink, incremental: incremental, progress: progress)
            }
            // Encoded and written beside the old cache while the plan is made and the pages are rendered and checked, on a
            // core the index's one thread leaves idle; put in place once the build is published clean (Benchmarks/one_change.py
            // 10000, loaded machine, A/B back to back: wall median 1499-1582 -> 1455-1469 ms, CPU 520-556 -> 488-503 ms).
            summaries = summaryDraft(accounts, site: loaded, inputs: upToDate.inputs, incremental: incremental)
            let site = loaded.summarized(by: accounts)
            let statics = try statics.get()
            let plan = try BuildPlan(site, assets: try assets.get(), statics: statics)
            // Once for the share images, the favicon, the check and the verdict: 20,000 paths at 10,000 accounts.
            let paths = Set(plan.paths)
            try checkShareImages(paths)
            let checked = try renderAndCheck(plan, existingFiles: paths, site: site, accounts: accounts, into: sink, progress: progress)
            progress(.checking)
            let report = try verdict(checked, plan: plan, existingFiles: paths, site: site)
            let foreign = sink.foreignFiles(among: plan.files)
            if !overwritesForeignFiles { try refuseForeignFiles(foreign, in: writer.folder) }
            progress(.writing)
            let warnings = (site.warnings + plan.warnings).sorted()
            let clean = report.findings.isEmpty && warnings.isEmpty
            let record = upToDate.fingerprint.flatMap {
                clean ? BuildManifest.Record(fingerprint: $0, pages: plan.pages.count, intentURLs: report.intentURLs,
                                             accounts: config.accounts.count, links: report.links) : nil
            }
            let counts = try sink.publish(plan.files, record: record)
            keepSummaries(summaries, clean: record != nil)
            // About the user's own files (edited since feedsite wrote them, or overwritten with --force): last, and shown with -q.
            let userFiles = counts.editedFiles.map(warning) + overwrittenWarning(foreign, in: writer.folder)
            let result = BuildResult(pages: plan.pages.count, accounts: config.accounts.count, written: counts.written,
                                     unchanged: counts.unchanged, removed: counts.removed, writtenPaths: counts.writtenPaths,
                                     removedPaths: counts.removedPaths, check: report,
                                     warnings: warnings + userFiles, milliseconds: BuildResult.milliseconds(since: start),
                                     outputFolder: config.outputFolder, upToDate: false, userFileWarningCount: userFiles.count,
                                     snapshotsRead: incremental?.changed.count)
            // Freed beside the caller's work (perf, Benchmarks/one_change.py: freeing the build's values at its end was about
            // 20 ms of the main thread's 325 ms).
            BackgroundRelease.drop((consume accounts, consume site, consume plan, consume checked))
            return result
        } catch {
            sink.discard()
            summaries?.discard()
            throw error
        }
    }

    /// The summary cache for a next build that finds only some snapshots changed, made from the account pass `pass`
    /// and written beside the old one on a thread of its own (`SummaryCacheDraft`), as a clean build from
    /// `upToDate`'s inputs would keep it; nil when the build keeps none. After an `incremental` pass the unchanged
    /// accounts' fields are copied as the old cache held them.
    func summaryDraft(_ pass: AccountPass, site: LoadedSite, inputs: BuildInputs?, incremental: IncrementalPass?) -> SummaryCacheDraft? {
        guard let inputs, !site.accountPagesListAccounts, !config.accounts.contains(where: { $0.mediaPolicy == .copy }) else {
            return nil
        }
        let config = config
        // Only a config decoded from the bytes `inputs` hashed (`build(configPath:)`): another may be older than them.
        let key = self.inputs == nil ? nil : CachedConfig.Key(configPath: config.configPath, siteFolder: config.siteFolder,
                                                              output: chosenOutput?.path)
        return SummaryCacheDraft(forOutput: config.outputFolder) {
            let accounts = config.accounts.indices.map { index in
                SummaryCache.Account(snapshot: pass.snapshots[index], origins: pass.origins[index], check: pass.checks[index])
            }
            var cache = SummaryCache(fingerprint: inputs.fingerprint, inputs: inputs, accounts: accounts, pool: pass.candidates)
            if let key {
                if let old = incremental?.cache.encodedConfig, old.key == key {
                    // The same inputs and key as the build that wrote it: the same config, copied rather than encoded again.
                    cache.encodedConfig = old
                } else {
                    cache.config = CachedConfig(key: key, config: config)
                }
            }
            if let incremental {
                // The unchanged accounts are the old cache's, as it held them: copied, not encoded again
                // (perf, Benchmarks/posts.py 10000, one snapshot changed: SummaryCache.bytes 4.3% -> 2.6% of the CPU).
                cache.encodedAccounts = incremental.cache.encodedAccounts
                for index in incremental.changed where index < cache.encodedAccounts.count { cache.encodedAccounts[index] = nil }
            }
            return cache
        }
    }

    /// Puts the summary cache `draft` in place once the build is published `clean`; otherwise removes it and the old
    /// cache, so that none disagrees with the manifest.
    func keepSummaries(_ draft: SummaryCacheDraft?, clean: Bool) {
        guard clean, let draft else {
            draft?.discard()
            SummaryCache.remove(forOutput: config.outputFolder)
            return
        }
        draft.keep()
    }

    /// Runs `phase` (load, or the account pass that reads the snapshots); when it and the listing of
    /// static/ both fail with diagnostics, throws them all as one error, sorted. Any other failure of
    /// static/ is thrown later, where its files are planned.
    func reporting<Value>(_ statics: Result<[SiteFile], any Error>, _ phase: () throws -> Value) throws -> Value {
        do {
            return try phase()
        } catch let error as DiagnosticError {
            guard case .failure(let staticErrors as DiagnosticError) = statics else { throw error }
            throw DiagnosticError(error.diagnostics + staticErrors.diagnostics, dropped: error.dropped + staticErrors.dropped)
        }
    }

    /// Phase 1 with the config loaded: the fingerprint taken before loading when there is one.
    func upToDateCheck(manifest: BuildManifest) -> UpToDateCheck {
        if let inputs {
            // Taken moments ago and found out of date: no need to compare the output folder again.
            return UpToDateCheck(inputs: inputs, previous: nil)
        }
        guard let bytes = try? FileInput.read(config.configPath, purpose: "the site configuration", limit: .max) else { return UpToDateCheck(inputs: nil, previous: nil) }
        return UpToDateCheck(configPath: config.configPath, configBytes: bytes + (baseURLOverride?.fingerprintBytes ?? []),
                             folders: config.folders, manifest: manifest)
    }

    /// Throws when the build would replace `foreign`, files in the output folder that feedsite did not
    /// write (the user's own), which it never does without `--force`.
    func refuseForeignFiles(_ foreign: [String], in folder: String) throws(InputError) {
        guard !foreign.isEmpty else { return }
        throw InputError("\(displayPath(folder)): \(Self.files(foreign)) that feedsite did not write would be overwritten: \(Self.listed(foreign))",
                         hint: "move \(foreign.count == 1 ? "it" : "them") out of the output folder, or build with --force to overwrite them")
    }

    /// The warning after `build --force` replaced `foreign`, files that feedsite did not write (sorted): one,
    /// at the first of them, listing them as the refusal without `--force` does; none when there were none.
    func overwrittenWarning(_ foreign: [String], in folder: String) -> [Diagnostic] {
        guard let first = foreign.first else { return [] }
        return [Diagnostic(.warning, at: SourceLocation(file: displayPath(folder + "/" + first), line: 1, column: 1),
                           "--force overwrote \(Self.files(foreign)) that feedsite did not write: \(Self.listed(foreign))",
                           hint: "\(foreign.count == 1 ? "it is" : "they are") feedsite's now (in its manifest): keep files of your own "
                               + "in static/ (copied as they are) or templates/pages/ (rendered as pages)")]
    }

    /// `1 file`, `3 files`.
    static func files(_ paths: [String]) -> String {
        "\(paths.count) file\(paths.count == 1 ? "" : "s")"
    }

    /// The first ten paths, then how many more: `a.html, b.html and 3 more`.
    static func listed(_ paths: [String]) -> String {
        paths.prefix(10).joined(separator: ", ") + (paths.count > 10 ? " and \(paths.count - 10) more" : "")
    }

    /// The warning for a file of the output that feedsite wrote and someone changed since, which this
    /// build replaced or removed: never silently, since the change is lost.
    func warning(_ edited: OutputWriter.EditedFile) -> Diagnostic {
        Diagnostic(.warning, at: SourceLocation(file: displayPath(config.outputFolder + "/" + edited.path), line: 1, column: 1),
                   edited.removed
                       ? "this file was changed since feedsite wrote it, and the build no longer makes it: it is kept (it is yours now), "
                           + "and feedsite will not touch it again"
                       : "this file was changed since feedsite wrote it; the build replaces it with the generated one",
                   hint: edited.removed
                       ? "remove it yourself if it should go; hand-made files belong in static/ (copied as they are) or templates/pages/ (rendered as pages)"
                       : "the output folder is rewritten by every build: hand-made files belong in static/ (copied as they are) "
                           + "or templates/pages/ (rendered as pages)")
    }

    /// The paths a build may write, as far as they are known before the snapshots are read: the known
    /// ones and every river page `river_posts:` allows (the staging folder records them before any write).
    func provisionalPaths(_ known: Set<String>) -> [String] {
        let riverPages = (config.riverPostLimit + config.riverPageSize - 1) / config.riverPageSize
        return known.sorted() + (riverPages < 2 ? [] : (2...riverPages).map(River.path(ofPage:)))
    }

    /// `templates/assets/**`, to be copied to `assets/` (see `isPublishedAsset`).
    func assets() throws -> [SiteFile] {
        let folder = config.templatesFolder + "/assets"
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FolderListing.files(under: folder).filter(Self.isPublishedAsset).map { relative in
            let path = folder + "/" + relative
            try TemplateSet.refuseOutsideLink(path, folder: config.siteFolder, folderName: "the site folder", display: displayPath(path))
            return SiteFile(path: "assets/" + relative, bytes: try FileInput.read(path, purpose: "an asset", limit: .max))
        }
    }
}

extension SiteBuilder {
    /// Whether an asset is copied: not a hidden file or folder (`.env`, `.DS_Store`, `.git/`) nor an
    /// editor's backup or swap file (`site.css~`, `.site.css.swp`, `#site.css#`).
    static func isPublishedAsset(_ relative: String) -> Bool {
        !relative.split(separator: "/").contains { name in
            name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#"))
        }
    }
}
