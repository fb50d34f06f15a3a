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
        guard let bytes = try? FileInput.read(configPath, purpose: "the site configuration", limit: SiteConfigLoader.maximumBytes),
              let folders = YAMLReader(file: configPath).topLevelValues(bytes, keys: ["templates", "output"]) else { return nil }
        let siteFolder = URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent().path
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
        if let fingerprint, let previous = writer.upToDate(fingerprint: fingerprint) {
            return Self.unchanged(previous, since: start)
        }
        let templates = try TemplateSet.load(folder: config.templatesFolder, displayFolder: displayPath(config.templatesFolder))
        var names = TemplateNameChecker(partials: templates.partials)
        names.check(templates.account)
        let accountPagesUseAccounts = names.usesAccounts
        names.check(templates.index)
        if let notFound = templates.notFound { names.check(notFound) }
        if names.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticError(names.diagnostics) }

        var files = try render(templates, includeAccounts: accountPagesUseAccounts, progress: progress)
        let pageCount = files.count
        files += try assets()
        if let baseURL = config.baseURL {
            files.append(OutputFile(path: "sitemap.xml", bytes: Sitemap.xml(baseURL: baseURL, accounts: config.accounts)))
        }

        progress(.checking)
        let pages = files.prefix(pageCount).map { LinkChecker.Page(path: $0.path, bytes: $0.bytes) }
        var report = LinkChecker().check(pages: pages, existingFiles: Set(files.map(\.path)))
        report.findings = report.findings.map { locateInTemplates($0, pages: pages, templates: templates) }
        report.findings = acceptLiteralPercents(in: report.findings)
        if report.errorCount > 0 { throw BuildCheckFailure(report: report) }

        progress(.writing)
        let clean = report.findings.isEmpty && names.diagnostics.isEmpty
        let record = fingerprint.flatMap {
            clean ? BuildManifest.Record(fingerprint: $0, pages: pageCount, intentURLs: report.intentURLs, accounts: config.accounts.count) : nil
        }
        let counts = try writer.write(files, record: record)
        return BuildResult(pages: pageCount, accounts: config.accounts.count, written: counts.written, unchanged: counts.unchanged,
                           removed: counts.removed, check: report, warnings: names.diagnostics.sorted(),
                           milliseconds: Self.milliseconds(since: start))
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

    /// Renders the index, every account page and the 404 page, on all cores (on threads with
    /// stacks large enough for the deepest nesting the renderer allows).
    func render(_ templates: TemplateSet, includeAccounts: Bool, progress: @escaping @Sendable (Phase) -> Void) throws -> [OutputFile] {
        let context = PageContext(config: config, accountPagesListAccounts: includeAccounts)
        let renderer = TemplateRenderer(partials: templates.partials, missingPartials: .error)
        let accounts = config.accounts.count
        // Page 0 is the index, 1...accounts the account pages, and the 404 page last when there is one.
        let total = accounts + 1 + (templates.notFound == nil ? 0 : 1)
        let slots = Mutex<[OutputFile?]>([OutputFile?](repeating: nil, count: total))
        let failure = Mutex<DiagnosticError?>(nil)
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), total)
        let chunk = 64
        let config = config
        @Sendable func page(_ index: Int) throws(DiagnosticError) -> OutputFile {
            if index == 0 {
                return OutputFile(path: "index.html", bytes: try renderer.render(templates.index, data: context.indexPage()))
            }
            if index > accounts, let notFound = templates.notFound {
                return OutputFile(path: "404.html", bytes: try renderer.render(notFound, data: context.notFoundPage()))
            }
            let bytes = try renderer.render(templates.account, data: context.accountPage(index - 1, includeAccounts: includeAccounts))
            return OutputFile(path: "\(config.accounts[index - 1].slug)/index.html", bytes: bytes)
        }
        WorkerThreads.run(count: workers) { _ in
            var rendered: [(Int, OutputFile)] = []
            while failure.withLock({ $0 == nil }) {
                let first = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                guard first < total else { break }
                for index in first..<min(first + chunk, total) {
                    do throws(DiagnosticError) {
                        rendered.append((index, try page(index)))
                    } catch {
                        failure.withLock { if $0 == nil { $0 = error } }
                        break
                    }
                }
                let count = done.wrappingAdd(min(chunk, total - first), ordering: .relaxed).newValue
                if accounts >= 1_000 { progress(.rendering(done: count, total: total)) }
            }
            slots.withLock { slots in
                for (index, file) in rendered { slots[index] = file }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return slots.withLock { $0.compactMap { $0 } }
    }

    /// `templates/assets/**`, to be copied to `assets/`.
    func assets() throws -> [OutputFile] {
        let folder = config.templatesFolder + "/assets"
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FolderListing.files(under: folder).map { relative in
            let path = folder + "/" + relative
            try TemplateSet.refuseOutsideLink(path, folder: config.siteFolder, folderName: "the site folder", display: displayPath(path))
            return OutputFile(path: "assets/" + relative, bytes: try FileBytes.read(path))
        }
    }

    /// A compose text that itself holds `%3C` encodes to `%253C`: the checker cannot tell that from
    /// double encoding, but feedsite wrote the URL from the text exactly, so it is only a warning.
    func acceptLiteralPercents(in findings: [CheckFinding]) -> [CheckFinding] {
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
