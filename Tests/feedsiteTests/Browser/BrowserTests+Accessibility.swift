import Foundation
import Testing

/// Every kind of page of the sample site, in every state a reader can bring it to, checked with
/// axe-core's WCAG 2.0 and 2.1 A and AA rules, in both colour schemes, on a desktop and a 320 px screen.
extension BrowserTests {
    /// The sample's pages: the index, an account with posts, one whose last fetch failed, one never
    /// fetched, the Bluesky and Mastodon accounts (posts, no timeline), the river and the 404 page.
    static let accessibilityPages = ["index.html", "outputdd/index.html", "nasa/index.html", "esa/index.html",
                                     "outputdd.bsky.social/index.html", "outputdd@fosstodon.org/index.html",
                                     "latest/index.html", "404.html"]

    /// The account pages, whose live timeline has states of its own.
    static let timelinePages = ["outputdd/index.html", "nasa/index.html", "esa/index.html"]

    @Test("every kind of page of the sample site, with JavaScript off and in each live-timeline state, has no WCAG 2.0/2.1 A or AA violation (axe-core)",
          arguments: ["light", "dark"], [1024, 320])
    func accessibility(scheme: String, width: Int) throws {
        let axe: String
        switch AxeCore.source {
        case .success(let source): axe = source
        case .failure(let unavailable): Issue.record("\(unavailable)"); return
        }
        let site = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build"], in: site.path).status == 0)
        let config = try String(contentsOfFile: RepositoryPaths.sampleConfig, encoding: .utf8)
        #expect(config.contains("\n  # load: click "), "the sample's commented load: option moved")
        let clickSite = try TemporarySite.sample(["site.yml": config.replacingOccurrences(of: "\n  # load: click ", with: "\n  load: click ")])
        #expect(try ProcessRunner.run(["build"], in: clickSite.path).status == 0)

        let browser = try ChromiumSession()
        try browser.setColorScheme(scheme)
        if width != 1024 { try browser.setViewport(width: width, height: 640) }
        var audit = AccessibilityAudit(browser: browser, axe: axe)

        for page in Self.accessibilityPages {
            try browser.setScriptsEnabled(false)
            try browser.open("file://\(site.path)/output/\(page)", widgets: .fake)
            // axe-core needs timers, which stop with the page's scripts: turned back on after the page
            // was parsed without them, they run axe and nothing of the page's own.
            try browser.setScriptsEnabled(true)
            let scriptRan = "!!document.querySelector('[data-feedsite-timeline][data-state]')"
            #expect(try browser.evaluate(scriptRan) as? Bool == false, "\(page): feedsite.js ran with JavaScript off")
            try audit.check("\(page), JavaScript off")
        }
        for page in Self.accessibilityPages where !Self.timelinePages.contains(page) {
            try browser.open("file://\(site.path)/output/\(page)", widgets: .fake)
            try browser.pump(for: 0.2)
            try audit.check("\(page), JavaScript on")
        }
        for page in Self.timelinePages {
            // outputdd has posts: X loads after the click. The others load X at once, or, in the
            // load: click variant of the sample, after the click.
            let asks = page == "outputdd/index.html"
            let consentSite = asks ? site : clickSite
            try browser.open("file://\(consentSite.path)/output/\(page)", widgets: .fake)
            #expect(try browser.wait(until: Self.consentVisible, seconds: 5), "\(page): no consent panel")
            try audit.check("\(page), consent")
            for (state, widgets, reached) in [("loading", ChromiumSession.WidgetsResponse.hang, Self.loading), ("failed", .refuse, Self.failed)] {
                if asks {
                    try askForTimeline(browser, "file://\(site.path)/output/\(page)", widgets: widgets)
                } else {
                    try browser.open("file://\(site.path)/output/\(page)", widgets: widgets)
                }
                #expect(try browser.wait(until: reached, seconds: 3), "\(page): not \(state)")
                try audit.check("\(page), \(state)")
            }
        }
        #expect(audit.checked == 22)
        #expect(audit.failures.isEmpty, "WCAG A/AA violations in the \(scheme) scheme at \(width) px:\n\(audit.failures.joined(separator: "\n"))")
    }

    @Test("on a 320 px screen the fallback under the posts shows its whole text and both buttons, nothing clipped (WCAG 1.4.10 reflow)")
    func postsFallbackFitsNarrowScreen() throws {
        let site = try buildPostsSite(defaults: "")
        let browser = try ChromiumSession()
        try browser.setViewport(width: 320, height: 640)
        try askForTimeline(browser, "file://\(site.path)/output/outputdd/index.html", widgets: .refuse)
        #expect(try browser.wait(until: Self.failed, seconds: 3))
        #expect(try browser.evaluate(Self.fitsInTimeline(".timeline-fallback")) as? Bool == true)
        #expect(try browser.evaluate("document.documentElement.scrollWidth <= 320") as? Bool == true)
        _ = try browser.evaluate("document.querySelector('.timeline-fallback').scrollIntoView({ block: 'center' }), true")
        try screenshot(browser, "fallback-narrow")
    }
}

/// Runs axe-core on the page a browser shows and collects what it finds.
struct AccessibilityAudit {
    let browser: ChromiumSession
    let axe: String
    /// How many pages were checked.
    private(set) var checked = 0
    /// One entry per violation: the page and state, the rule and the failing elements.
    private(set) var failures: [String] = []

    /// Injects axe-core into the page and records each violation under `label`.
    mutating func check(_ label: String) throws {
        _ = try browser.evaluate(axe + "\n;true")
        let json = try #require(try browser.evaluate(AxeCore.runExpression, awaitPromise: true) as? String, "axe did not run on \(label)")
        let violations = try JSONDecoder().decode([AxeCore.Violation].self, from: Data(json.utf8))
        failures += violations.map { "\(label): \($0)" }
        checked += 1
    }
}
