extension BuildPlan {
    /// Refuses a static file that would take the place of a generated file or page: the same path
    /// (`static/index.html`, `static/feed.xml`, `static/_headers`), or a file where a generated path
    /// needs a folder (`static/about` beside `about/index.html`) and the reverse. Names both sides in the message.
    func refuseStaticCollisions(_ statics: [SiteFile], site: LoadedSite) throws(InputError) {
        var generated: [String: String] = [:]
        for page in pages { generated[page.path] = describe(page, site: site) }
        for file in files where generated[file.path] == nil { generated[file.path] = describe(file: file.path, site: site) }
        guard !statics.isEmpty else { return }
        var folders: [String: String] = [:]
        for (path, what) in generated {
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders[String(folder)] = what
            }
        }
        var problems: [String] = []
        for file in statics {
            let source = "\(StaticFolder.name)/\(file.path)"
            if let what = generated[file.path] {
                problems.append("\(source) would be written to \(file.path), which \(what) also writes")
            } else if let what = folders[file.path] {
                problems.append("\(source) would be written to \(file.path), where \(what) needs a folder")
            } else if let clash = Self.generatedAncestor(of: file.path, in: generated) {
                problems.append("\(source) needs a folder \(clash), where \(generated[clash]!) writes a file")
            }
        }
        guard let first = problems.first else { return }
        throw InputError(first + (problems.count > 1 ? " (and \(problems.count - 1) more: \(problems.dropFirst().prefix(5).joined(separator: "; ")))" : ""),
                         hint: "rename or remove the static file; the generated files come from site.yml and the templates")
    }
}

extension BuildPlan {
    /// Refuses an extra page at the path of another page that no account makes (`templates/pages/latest.html`
    /// beside the river's `latest/index.html`); `refuseCollisions` names the account for the others.
    func refuseExtraPageCollisions(_ site: LoadedSite) throws(InputError) {
        var seen: [String: String] = [:]
        for page in pages {
            if case .account = page.kind { continue }
            let what = describe(page, site: site)
            if case .extra = page.kind, let other = seen[page.path] {
                throw InputError("\(what) would be written to \(page.path), which \(other) also writes",
                                 hint: "rename \(what) (the page's name is its folder in the output)")
            }
            seen[page.path] = what
        }
    }
}

private extension BuildPlan {
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

    /// The first folder of `path` (`a` of `a/b/c`, then `a/b`) that is a generated file.
    static func generatedAncestor(of path: String, in generated: [String: String]) -> String? {
        var end = path.startIndex
        while let slash = path[end...].firstIndex(of: "/") {
            let folder = String(path[..<slash])
            if generated[folder] != nil { return folder }
            end = path.index(after: slash)
        }
        return nil
    }
}
