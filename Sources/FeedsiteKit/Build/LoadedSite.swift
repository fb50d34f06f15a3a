/// The site as the build reads it before planning: its configuration, its parsed templates and
/// what checking the templates' names found.
struct LoadedSite: Sendable {
    let config: SiteConfig
    let templates: TemplateSet
    /// Names in templates that never resolve (warnings; errors stop the build while loading).
    let warnings: [Diagnostic]
    /// Whether the account template uses `accounts`: only then does each account page get the list.
    let accountPagesListAccounts: Bool
}

extension LoadedSite {
    /// Parses the templates and checks every name they use against the page context.
    init(config: SiteConfig, displayPath: (String) -> String) throws {
        let templates = try TemplateSet.load(folder: config.templatesFolder, displayFolder: displayPath(config.templatesFolder))
        var names = TemplateNameChecker(partials: templates.partials)
        names.check(templates.account)
        let accountPagesListAccounts = names.usesAccounts
        names.check(templates.index)
        if let notFound = templates.notFound { names.check(notFound) }
        if names.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticError(names.diagnostics) }
        self.init(config: config, templates: templates, warnings: names.diagnostics.sorted(),
                  accountPagesListAccounts: accountPagesListAccounts)
    }

    /// The template that renders a kind of page.
    func template(for kind: PlannedPage.Kind) -> Template {
        switch kind {
        case .index: templates.index
        case .account: templates.account
        // The plan has a 404 page only when the template exists.
        case .notFound: templates.notFound ?? templates.index
        }
    }
}
