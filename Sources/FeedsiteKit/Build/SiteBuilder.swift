import Dispatch
import Foundation
import Synchronization

/// The build: plan pages, render them on all cores, check them in memory, then write what changed.
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

    /// The result of a build that has nothing to do, found without decoding site.yml: the same binary,
    /// site.yml and templates as the last build, which was clean, and its output untouched since.
    /// Nil whenever anything differs or cannot be read (then load the config and build).
    package static func unchangedBuild(configPath: String) -> BuildResult? {
        let start = ContinuousClock.now
        guard let bytes = try? FileInput.read(configPath, purpose: "the site configuration", limit: SiteConfigLoader.maximumBytes) else { return nil }
        let siteFolder = URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent().path
        // A first build has no manifest: when site.yml cannot set the output folder (the word is not
        // in it), look for one in the default folder before parsing anything.
        if !BytePattern("output").occurs(in: bytes),
           access(siteFolder + "/output/" + OutputWriter.manifestName, F_OK) != 0 { return nil }
        guard let folders = YAMLReader(file: configPath).topLevelValues(bytes, keys: ["templates", "output"]) else { return nil }
        func resolve(_ path: String) -> String {
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: siteFolder).appendingPathComponent(path))
                .standardizedFileURL.path
        }
        let templates = resolve(folders["templates"] ?? "templates")
        let output = resolve(folders["output"] ?? "output")
        guard (try? OutputFolderGuard.check(output: output, siteFolder: siteFolder, configPath: configPath, templatesFolder: templates)) != nil,
              let fingerprint = BuildFingerprint.compute(configPath: configPath, templatesFolder: templates),
              let previous = OutputWriter(folder: output).upToDate(fingerprint: fingerprint) else { return nil }
        return unchanged(previous, since: start)
    }

    /// Creates a builder for a loaded configuration.
    package init(config: SiteConfig, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.config = config
        self.displayPath = displayPath
    }

    /// Runs the build. Throws `DiagnosticError` or `InputError` for bad input and `BuildCheckFailure`
    /// when a page fails the check; in every failing case nothing on disk has changed.
    package func build(progress: @escaping @Sendable (Phase) -> Void = { _ in }) throws -> BuildResult {
        let start = ContinuousClock.now
        try OutputFolderGuard.check(output: config.outputFolder, siteFolder: config.siteFolder, configPath: config.configPath,
                                    templatesFolder: config.templatesFolder)
        let fingerprint = BuildFingerprint.compute(config)
        let writer = OutputWriter(folder: config.outputFolder)
        let manifest = writer.readManifest()
        if let fingerprint, let previous = writer.upToDate(fingerprint: fingerprint, manifest: manifest) {
            return Self.unchanged(previous, since: start)
        }
        let templates = try TemplateSet.load(folder: config.templatesFolder, displayFolder: displayPath(config.templatesFolder))
        var names = TemplateNameChecker(partials: templates.partials)
        names.check(templates.account)
        let accountPagesUseAccounts = names.usesAccounts
        names.check(templates.index)
        if let notFound = templates.notFound { names.check(notFound) }
        if names.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticError(names.diagnostics) }

        var extraFiles = try assets()
        if let baseURL = config.baseURL {
            extraFiles.append(OutputFile(path: "sitemap.xml", bytes: Sitemap.xml(baseURL: baseURL, accounts: config.accounts)))
        }
        let pagePaths = ["index.html"] + config.accounts.map { "\($0.slug)/index.html" } + (templates.notFound == nil ? [] : ["404.html"])
        let allPaths = pagePaths + extraFiles.map(\.path)
        let existingFiles = Set(allPaths)
        // A first build (no output folder yet) is written beside it and renamed into place at the end.
        let staging = StagingFolder.begin(output: config.outputFolder, paths: allPaths)
        do {
            // Pages the last build wrote are compared with the files on disk as soon as they are rendered.
            let existing = staging == nil ? ExistingOutput(writer: writer, paths: manifest.paths) : nil
            let rendered = try render(templates, paths: pagePaths, existingFiles: existingFiles, includeAccounts: accountPagesUseAccounts,
                                      staging: staging, existing: existing, progress: progress)
            var stamps = rendered.stamps
            if let staging {
                for file in extraFiles { stamps[file.path] = try staging.write(file) }
            }

            progress(.checking)
            let pages = rendered.withFindings.map { LinkChecker.Page(path: $0.path, bytes: $0.bytes) }
            var report = LinkChecker().report(rendered.results, pages: pagePaths.count, existingFiles: existingFiles)
            report.findings = report.findings.map { locateInTemplates($0, pages: pages, templates: templates) }
            report.findings = acceptLiteralPercents(in: report.findings)
            if report.errorCount > 0 { throw BuildCheckFailure(report: report) }

            progress(.writing)
            let clean = report.findings.isEmpty && names.diagnostics.isEmpty
            let record = fingerprint.flatMap {
                clean ? BuildManifest.Record(fingerprint: $0, pages: pagePaths.count, intentURLs: report.intentURLs, accounts: config.accounts.count) : nil
            }
            // Renamed into place, every file is new; otherwise (no staging folder, or the output
            // folder appeared meanwhile) write file by file.
            var counts = OutputWriter.Counts(written: pagePaths.count + extraFiles.count)
            if let staging {
                if try !staging.publish(BuildManifest(complete: true, record: record, files: stamps)) {
                    staging.discard(paths: allPaths)
                    // The staged pages were dropped from memory once written: render them again.
                    let again = try render(templates, paths: pagePaths, existingFiles: existingFiles, includeAccounts: accountPagesUseAccounts,
                                           staging: nil, existing: nil, progress: progress)
                    counts = try writer.write(again.files + extraFiles, record: record)
                }
            } else {
                counts = try writer.write(rendered.files + extraFiles, unchanged: rendered.unchanged, previous: manifest, record: record)
            }
            return BuildResult(pages: pagePaths.count, accounts: config.accounts.count, written: counts.written, unchanged: counts.unchanged,
                               removed: counts.removed, check: report, warnings: names.diagnostics.sorted(),
                               milliseconds: Self.milliseconds(since: start))
        } catch {
            staging?.discard(paths: allPaths)
            throw error
        }
    }
}

private extension SiteBuilder {
    static func unchanged(_ previous: (record: BuildManifest.Record, files: Int), since start: ContinuousClock.Instant) -> BuildResult {
        BuildResult(pages: previous.record.pages, accounts: previous.record.accounts, written: 0, unchanged: previous.files, removed: 0,
                    check: CheckReport(findings: [], filesChecked: previous.record.pages, intentURLs: previous.record.intentURLs, links: 0),
                    warnings: [], milliseconds: milliseconds(since: start))
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// What rendering found. Only pages still to be written stay in memory (`files`, in order): those
    /// written to a staging folder (`stamps`) and those found identical on disk (`unchanged`) are
    /// dropped at once, which keeps memory flat however many pages there are; pages in which checking
    /// found something are kept in `withFindings`, to point the findings at template lines.
    struct RenderedPages {
        var files: [OutputFile]
        var unchanged: [String: BuildManifest.Stamp]
        var withFindings: [OutputFile]
        var results: [LinkChecker.PageResult]
        var stamps: [String: BuildManifest.Stamp?]
    }

    /// The output folder as the build found it: the files the last build wrote there.
    struct ExistingOutput {
        let writer: OutputWriter
        let paths: Set<String>
    }

    /// Renders the index, every account page and the 404 page (`paths`, in that order) on all cores, on
    /// threads with stacks large enough for the deepest nesting the renderer allows. Each page is
    /// checked as soon as it is rendered and, with a staging folder, written to it at once; otherwise
    /// a page the last build wrote (`existing`) is compared with the file on disk.
    func render(_ templates: TemplateSet, paths: [String], existingFiles: Set<String>, includeAccounts: Bool, staging: StagingFolder?,
                existing: ExistingOutput?, progress: @escaping @Sendable (Phase) -> Void) throws -> RenderedPages {
        let context = PageContext(config: config, accountPagesListAccounts: includeAccounts)
        let renderer = TemplateRenderer(partials: templates.partials, missingPartials: .error)
        let checker = LinkChecker()
        let accounts = config.accounts.count
        let total = paths.count
        let slots = Mutex<[OutputFile?]>([OutputFile?](repeating: nil, count: total))
        let collected = Mutex<(results: [LinkChecker.PageResult], stamps: [String: BuildManifest.Stamp?],
                               unchanged: [String: BuildManifest.Stamp], withFindings: [OutputFile])>(([], [:], [:], []))
        let failure = Mutex<(any Error)?>(nil)
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), total)
        let chunk = 64
        @Sendable func page(_ index: Int) throws(DiagnosticError) -> OutputFile {
            let bytes: [UInt8]
            if index == 0 {
                bytes = try renderer.render(templates.index, data: context.indexPage())
            } else if index > accounts, let notFound = templates.notFound {
                bytes = try renderer.render(notFound, data: context.notFoundPage())
            } else {
                bytes = try renderer.render(templates.account, data: context.accountPage(index - 1, includeAccounts: includeAccounts))
            }
            return OutputFile(path: paths[index], bytes: bytes)
        }
        WorkerThreads.run(count: workers) { _ in
            var rendered: [(Int, OutputFile)] = []
            var results: [LinkChecker.PageResult] = []
            var stamps: [(String, BuildManifest.Stamp)] = []
            var unchanged: [(String, BuildManifest.Stamp)] = []
            var withFindings: [OutputFile] = []
            var memo = RelativeLink.Memo()
            work: while failure.withLock({ $0 == nil }) {
                let first = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                guard first < total else { break }
                for index in first..<min(first + chunk, total) {
                    do {
                        let file = try page(index)
                        var result = checker.inspect(LinkChecker.Page(path: file.path, bytes: file.bytes))
                        checker.resolveLinks(of: &result, existingFiles: existingFiles, memo: &memo)
                        if !result.findings.isEmpty { withFindings.append(file) }
                        if let staging {
                            stamps.append((file.path, try staging.write(file)))
                        } else if let existing, existing.paths.contains(file.path), let stamp = existing.writer.unchangedStamp(of: file) {
                            unchanged.append((file.path, stamp))
                        } else {
                            rendered.append((index, file))
                        }
                        results.append(result)
                    } catch {
                        failure.withLock { if $0 == nil { $0 = error } }
                        break work
                    }
                }
                let count = done.wrappingAdd(min(chunk, total - first), ordering: .relaxed).newValue
                if accounts >= 1_000 { progress(.rendering(done: count, total: total)) }
            }
            slots.withLock { slots in
                for (index, file) in rendered { slots[index] = file }
            }
            collected.withLock { collected in
                collected.results += results
                for (path, stamp) in stamps { collected.stamps[path] = stamp }
                for (path, stamp) in unchanged { collected.unchanged[path] = stamp }
                collected.withFindings += withFindings
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let all = collected.withLock { $0 }
        return RenderedPages(files: slots.withLock { $0.compactMap { $0 } }, unchanged: all.unchanged, withFindings: all.withFindings,
                             results: all.results, stamps: all.stamps)
    }

    /// `templates/assets/**`, to be copied to `assets/`.
    func assets() throws -> [OutputFile] {
        let folder = config.templatesFolder + "/assets"
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FolderListing.files(under: folder).map { relative in
            let path = folder + "/" + relative
            try TemplateSet.refuseOutsideLink(path, folder: config.siteFolder, folderName: "the site folder", display: displayPath(path))
            return OutputFile(path: "assets/" + relative, bytes: try FileInput.read(path, purpose: "an asset", limit: .max))
        }
    }

    /// A compose text that itself holds `%3C` encodes to `%253C`: the checker cannot tell that from
    /// double encoding, but feedsite wrote the URL from the text exactly, so it is only a warning.
    func acceptLiteralPercents(in findings: [CheckFinding]) -> [CheckFinding] {
        guard findings.contains(where: { $0.rule == .doubleEncoded }) else { return findings }
        let composeURLs = Set(config.accounts.map { IntentURL.compose($0.compose, host: config.intentHost) })
        return findings.map { finding in
            guard finding.rule == .doubleEncoded, composeURLs.contains(finding.url) else { return finding }
            var finding = finding
            finding.severity = .warning
            finding.message += " (the compose text in site.yml holds a literal %XX sequence; it is posted as written)"
            return finding
        }
    }

    /// Adds the template position when the finding's raw attribute text stands literally in one template.
    func locateInTemplates(_ finding: CheckFinding, pages: [LinkChecker.Page], templates: TemplateSet) -> CheckFinding {
        guard let page = pages.first(where: { $0.path == finding.location.file }),
              let raw = RawAttributeValue.at(line: finding.location.line, column: finding.location.column, in: page.bytes),
              raw.count >= 8 else { return finding }
        var sources = [templates.account, templates.index] + templates.partials.templates.values.sorted { $0.name < $1.name }
        if let notFound = templates.notFound { sources.append(notFound) }
        var finding = finding
        for template in sources {
            if let offset = RawAttributeValue.find(raw, in: template.source) {
                finding.templateLocation = template.location(of: offset)
                break
            }
        }
        return finding
    }
}

