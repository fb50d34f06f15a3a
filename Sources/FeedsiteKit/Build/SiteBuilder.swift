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
    /// The fingerprint of the inputs, when taken before the config was loaded (see `build(configPath:)`).
    var fingerprint: UInt64??
    /// The output folder given on the command line (`--output DIR`), which replaces `config`'s.
    var chosenOutput: ChosenOutputFolder?
    /// The `base_url` that replaced site.yml's in `config` (`--base-url`, `FEEDSITE_BASE_URL`): part of the fingerprint.
    package var baseURLOverride: BaseURLOverride?

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
    /// `output` replaces site.yml's `output:` (`--output DIR`); `baseURL` replaces its `base_url`.
    package static func build(configPath: String, overwritesForeignFiles: Bool = false, output: ChosenOutputFolder? = nil,
                              baseURL: BaseURLOverride? = nil,
                              displayPath: @escaping @Sendable (String) -> String = { $0 },
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

        var config = try SiteConfigLoader.decode(bytes, file: configPath, siteFolder: SiteFolders.siteFolder(of: configPath))
        if let output { config = config.withOutputFolder(output) }
        if let baseURL { config = baseURL.applied(to: config) }
        var builder = SiteBuilder(config: config, displayPath: displayPath)
        builder.overwritesForeignFiles = overwritesForeignFiles
        builder.chosenOutput = output
        builder.baseURLOverride = baseURL
        // The fingerprint was taken from the bytes just decoded, so it describes exactly this build.
        if let check, config.folders == folders { builder.fingerprint = .some(check.fingerprint) }
        return try builder.build(progress: progress, since: start)
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

        let site = try LoadedSite(config: config, displayPath: displayPath)
        let statics = try StaticFolder(siteFolder: config.siteFolder, displayPath: displayPath)
            .files(siteFolder: config.siteFolder, outputFolder: config.outputFolder)
        let plan = try BuildPlan(site, assets: try assets(), statics: statics)
        try checkShareImages(plan)
        let sink: any PageSink = StagingSink(output: config.outputFolder, plan: plan)
            ?? FolderSink(writer: writer, previous: manifest, paths: plan.paths)
        do {
            let checked = try renderAndCheck(plan, site: site, into: sink, progress: progress)
            progress(.checking)
            let report = try verdict(checked, plan: plan, site: site)
            if !overwritesForeignFiles { try refuseForeignFiles(sink.foreignFiles(among: plan.files), in: writer.folder) }
            progress(.writing)
            let warnings = (site.warnings + plan.warnings).sorted()
            let clean = report.findings.isEmpty && warnings.isEmpty
            let record = upToDate.fingerprint.flatMap {
                clean ? BuildManifest.Record(fingerprint: $0, pages: plan.pages.count, intentURLs: report.intentURLs,
                                             accounts: config.accounts.count, links: report.links) : nil
            }
            let counts = try sink.publish(plan.files, record: record)
            return BuildResult(pages: plan.pages.count, accounts: config.accounts.count, written: counts.written,
                               unchanged: counts.unchanged, removed: counts.removed, writtenPaths: counts.writtenPaths,
                               removedPaths: counts.removedPaths, check: report,
                               warnings: warnings + counts.editedFiles.map(warning), milliseconds: BuildResult.milliseconds(since: start),
                               outputFolder: config.outputFolder, upToDate: false, editedFiles: counts.editedFiles.count)
        } catch {
            sink.discard()
            throw error
        }
    }

    /// Phase 1 with the config loaded: the fingerprint taken before loading when there is one.
    func upToDateCheck(manifest: BuildManifest) -> UpToDateCheck {
        if let fingerprint {
            // Taken moments ago and found out of date: no need to compare the output folder again.
            return UpToDateCheck(fingerprint: fingerprint, previous: nil)
        }
        guard let bytes = try? FileInput.read(config.configPath, purpose: "the site configuration", limit: .max) else { return UpToDateCheck(fingerprint: nil, previous: nil) }
        return UpToDateCheck(configPath: config.configPath, configBytes: bytes + (baseURLOverride?.fingerprintBytes ?? []),
                             folders: config.folders, manifest: manifest)
    }

    /// Throws when the build would replace `foreign`, files in the output folder that feedsite did not
    /// write (the user's own), which it never does without `--force`.
    func refuseForeignFiles(_ foreign: [String], in folder: String) throws(InputError) {
        guard !foreign.isEmpty else { return }
        let shown = foreign.prefix(10).joined(separator: ", ") + (foreign.count > 10 ? " and \(foreign.count - 10) more" : "")
        throw InputError("\(displayPath(folder)): \(foreign.count) file\(foreign.count == 1 ? "" : "s") that feedsite did not write "
                         + "would be overwritten: \(shown)",
                         hint: "move \(foreign.count == 1 ? "it" : "them") out of the output folder, or build with --force to overwrite them")
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
