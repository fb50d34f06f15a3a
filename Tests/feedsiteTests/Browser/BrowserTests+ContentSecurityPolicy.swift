import Foundation
import Testing

/// The pages under their own Content Security Policy: no state of a page breaks it, and it blocks
/// what a hostile post could smuggle in.
extension BrowserTests {
    /// Whether the page carries its policy in a meta tag (so that the browser enforces one).
    static let hasPolicy = "(function(){var m=document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]');return !!m && m.content.indexOf(\"default-src 'none'\") === 0})()"
    static let timelineState = "(document.querySelector('[data-feedsite-timeline]') || {getAttribute: function () { return null; }}).getAttribute('data-state')"

    /// Opens `url` in `browser`, waits until `condition` holds, and returns the CSP violations meanwhile.
    func violations(_ browser: ChromiumSession, _ url: String, widgets: ChromiumSession.WidgetsResponse,
                    until condition: String) throws -> [ChromiumSession.Report] {
        browser.clearReports()
        try browser.open(url, widgets: widgets)
        #expect(try browser.wait(until: condition, seconds: 10), "\(url): never reached \(condition)")
        try browser.pump(for: 0.3)
        #expect(try browser.evaluate(Self.hasPolicy) as? Bool == true, "\(url) has no Content Security Policy")
        return browser.violations
    }

    @Test("no Content Security Policy violation in any state: loading, rendered, failed, consent, posts, JavaScript off")
    func noViolationInAnyState() throws {
        let site = try buildSite()
        let page = "file://\(site.path)/output/outputdd/index.html"
        let browser = try ChromiumSession()
        var seen: [String: [ChromiumSession.Report]] = [:]
        seen["loading"] = try violations(browser, page, widgets: .hang, until: "\(Self.timelineState) === 'loading'")
        seen["rendered"] = try violations(browser, page, widgets: .fake, until: "\(Self.timelineState) === 'loaded'")
        seen["failed"] = try violations(browser, page, widgets: .refuse, until: "\(Self.timelineState) === 'failed'")
        seen["index"] = try violations(browser, "file://\(site.path)/output/index.html", widgets: .fake, until: "!!document.querySelector('h1')")
        let consent = try buildConsentSite()
        seen["consent"] = try violations(browser, "file://\(consent.path)/output/outputdd/index.html", widgets: .fake,
                                         until: "\(Self.timelineState) === 'consent'")
        let posts = try buildPostsSite(theme: "auto")
        for path in ["outputdd/index.html", "index.html", "latest/index.html", "404.html"] {
            seen["posts " + path] = try violations(browser, "file://\(posts.path)/output/\(path)", widgets: .fake, until: "!!document.querySelector('h1')")
        }
        try browser.setScriptsEnabled(false)
        seen["JavaScript off"] = try violations(browser, page, widgets: .fake, until: "!!document.querySelector('.noscript')")
        seen["posts, JavaScript off"] = try violations(browser, "file://\(posts.path)/output/outputdd/index.html", widgets: .fake,
                                                       until: "!!document.querySelector('article.post')")
        #expect(seen.count == 11)
        for (state, reports) in seen.sorted(by: { $0.key < $1.key }) {
            #expect(reports.isEmpty, "\(state): \(reports)")
        }
        #expect(browser.reports.isEmpty, "\(browser.reports)")
    }

    @Test("a page with an injected inline script and event handler runs neither, and the violations are reported")
    func injectedInlineScriptIsBlocked() throws {
        let site = try buildSite()
        let built = try String(contentsOfFile: site.path + "/output/outputdd/index.html", encoding: .utf8)
        let injected = built.replacingOccurrences(of: "</main>", with: """
            <script>window.feedsiteInjected = "script"</script>
            <img src="missing.png" alt="" onerror="window.feedsiteInjected = 'handler'">
            <a id="injected" href="javascript:window.feedsiteInjected='link'">link</a>
            </main>
            """)
        #expect(injected != built)
        try injected.write(toFile: site.path + "/output/outputdd/injected.html", atomically: true, encoding: .utf8)
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/injected.html", widgets: .hang)
        #expect(try browser.wait(until: "\(Self.timelineState) === 'loading'", seconds: 10))
        _ = try browser.evaluate("document.getElementById('injected').click(), true")
        try browser.pump(for: 0.5)
        #expect(try browser.evaluate("String(window.feedsiteInjected)") as? String == "undefined")
        let blocked = Set(browser.violations.compactMap { report in
            ["script-src-elem", "script-src-attr", "script-src"].first { report.detail.hasPrefix($0 + " blocked inline") }
        })
        #expect(blocked.contains("script-src-elem"), "\(browser.reports)")
        #expect(blocked.contains("script-src-attr"), "\(browser.reports)")
        // The page's own script still ran: the timeline is waiting for widgets.js.
        #expect(try browser.evaluate(Self.timelineState) as? String == "loading")
        // The probe sees what would run: a dialog and a console call made from the page are reported.
        #expect(!browser.reports.contains { $0.kind != .violation })
        _ = try browser.evaluate("alert('probe'), console.log('probe'), true")
        try browser.pump(for: 0.2)
        #expect(browser.reports.contains { $0.kind == .dialog && $0.detail.hasPrefix("alert(probe)") }, "\(browser.reports)")
        #expect(browser.reports.contains { $0.kind == .console && $0.detail == "log: probe" }, "\(browser.reports)")
    }
}

extension BrowserTests {
    @Test("pages served by feedsite serve keep their policy, break none of it, and still reload when the site changes")
    func servedPages() throws {
        let site = try TemporarySite([
            "site.yml": "title: Served\naccounts:\n  - handle: outputdd\n    feed: feeds/outputdd.xml\n    loading_timeout: 2\n",
            "snapshots/outputdd.json": Self.postsSnapshot,
        ])
        let server = try ServeCommandTests.RunningServer(in: site.path)
        defer { _ = server.stop() }
        let browser = try ChromiumSession()
        let root = "http://127.0.0.1:\(server.port)/"
        for (page, state) in [("", "!!document.querySelector('h1')"), ("outputdd/", "\(Self.timelineState) === 'consent'"),
                              ("latest/", "!!document.querySelector('article.post')"), ("nope/", "!!document.querySelector('h1')")] {
            #expect(try violations(browser, root + page, widgets: .fake, until: state).isEmpty, "\(page): \(browser.reports)")
        }
        _ = try browser.evaluate("document.querySelector('[data-feedsite-consent]') ? 0 : 0")
        try browser.open(root, widgets: .fake)
        _ = try browser.evaluate("window.feedsiteMark = 1, true")
        try site.write("site.yml", "title: Served again\naccounts:\n  - handle: outputdd\n    feed: feeds/outputdd.xml\n")
        #expect(try browser.wait(until: "window.feedsiteMark === undefined && document.title === '\\u2068Served again\\u2069'", seconds: 15),
                "the live-reload script did not reload the page")
        #expect(browser.reports.isEmpty, "\(browser.reports)")
    }
}
