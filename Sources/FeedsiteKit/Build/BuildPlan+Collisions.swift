extension BuildPlan {
    /// Refuses a static file that would take the place of a generated file or page: the same path
    /// (`static/index.html`, `static/feed.xml`, `static/_headers`), or a file where a generated path
    /// needs a folder (`static/about` beside `about/index.html`) and the reverse. Paths compare without
    /// case (`static/Index.html`, `static/Img/` beside an account `img`), as on macOS and Windows, and so do
    /// two static files. Names both sides: a `DiagnosticError` at the account when an account's page or
    /// feed is one side (its folder is its handle), an `InputError` otherwise.
    func refuseStaticCollisions(_ statics: [SiteFile], site: LoadedSite) throws {
        guard !statics.isEmpty else { return }
        var generated: [String: GeneratedPath] = [:]
        for page in pages { generated[page.path.lowercased()] = GeneratedPath(path: page.path, what: describe(page, site: site), account: Self.account(of: page)) }
        for file in files where generated[file.path.lowercased()] == nil {
            generated[file.path.lowercased()] = GeneratedPath(path: file.path, what: describe(file: file.path, site: site), account: accountIndex(ofFeed: file.path, site: site))
        }
        var folders: [String: GeneratedPath] = [:]
        for entry in generated.values {
            var folder = entry.path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders[folder.lowercased()] = entry
            }
        }
        var problems: [(source: String, problem: String)] = []
        var atAccounts: [Diagnostic] = []
        var staticsSeen: [String: String] = [:]
        var staticFolders: [String: String] = [:]
        for file in statics {
            let source = "\(StaticFolder.name)/\(file.path)"
            let key = file.path.lowercased()
            var clash: (problem: String, side: GeneratedPath)?
            if let other = generated[key] {
                clash = ("\(source) would be written to \(file.path), which \(other.what) also writes\(Self.caseNote(file.path, other.path))", other)
            } else if let other = folders[key] {
                clash = ("\(source) would be written to \(file.path), where \(other.what) needs a folder", other)
            } else if let (folder, other) = Self.generatedAncestor(of: file.path, in: generated) {
                clash = ("\(source) needs a folder \(folder), where \(other.what) writes a file\(Self.caseNote(folder, other.path))", other)
            } else if let (folder, spelled, other) = Self.folderCaseClash(of: file.path, generatedFolders: folders) {
                clash = ("\(source) needs a folder \(folder), where \(other.what) writes in \(spelled)/ "
                         + "(names that differ only in case are one folder on macOS and Windows)", other)
            } else if let other = staticsSeen[key] {
                problems.append((source, "\(source) and \(StaticFolder.name)/\(other) differ only in case: they are one file on macOS and Windows"))
            } else if let (folder, other) = Self.staticFolderCaseClash(of: file.path, seen: &staticFolders) {
                problems.append((source, "\(source) is in the folder \(StaticFolder.name)/\(folder), and other static files in \(StaticFolder.name)/\(other): "
                                 + "names that differ only in case are one folder on macOS and Windows"))
            }
            staticsSeen[key] = file.path
            guard let clash else { continue }
            if let index = clash.side.account {
                let account = site.config.accounts[index]
                atAccounts.append(Diagnostic(at: account.location, "'\(account.handle)' cannot be an account's folder: \(clash.problem)",
                                             hint: "rename or remove \(source), or give this account another handle (its page goes in \(account.slug)/)"))
            } else {
                problems.append((source, clash.problem))
            }
        }
        if !atAccounts.isEmpty { throw DiagnosticError(atAccounts) }
        guard !problems.isEmpty else { return }
        // At the static file, `static/NAME:1:1`, as data/ errors are (a file without a line).
        throw DiagnosticError(problems.map { source, problem in
            Diagnostic(at: SourceLocation(file: source, line: 1, column: 1), problem,
                       hint: "rename or remove the static file; the generated files come from site.yml and the templates")
        })
    }
}

extension BuildPlan {
    /// Refuses an extra page at the path of another page that no account makes (`templates/pages/latest.html`
    /// beside the river's `latest/index.html`); `refuseCollisions` names the account for the others.
    func refuseExtraPageCollisions(_ site: LoadedSite) throws(DiagnosticError) {
        var seen: [String: String] = [:]
        var problems: [Diagnostic] = []
        for page in pages {
            if case .account = page.kind { continue }
            let what = describe(page, site: site)
            if case .extra = page.kind, let other = seen[page.path] {
                problems.append(Diagnostic(at: SourceLocation(file: site.template(for: page.kind).location(of: 0).file, line: 1, column: 1),
                                           "would be written to \(page.path), which \(other) also writes",
                                           hint: "rename \(what) (the page's name is its folder in the output)"))
                continue
            }
            seen[page.path] = what
        }
        if !problems.isEmpty { throw DiagnosticError(problems.sorted()) }
    }
}

extension BuildPlan {
    /// Refuses each extra page whose folder is a top-level name the build writes for itself (the assets,
    /// the media copies): an error at its template naming what writes the folder, with a free name to rename
    /// it to. The names are the plan's own (`TopLevelNames`), compared without case; accounts are checked
    /// against the pages in `refuseCollisions`. `accountPaths`: the paths of the accounts' pages and feeds.
    func refuseReservedPageNames(_ site: LoadedSite, accountPaths: Set<String>) throws(DiagnosticError) {
        let extraPaths = pages.compactMap { page -> String? in
            if case .extra = page.kind { return page.path }
            return nil
        }
        let names = TopLevelNames(self, excluding: accountPaths.union(extraPaths))
        let taken = Set(pages.map(\.path))
        var problems: [Diagnostic] = []
        for page in site.templates.pages {
            guard let writer = names.writer(of: page.name) else { continue }
            let free = (1...).lazy.map { $0 == 1 ? "\(page.name)-page" : "\(page.name)-page-\($0)" }
                .first { names.writer(of: $0) == nil && !taken.contains($0 + "/index.html") } ?? page.name
            let template = page.template.location(of: 0)
            problems.append(Diagnostic(at: template,
                "the page '\(page.name)' would be written to \(page.name)/index.html, inside the site's top-level \(page.name), which is \(writer)",
                hint: "a page's name is its folder in the output: rename the template, e.g. to \(OutputWriter.parent(of: template.file))/\(free).html"))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }
}

private extension BuildPlan {
    /// A path the build writes, what writes it (for messages), and the account it belongs to, if any.
    struct GeneratedPath {
        let path: String
        let what: String
        let account: Int?
    }

    /// What writes a page, for messages.
    func describe(_ page: PlannedPage, site: LoadedSite) -> String {
        switch page.kind {
        case .index: "the index page"
        case .account(let index): "the page of '\(site.config.accounts[index].handle)'"
        case .notFound: "the 404 page (templates/404.html)"
        case .river(let number): "river page \(number) (templates/latest.html)"
        case .extra(let index): "templates/\(ExtraPageNames.folder)/\(site.templates.pages[index].name).html"
        }
    }

    /// What writes a file that is not a page, for messages.
    func describe(file path: String, site: LoadedSite) -> String {
        if path.hasPrefix("assets/") { return "templates/\(path)" }
        if path.hasPrefix("media/") { return "the media copy \(path)" }
        switch path {
        case SiteHeaders.path: return "the headers file feedsite writes"
        case "sitemap.xml": return "the sitemap"
        case AtomFeed.riverPath: return "the river's Atom feed"
        default:
            if let account = site.config.accounts.first(where: { AtomFeed.path(of: $0) == path }) { return "the Atom feed of '\(account.handle)'" }
            return "a file feedsite generates"
        }
    }

    /// The first folder of `path` that a generated file also needs, spelled otherwise (`Latest` of `Latest/feed.xml`
    /// beside the river's `latest/`): the folder, the generated spelling and what writes there; nil when none.
    static func folderCaseClash(of path: String, generatedFolders: [String: GeneratedPath]) -> (String, String, GeneratedPath)? {
        var end = path.startIndex
        while let slash = path[end...].firstIndex(of: "/") {
            let folder = String(path[..<slash])
            if let entry = generatedFolders[folder.lowercased()] {
                let spelled = String(entry.path.prefix(folder.count))
                if spelled != folder { return (folder, spelled, entry) }
            }
            end = path.index(after: slash)
        }
        return nil
    }

    /// The first folder of the static file `path` that an earlier static file spelled otherwise (`Img/` and `img/`):
    /// this spelling and the earlier one; records `path`'s folders in `seen` (by lower case) either way.
    static func staticFolderCaseClash(of path: String, seen: inout [String: String]) -> (String, String)? {
        var end = path.startIndex
        var clash: (String, String)?
        while let slash = path[end...].firstIndex(of: "/") {
            let folder = String(path[..<slash])
            if let other = seen[folder.lowercased()] {
                if other != folder, clash == nil { clash = (folder, other) }
            } else {
                seen[folder.lowercased()] = folder
            }
            end = path.index(after: slash)
        }
        return clash
    }

    /// The first folder of `path` (`a` of `a/b/c`, then `a/b`) that is a generated file, compared without case.
    static func generatedAncestor(of path: String, in generated: [String: GeneratedPath]) -> (String, GeneratedPath)? {
        var end = path.startIndex
        while let slash = path[end...].firstIndex(of: "/") {
            let folder = String(path[..<slash])
            if let entry = generated[folder.lowercased()] { return (folder, entry) }
            end = path.index(after: slash)
        }
        return nil
    }

    /// ` as <other>` and why that matters, when two paths differ only in case; empty when they are equal.
    static func caseNote(_ path: String, _ other: String) -> String {
        path == other ? "" : " as \(other) (names that differ only in case are one file on macOS and Windows)"
    }

    /// The account whose page `page` is, if any.
    static func account(of page: PlannedPage) -> Int? {
        if case .account(let index) = page.kind { return index }
        return nil
    }

    /// The account whose Atom feed is at `path`, if any.
    func accountIndex(ofFeed path: String, site: LoadedSite) -> Int? {
        guard path.hasSuffix(".xml") else { return nil }
        return site.config.accounts.firstIndex { AtomFeed.path(of: $0) == path }
    }
}
