extension SiteBuilder {
    /// Phase 5: puts every page's findings together, points each at the template line (or the account
    /// in site.yml) that produced it when it can, and throws `BuildCheckFailure` when any is an error. `existingFiles`: the plan's paths.
    func verdict(_ checked: CheckedPages, plan: BuildPlan, existingFiles: Set<String>, site: LoadedSite) throws(BuildCheckFailure) -> CheckReport {
        var report = LinkChecker().report(checked.results, pages: plan.pages.count, existingFiles: existingFiles)
        // Each page with findings is indexed once, however many findings it has.
        var pages: [String: SourceText] = [:]
        for page in checked.withFindings { pages[page.path] = SourceText(page.bytes, file: page.path) }
        report.findings = locateComposeURLs(in: report.findings.map { locateInTemplates($0, pages: pages, templates: site.templates) })
        if report.errorCount > 0 {
            let withFindings = Set(report.findings.map(\.location.file))
            var templates: [String: String] = [:]
            for page in plan.pages where withFindings.contains(page.path) {
                templates[page.path] = site.template(for: page.kind).location(of: 0).file
            }
            for path in plan.staticPaths where withFindings.contains(path) { templates[path] = "\(StaticFolder.name)/\(path), copied as it is" }
            throw BuildCheckFailure(report: report, templates: templates, warnings: (site.warnings + plan.warnings).sorted())
        }
        return report
    }
}

private extension SiteBuilder {
    /// Points each finding in an account's compose URL that no template holds literally at the
    /// account's entry in site.yml, where the URL's values come from.
    func locateComposeURLs(in findings: [CheckFinding]) -> [CheckFinding] {
        guard findings.contains(where: { $0.templateLocation == nil }) else { return findings }
        var origins: [String: SourceLocation] = [:]
        for account in config.accounts { origins[account.composeURL(intentHost: config.intentHost)] = account.location }
        return findings.map { finding in
            guard finding.templateLocation == nil, let origin = origins[finding.url] else { return finding }
            var finding = finding
            finding.templateLocation = origin
            return finding
        }
    }

    /// Adds the template position when the finding's raw attribute text stands literally in one template.
    func locateInTemplates(_ finding: CheckFinding, pages: [String: SourceText], templates: TemplateSet) -> CheckFinding {
        guard let page = pages[finding.location.file],
              let raw = RawAttributeValue.at(line: finding.location.line, column: finding.location.column, in: page),
              raw.count >= 8 else { return finding }
        var sources = [templates.account, templates.index] + templates.partials.templates.values.sorted { $0.name < $1.name }
        sources += [templates.notFound, templates.latest].compactMap { $0 }
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
