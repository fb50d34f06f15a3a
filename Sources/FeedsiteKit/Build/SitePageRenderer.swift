/// Renders one page of a site from its templates and page context: what the build does for each page
/// it writes, and what `feedsite serve` does for a page it renders on demand (`PreviewPages`), so the
/// two give the same bytes.
struct SitePageRenderer: Sendable {
    let site: LoadedSite
    let context: PageContext
    let renderer: TemplateRenderer
}

extension SitePageRenderer {
    /// A renderer of `site`'s pages with `context`.
    init(site: LoadedSite, context: PageContext) {
        var renderer = TemplateRenderer(partials: site.templates.partials, missingPartials: .error)
        renderer.language = site.config.language
        self.init(site: site, context: context, renderer: renderer)
    }

    /// The planned page `page`, its context made from the site's summaries (an account page from
    /// its snapshot in `context`: `account(_:snapshot:shown:origins:copies:)` takes a whole one).
    func render(_ page: PlannedPage) throws(DiagnosticError) -> SiteFile {
        do throws(DiagnosticError) {
            return SiteFile(path: page.path, bytes: try renderer.render(site.template(for: page.kind), data: context.value(for: page)))
        } catch {
            throw named(error, page)
        }
    }

    /// The page of account `index`, whose snapshot is `snapshot` and whose page shows `shown`, with
    /// its images' `origins` and the media `copies` the build publishes.
    func account(_ index: Int, snapshot: Snapshot?, shown: [Post], origins: Set<String>, copies: Set<String>) throws(DiagnosticError) -> SiteFile {
        var placements: [TemplatePlacement]?
        return try account(index, snapshot: snapshot, shown: shown, origins: origins, copies: copies, placements: &placements)
    }

    /// The same page; with `placements` not nil, also where its template put each unescaped value (`TemplatePlacement`).
    func account(_ index: Int, snapshot: Snapshot?, shown: [Post], origins: Set<String>, copies: Set<String>,
                 placements: inout [TemplatePlacement]?) throws(DiagnosticError) -> SiteFile {
        var context = context
        context.copies = copies
        let page = PlannedPage(kind: .account(index), path: site.config.accounts[index].slug + "/index.html")
        do throws(DiagnosticError) {
            let data = context.accountPage(index, snapshot: snapshot, shown: shown, origins: origins)
            guard var placed = placements else {
                return SiteFile(path: page.path, bytes: try renderer.render(site.templates.account, data: data))
            }
            let bytes = try renderer.render(site.templates.account, data: data, placements: &placed)
            placements = placed
            return SiteFile(path: page.path, bytes: bytes)
        } catch {
            throw named(error, page)
        }
    }
}

private extension SitePageRenderer {
    /// `error` with the page it came from: a template renders many pages, so say which one the data came from.
    func named(_ error: DiagnosticError, _ page: PlannedPage) -> DiagnosticError {
        let shown = if case .account(let index) = page.kind { "the page of '\(site.config.accounts[index].handle)', \(page.path)" } else { page.path }
        return DiagnosticError(error.diagnostics.map { diagnostic in
            var named = diagnostic
            named.message += " (rendering \(shown))"
            return named
        })
    }
}
