/// What a build will produce, decided before anything is rendered: the pages to render and the
/// files to copy or generate as they are. So every path of the output folder is known up front,
/// and each page's relative links can be checked as soon as it is rendered.
struct BuildPlan: Sendable {
    /// The pages, index first, in the order of the accounts in site.yml.
    var pages: [PlannedPage]
    /// Files that are not rendered from templates: assets, media copies and sitemap.xml.
    var files: [SiteFile]

    /// Every path the build writes, pages first.
    var paths: [String] { pages.map(\.path) + files.map(\.path) }
}

extension BuildPlan {
    /// The plan for `site`: an index, a page per account, a 404 page when there is a template for
    /// it, the assets, and sitemap.xml when the site has a `base_url`.
    /// Throws when two of them would be written to the same path (an account called `assets` and an
    /// `index.html` among the assets).
    init(_ site: LoadedSite, assets: [SiteFile]) throws(DiagnosticError) {
        let config = site.config
        pages = [PlannedPage(kind: .index, path: "index.html")]
        pages.reserveCapacity(config.accounts.count + 2)
        for (index, account) in config.accounts.enumerated() {
            pages.append(PlannedPage(kind: .account(index), path: account.slug + "/index.html"))
        }
        if site.templates.notFound != nil { pages.append(PlannedPage(kind: .notFound, path: "404.html")) }
        files = assets + site.media.files
        if let baseURL = config.baseURL {
            files.append(SiteFile(path: "sitemap.xml", bytes: Sitemap.xml(baseURL: baseURL, accounts: config.accounts)))
        }
        try refuseCollisions(site)
    }

    /// Account pages are the only paths made from user input: each must differ from every file.
    func refuseCollisions(_ site: LoadedSite) throws(DiagnosticError) {
        let filePaths = Set(files.map(\.path))
        var problems: [Diagnostic] = []
        for page in pages {
            guard case .account(let index) = page.kind, filePaths.contains(page.path) else { continue }
            let account = site.config.accounts[index]
            problems.append(Diagnostic(at: account.location,
                "the page of '\(account.handle)' would be written to \(page.path), which templates/\(page.path) also writes",
                hint: "rename or move templates/\(page.path), or give this account another handle"))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }
}
