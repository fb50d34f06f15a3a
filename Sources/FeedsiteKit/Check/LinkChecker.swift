import Synchronization

/// Checks HTML pages: every intent URL against the rules, every relative link against the files present.
package struct LinkChecker: Sendable {
    /// A page to check: its path relative to the site folder and its bytes.
    package typealias Page = SiteFile

    /// What one page holds: findings of its intent URLs, and its relative links (resolved later,
    /// once every file of the folder is known).
    struct PageResult {
        var findings: [CheckFinding] = []
        var intentURLs = 0
        var links: [(location: SourceLocation, value: String)] = []
        /// The path the page's relative links resolve from, when its `<base href>` is not the page itself.
        var linkBase: String?
        /// How many relative links were already resolved (their broken ones are among `findings`).
        var resolvedLinks = 0
    }

    /// The rules for intent URLs: strictness and the hosts whose `/share` links are Mastodon's
    /// compose links (a build adds its accounts' servers).
    let inspector: IntentURLInspector

    /// Creates a checker; `strict` also flags characters that canonical encoding would not leave raw.
    package init(strict: Bool = false, mastodonServers: Set<String> = Network.wellKnownMastodonServers) {
        inspector = IntentURLInspector(strict: strict, mastodonServers: mastodonServers)
    }
}

extension LinkChecker {
    /// Checks every `.html` and `.htm` file (in any case) under `folder`. All cores walk the folder, read and
    /// check pages at once; relative links are resolved when the whole listing is known.
    package func check(folder: String) throws(InputError) -> CheckReport {
        let root = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let top = try FolderListing.entries(of: root)
        let collected = Mutex<(files: [String], pages: Int, results: [PageResult])>(([], 0, []))
        try ParallelLoop.run(count: top.count) { chunks throws(InputError) in
            var files: [String] = []
            var results: [PageResult] = []
            var pages = 0
            for range in chunks {
                for index in range {
                    var found: [String] = []
                    if top[index].isFolder {
                        try FolderListing.walk(root + "/" + top[index].name, relative: top[index].name, into: &found)
                    } else {
                        found = [top[index].name]
                    }
                    for path in found where Self.isHTML(path) {
                        pages += 1
                        results.append(inspect(Page(path: path, bytes: try FileInput.read(root + "/" + path, purpose: "a page to check", limit: .max))))
                    }
                    files += found
                }
            }
            collected.withLock {
                $0.files += files
                $0.pages += pages
                $0.results += results
            }
        }
        let all = collected.withLock { $0 }
        return report(all.results, pages: all.pages, existingFiles: Set(all.files))
    }

    /// Checks pages held in memory; `existingFiles` (relative paths) is what relative links may point at.
    package func check(pages: [Page], existingFiles: Set<String>) -> CheckReport {
        let collected = Mutex<[PageResult]>([])
        ParallelLoop.run(count: pages.count) { chunks in
            var results: [PageResult] = []
            for range in chunks {
                for index in range { results.append(inspect(pages[index])) }
            }
            collected.withLock { $0 += results }
        }
        return report(collected.withLock { $0 }, pages: pages.count, existingFiles: existingFiles)
    }
}

extension LinkChecker {
    /// Tokenizes one page and inspects its intent URLs; its relative links are kept for later.
    ///
    /// `sanitized`: ranges of the page, in order, each holding HTML exactly as the sanitizer writes it
    /// (what `SanitizedHTMLVerifier` accepts), such as a post a template put on the page. The result is
    /// the same as without them: a range that the tokenizer reaches in the data state (as text, not in
    /// a tag, a comment or raw text) and that holds neither `/intent/` nor `/share` is passed over,
    /// because reading it could find nothing (see `SanitizedHTMLFacts`).
    func inspect(_ page: Page, sanitized: [Range<Int>] = []) -> PageResult {
        let sink = page.bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: LinkCheckSink(), skipping: SanitizedHTMLFacts.inert(sanitized, in: buffer))
            return tokenizer.run()
        }
        var result = PageResult()
        guard !sink.candidates.isEmpty else { return result }
        let base = sink.base.map { RelativeLink.base($0, page: page.path) }
        if case .document(let path) = base, path != page.path { result.linkBase = path }
        var positions = SourceText.Cursor(bytes: page.bytes, file: page.path)
        for candidate in sink.candidates {
            if candidate.isLink {
                switch base {
                case .external:
                    continue
                case .outside where !candidate.value.hasPrefix("/"):
                    result.resolvedLinks += 1
                    result.findings.append(CheckFinding(location: positions.location(of: candidate.offset), rule: .brokenLink,
                                                       message: "'\(candidate.value)' points outside the checked folder, as the page's <base href> does",
                                                       url: candidate.value))
                default:
                    result.links.append((positions.location(of: candidate.offset), candidate.value))
                }
                continue
            }
            guard let inspected = inspector.inspect(candidate.value) else { continue }
            result.intentURLs += 1
            let location = positions.location(of: candidate.offset)
            for problem in inspected.problems {
                result.findings.append(CheckFinding(location: location, rule: problem.rule, message: problem.message,
                                                    url: candidate.value, suggestion: inspected.suggestion))
            }
        }
        return result
    }

    /// Resolves the page's relative links against `existingFiles` now, adding a finding for each
    /// broken one (for a build, which knows every file it will write before it renders a page).
    func resolveLinks(of result: inout PageResult, existingFiles: Set<String>, memo: inout RelativeLink.Memo) {
        for (location, value) in result.links {
            if let finding = Self.brokenLink(value, at: location, from: result.linkBase, existingFiles: existingFiles, memo: &memo) {
                result.findings.append(finding)
            }
        }
        result.resolvedLinks += result.links.count
        result.links = []
    }

    /// Resolves the relative links still pending in every page's result (on all cores) and puts all findings together.
    func report(_ results: [PageResult], pages: Int, existingFiles: Set<String>) -> CheckReport {
        let broken = Mutex<[CheckFinding]>([])
        ParallelLoop.run(count: results.count, chunk: 16) { chunks in
            var found: [CheckFinding] = []
            var memo = RelativeLink.Memo()
            for range in chunks {
                for index in range {
                    for (location, value) in results[index].links {
                        if let finding = Self.brokenLink(value, at: location, from: results[index].linkBase, existingFiles: existingFiles,
                                                         memo: &memo) { found.append(finding) }
                    }
                }
            }
            broken.withLock { $0 += found }
        }
        var findings = broken.withLock { $0 }
        var intentURLs = 0
        var links = 0
        for result in results {
            findings += result.findings
            intentURLs += result.intentURLs
            links += result.links.count + result.resolvedLinks
        }
        return CheckReport(findings: findings.sorted(), filesChecked: pages, intentURLs: intentURLs, links: links)
    }

    /// The finding for a relative link whose target is not among `existingFiles`, or nil when it resolves;
    /// the link resolves from `base` (the page's `<base href>`) when there is one, else from its page.
    static func brokenLink(_ value: String, at location: SourceLocation, from base: String?, existingFiles: Set<String>,
                           memo: inout RelativeLink.Memo) -> CheckFinding? {
        let (target, exists) = memo.resolve(value, from: base ?? location.file, in: existingFiles)
        if exists { return nil }
        let message = target.map { "'\(value)' points to \($0), which does not exist" } ?? "'\(value)' points outside the checked folder"
        return CheckFinding(location: location, rule: .brokenLink, message: message, url: value)
    }
}
