extension SiteBuilder {
    /// Phase 5: puts every page's findings together, points each at the template line that produced
    /// it when it can, and throws `BuildCheckFailure` when any is an error.
    func verdict(_ checked: CheckedPages, plan: BuildPlan, site: LoadedSite) throws(BuildCheckFailure) -> CheckReport {
        var report = LinkChecker().report(checked.results, pages: plan.pages.count, existingFiles: Set(plan.paths))
        // Each page with findings is indexed once, however many findings it has.
        var pages: [String: SourceText] = [:]
        for page in checked.withFindings { pages[page.path] = SourceText(page.bytes, file: page.path) }
        report.findings = acceptLiteralPercents(in: report.findings.map { locateInTemplates($0, pages: pages, templates: site.templates) })
        if report.errorCount > 0 { throw BuildCheckFailure(report: report) }
        return report
    }
}

private extension SiteBuilder {
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
    func locateInTemplates(_ finding: CheckFinding, pages: [String: SourceText], templates: TemplateSet) -> CheckFinding {
        guard let page = pages[finding.location.file],
              let raw = RawAttributeValue.at(line: finding.location.line, column: finding.location.column, in: page),
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
