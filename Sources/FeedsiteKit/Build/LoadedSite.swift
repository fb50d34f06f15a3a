import Synchronization

/// The site as the build reads it before planning: its configuration, its parsed templates, what
/// checking the templates' names found, and what it keeps of each account's snapshot.
struct LoadedSite: Sendable {
    let config: SiteConfig
    let templates: TemplateSet
    /// Names in templates that never resolve, media that could not be published, an image path without
    /// `base_url` (warnings; errors stop the build while loading).
    var warnings: [Diagnostic]
    /// Whether the account template uses `accounts`: only then does each account page get the list.
    let accountPagesListAccounts: Bool
    /// Each account's snapshot (in `config.accounts` order; nil where none was fetched yet). After the
    /// build's account pass (`SiteBuilder.renderAccounts`), each holds only its newest shown post:
    /// the account pages and feeds, which show the others, are made.
    var snapshots: [Snapshot?]
    /// Every account's posts merged, newest first.
    var river: River
    /// Each page's Content Security Policy.
    var policies: PagePolicies
    /// The media copies the pages show (`media: copy`), read from `snapshots/media/`.
    var media = PublishedMedia()
    /// The data files (`data/*.yml`, `data/*.json`), as templates see them in `data`.
    var data = TemplateValue.map([:])
    /// Whether the river's template uses `accounts` or `groups`: only then does each river page get the list.
    var riverPagesListAccounts = true
    /// Whether the 404 page's template uses `accounts` or `groups`: only then does it get the list.
    var notFoundListsAccounts = true
    /// Whether each extra page's template (in `templates.pages` order) uses `accounts` or `groups`; a page
    /// not listed here gets the list.
    var extraPagesListAccounts: [Bool] = []
}

extension LoadedSite {
    /// Parses the templates, checks every name they use against the page context, and reads every
    /// account's snapshot whole (the build keeps less: `SiteBuilder.renderAccounts`).
    init(config: SiteConfig, displayPath: @escaping @Sendable (String) -> String) throws {
        self = try Self.withoutSnapshots(config: config, displayPath: displayPath)
        let media = PublishedMedia(config: config, snapshots: try Self.snapshots(of: config, displayPath: displayPath), displayPath: displayPath)
        snapshots = media.snapshots
        river = River(config: config, shown: media.shown)
        policies = PagePolicies(config: config, snapshots: snapshots)
        warnings = (warnings + media.warnings).sorted()
        self.media = media
    }

    /// Phase 2, load: parses the templates, checks every name they use against the page context and
    /// reads the data files; no snapshot is read (broken ones are reported first all the same).
    static func withoutSnapshots(config: SiteConfig, displayPath: @escaping @Sendable (String) -> String) throws -> LoadedSite {
        let templates: TemplateSet
        do {
            templates = try TemplateSet.load(folder: config.templatesFolder, displayFolder: displayPath(config.templatesFolder),
                                             reservedPageNames: ExtraPageNames.reservedNames(for: config))
        } catch let error as InputError where error.message.hasSuffix("templates folder not found") {
            throw config.located(error, key: "templates")
        }
        // The data files first: the templates' names are checked against them (`data.NAME`). Errors in
        // both are reported together.
        var data = TemplateValue.map([:])
        var dataErrors: [Diagnostic] = []
        do {
            data = try DataFiles.load(siteFolder: config.siteFolder, displayPath: displayPath)
        } catch let error as DiagnosticError {
            dataErrors = error.diagnostics
        }
        var names = TemplateNameChecker(partials: templates.partials, page: dataErrors.isEmpty ? .page(data: data) : .page)
        names.check(templates.account)
        let accountPagesListAccounts = names.usesAccounts
        names.check(templates.index)
        if let notFound = templates.notFound { names.check(notFound) }
        if let latest = templates.latest { names.check(latest) }
        for page in templates.pages { names.check(page.template) }
        var markup = TemplateMarkupChecker()
        for template in [templates.account, templates.index, templates.notFound, templates.latest].compactMap({ $0 })
            + templates.pages.map(\.template) + templates.partials.templates.keys.sorted().compactMap({ templates.partials.templates[$0] }) {
            markup.check(template)
        }
        let diagnostics = names.diagnostics + markup.diagnostics
        let templateErrors = diagnostics.contains { $0.severity == .error }
        if templateErrors || !dataErrors.isEmpty { throw DiagnosticError((dataErrors + (templateErrors ? diagnostics : [])).sorted()) }
        var site = LoadedSite(config: config, templates: templates,
                              warnings: (diagnostics + [config.imageWithoutBaseURLWarning].compactMap { $0 }).sorted(),
                              accountPagesListAccounts: accountPagesListAccounts, snapshots: [],
                              river: River(entries: [], latest: [], pageSize: config.riverPageSize),
                              policies: PagePolicies(config: config, origins: config.accounts.map { _ in [] }))
        site.data = data
        let usesAccounts = { (template: Template) -> Bool in
            var pageNames = TemplateNameChecker(partials: templates.partials, page: dataErrors.isEmpty ? .page(data: data) : .page)
            pageNames.check(template)
            return pageNames.usesAccounts
        }
        if let latest = templates.latest { site.riverPagesListAccounts = usesAccounts(latest) }
        if let notFound = templates.notFound { site.notFoundListsAccounts = usesAccounts(notFound) }
        site.extraPagesListAccounts = templates.pages.map { usesAccounts($0.template) }
        return site
    }

    /// Every account's snapshot; every snapshot broken by hand is reported at once, at its `file:line:col`.
    /// The folder is listed once and only the files in it are read, on all cores.
    static func snapshots(of config: SiteConfig, displayPath: @escaping @Sendable (String) -> String) throws -> [Snapshot?] {
        let store = SnapshotStore(folder: config.snapshotsFolder, displayPath: displayPath)
        let present = Set(store.files)
        let accounts = config.accounts
        guard !present.isEmpty else { return Array(repeating: nil, count: accounts.count) }
        let collected = Mutex<(snapshots: [Snapshot?], diagnostics: [Diagnostic])>((Array(repeating: nil, count: accounts.count), []))
        try ParallelLoop.run(count: accounts.count, chunk: 64) { chunks throws(any Error) in
            var found: [(Int, Snapshot)] = []
            var diagnostics: [Diagnostic] = []
            for range in chunks {
                for index in range where present.contains(accounts[index].slug + ".json") {
                    do {
                        if let snapshot = try store.read(accounts[index].slug) { found.append((index, snapshot)) }
                    } catch let error as DiagnosticError {
                        diagnostics += error.diagnostics
                    }
                }
            }
            collected.withLock {
                for (index, snapshot) in found { $0.snapshots[index] = snapshot }
                $0.diagnostics += diagnostics
            }
        }
        let result = collected.withLock { $0 }
        if !result.diagnostics.isEmpty { throw DiagnosticError(result.diagnostics) }
        return result.snapshots
    }

    /// The template that renders a kind of page.
    func template(for kind: PlannedPage.Kind) -> Template {
        switch kind {
        case .index: templates.index
        case .account: templates.account
        // The plan has a 404 page and river pages only when their templates exist.
        case .notFound: templates.notFound ?? templates.index
        case .river: templates.latest ?? templates.index
        case .extra(let index): templates.pages[index].template
        }
    }
}
