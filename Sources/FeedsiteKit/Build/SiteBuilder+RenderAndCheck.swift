import Synchronization

extension SiteBuilder {
    /// Phase 5: renders every planned page but the account pages (the account pass made those) on all
    /// cores (`ParallelLoop`'s threads have stacks large enough for the deepest nesting the renderer
    /// allows); checks each page as soon as it is rendered (intent URLs, and relative links against
    /// every path of the plan) and hands it to `sink`; then resolves the account pages' links that
    /// needed the whole plan, and checks the static HTML. `existingFiles`: the plan's paths.
    func renderAndCheck(_ plan: BuildPlan, existingFiles: Set<String>, site: LoadedSite, accounts: AccountPass, into sink: some PageSink,
                        progress: @escaping @Sendable (Phase) -> Void) throws -> CheckedPages {
        let context = pageContext(site, favicon: Favicon.find(among: existingFiles), listsAccounts: false, options: accounts.options)
        let renderer = SitePageRenderer(site: site, context: context)
        let checker = LinkChecker(mastodonServers: config.mastodonServers)
        let pages = plan.pages.filter { if case .account = $0.kind { false } else { true } }
        let collected = Mutex(accounts.checked)
        let done = Atomic<Int>(plan.pages.count - pages.count)
        let showsProgress = config.accounts.count >= 1_000
        // A page a chunk: they are few (the account pages are made in the account pass) and the index weighs as much as
        // all the river pages, which chunks of 64 left on one thread while the other idled.
        try ParallelLoop.run(count: pages.count, chunk: 1) { chunks throws(any Error) in
            var checked = CheckedPages()
            var memo = RelativeLink.Memo()
            for range in chunks {
                for page in pages[range] {
                    try checkStop()
                    let file = try renderer.render(page)
                    var result = checker.inspect(file)
                    checker.resolveLinks(of: &result, existingFiles: existingFiles, memo: &memo)
                    if !result.findings.isEmpty { checked.withFindings.append(file) }
                    checked.results.append(result)
                    try sink.accept(file)
                }
                let count = done.wrappingAdd(range.count, ordering: .relaxed).newValue
                if showsProgress { progress(.rendering(done: count, total: plan.pages.count)) }
            }
            collected.withLock {
                $0.results += checked.results
                $0.withFindings += checked.withFindings
            }
        }
        var checked = collected.withLock { $0 }
        var memo = RelativeLink.Memo()
        for (pending, file) in accounts.unresolved {
            var result = pending
            checker.resolveLinks(of: &result, existingFiles: existingFiles, memo: &memo)
            if !result.findings.isEmpty { checked.withFindings.append(file) }
            checked.results.append(result)
        }
        // Static HTML is published as it is, so it is checked as the rendered pages are (it is already in the plan's files).
        for file in plan.files where plan.staticPaths.contains(file.path) && LinkChecker.isHTML(file.path) {
            var result = checker.inspect(file)
            checker.resolveLinks(of: &result, existingFiles: existingFiles, memo: &memo)
            if !result.findings.isEmpty { checked.withFindings.append(file) }
            checked.results.append(result)
        }
        return checked
    }
}

extension PageContext {
    /// The context of a planned page.
    func value(for page: PlannedPage) -> TemplateValue {
        switch page.kind {
        case .index: indexPage()
        case .account(let index): accountPage(index)
        case .notFound: notFoundPage()
        case .river(let number): riverPage(number)
        case .extra(let index): extraPage(index)
        }
    }
}
