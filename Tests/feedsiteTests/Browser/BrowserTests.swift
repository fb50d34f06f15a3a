import Foundation
import Testing

/// The built pages in headless Chromium, with X's widgets.js replaced by a local fake.
@Suite(.serialized) struct BrowserTests {
    static let composeText = "Tom & Jerry #1 + 100% 😀 café, ünïcödé"

    /// The timeline region's state as the browser renders it (computed visibility, not markup).
    struct TimelineState: Decodable, Equatable {
        var busy: String?
        var state: String?
        var overlay: Bool
        var fallback: Bool
        var rendered: Bool
        var profile: String?
    }

    /// A JavaScript function `visible(element)`: whether the element is rendered (has a box and is not hidden).
    static let visibleFunction = """
    function visible(element) {
      if (!element) return false;
      var style = getComputedStyle(element);
      return style.display !== "none" && style.visibility !== "hidden" && element.getClientRects().length > 0;
    }
    """

    static let stateScript = """
    (function () {
      var region = document.querySelector("[data-feedsite-timeline]");
      if (!region) return "null";
      \(visibleFunction)
      var link = region.querySelector(".timeline-fallback a");
      return JSON.stringify({ busy: region.getAttribute("aria-busy"), state: region.getAttribute("data-state"),
        overlay: visible(region.querySelector(".timeline-overlay")), fallback: visible(region.querySelector(".timeline-fallback")),
        rendered: !!region.querySelector("iframe.twitter-timeline-rendered"), profile: link ? link.href : null });
    })()
    """

    /// A site of the default templates and `yaml`, built with the binary.
    func builtSite(_ yaml: String) throws -> TemporarySite {
        let site = try TemporarySite(["site.yml": yaml])
        let result = try ProcessRunner.run(["build"], in: site.path)
        #expect(result.status == 0, "build failed: \(result.err)")
        return site
    }

    /// Builds a site like the sample, with a short timeout and a compose text full of special characters.
    func buildSite() throws -> TemporarySite {
        try builtSite("""
            title: Browser test
            defaults:
              loading_timeout: 2
            accounts:
              - handle: outputdd
                name: OUTPUT.DD
                compose:
                  text: "\(Self.composeText)"
              - handle: NASA
                theme: dark
            """)
    }

    func state(_ browser: ChromiumSession) throws -> TimelineState {
        let json = try #require(try browser.evaluate(Self.stateScript) as? String)
        return try JSONDecoder().decode(TimelineState.self, from: Data(json.utf8))
    }

    func screenshot(_ browser: ChromiumSession, _ name: String) throws {
        try browser.screenshot(to: RepositoryPaths.root + "/.build/browser-screenshots/\(name).png")
    }

    @Test("loading state first; after the widget renders the overlay is gone, aria-busy is false and no fallback ever shows")
    func rendered() throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]') && document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'loading'", seconds: 10))
        let loading = try state(browser)
        #expect(loading.busy == "true")
        #expect(loading.overlay)
        #expect(!loading.fallback)
        #expect(!loading.rendered)
        try screenshot(browser, "loading")
        #expect(try browser.wait(until: "!!document.querySelector('iframe.twitter-timeline-rendered')", seconds: 10))
        try browser.pump(for: 0.2)
        let loaded = try state(browser)
        #expect(loaded.busy == "false")
        #expect(loaded.state == "loaded")
        #expect(!loaded.overlay)
        #expect(!loaded.fallback)
        try screenshot(browser, "loaded")
        try browser.pump(for: 2.5) // past loading_timeout: the fallback must never appear
        #expect(try state(browser) == loaded)
        let hosts = browser.requestedURLs.filter { !$0.hasPrefix("file:") }
        #expect(hosts == ["https://platform.twitter.com/widgets.js"])
    }

    @Test("with widgets.js refused or missing, the fallback shows with the profile link", arguments: [
        ChromiumSession.WidgetsResponse.refuse, .notFound,
    ])
    func refused(_ response: ChromiumSession.WidgetsResponse) throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: response)
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]') && document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'failed'", seconds: 1.8))
        let failed = try state(browser)
        #expect(failed.fallback)
        #expect(!failed.overlay)
        #expect(failed.busy == "false")
        #expect(failed.profile == "https://twitter.com/outputdd")
        if response == .refuse { try screenshot(browser, "fallback") }
        #expect(try browser.evaluate("document.querySelector('.timeline-fallback').getAttribute('role')") as? String == "alert")
    }

    @Test("Try again after a failure loads the widget and hides the fallback")
    func retry() throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .refuse)
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]') && document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'failed'", seconds: 5))
        browser.widgets = .fake // X is reachable again
        _ = try browser.evaluate("document.querySelector('[data-feedsite-retry]').click(), true")
        #expect(try browser.wait(until: "!!document.querySelector('iframe.twitter-timeline-rendered')", seconds: 5))
        let recovered = try state(browser)
        #expect(!recovered.fallback)
        #expect(!recovered.overlay)
        #expect(recovered.busy == "false")
    }

    @Test("with widgets.js hanging the page keeps loading until loading_timeout, then shows the fallback")
    func hanging() throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .hang)
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]') && document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'loading'", seconds: 10))
        try browser.pump(for: 1.0)
        let waiting = try state(browser)
        #expect(waiting.overlay)
        #expect(!waiting.fallback)
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'failed'", seconds: 3))
        let failed = try state(browser)
        #expect(failed.fallback)
        #expect(!failed.overlay)
        #expect(failed.busy == "false")
    }

    @Test("the compose link decodes to exactly the configured text")
    func composeText() throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .hang)
        #expect(try browser.wait(until: "!!document.querySelector('a.compose')", seconds: 10))
        let text = try browser.evaluate("new URL(document.querySelector('a.compose').href).searchParams.get('text')") as? String
        #expect(text == Self.composeText)
        let target = try browser.evaluate("document.querySelector('a.compose').target + ' ' + document.querySelector('a.compose').rel") as? String
        #expect(target == "_blank noopener noreferrer")
    }

    @Test("theme: dark is in the anchor's data-theme; auto follows the reader's setting before widgets.js reads it")
    func themes() throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/nasa/index.html", widgets: .hang)
        #expect(try browser.wait(until: "!!document.querySelector('a.twitter-timeline')", seconds: 10))
        #expect(try browser.evaluate("document.querySelector('a.twitter-timeline').getAttribute('data-theme')") as? String == "dark")
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .hang)
        // feedsite.js (deferred) sets the theme before it inserts widgets.js: wait for that insertion.
        #expect(try browser.wait(until: "!!document.querySelector('script[src^=\"https://platform.twitter.com/\"]')", seconds: 10))
        let expected = try browser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'") as? String
        #expect(try browser.evaluate("document.querySelector('a.twitter-timeline').getAttribute('data-theme')") as? String == expected)
    }

    /// A site whose timelines load only after the reader asks, and remember the answer.
    func buildConsentSite() throws -> TemporarySite {
        try builtSite("""
            title: Consent test
            defaults:
              load: click
              remember_consent: true
              loading_timeout: 2
            accounts:
              - handle: outputdd
                name: OUTPUT.DD
              - handle: NASA
            """)
    }

    static let consentVisible = "(function(){var c=document.querySelector('.timeline-consent');return !!c && getComputedStyle(c).display!=='none' && !c.hidden})()"

    @Test("with load: click nothing is requested from X before the click; after it the widget loads and renders")
    func clickToLoad() throws {
        let site = try buildConsentSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        try browser.pump(for: 1.5)
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") }.isEmpty, "requests before consent: \(browser.requestedURLs)")
        #expect(try browser.evaluate(Self.consentVisible) as? Bool == true)
        let waiting = try state(browser)
        #expect(!waiting.overlay)
        #expect(!waiting.fallback)
        #expect(waiting.busy == "false")
        #expect(try browser.evaluate("document.querySelector('.timeline-consent').textContent.replace(/\\s+/g,' ').trim()") as? String
            == "OUTPUT.DD @outputdd Showing the posts loads content from X (Twitter); X may then collect data about your visit. Show posts")
        try screenshot(browser, "consent")
        _ = try browser.evaluate("document.querySelector('[data-feedsite-consent]').click(), true")
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'loading'", seconds: 2))
        #expect(try state(browser).overlay)
        #expect(try browser.wait(until: "!!document.querySelector('iframe.twitter-timeline-rendered')", seconds: 5))
        try browser.pump(for: 0.2)
        let loaded = try state(browser)
        #expect(!loaded.overlay && !loaded.fallback && loaded.busy == "false")
        #expect(try browser.evaluate(Self.consentVisible) as? Bool == false)
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") } == ["https://platform.twitter.com/widgets.js"])
    }

    @Test("with load: click, a refused widgets.js after the click shows the fallback")
    func clickThenRefused() throws {
        let site = try buildConsentSite()
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .refuse)
        #expect(try browser.wait(until: Self.consentVisible, seconds: 5))
        _ = try browser.evaluate("document.querySelector('[data-feedsite-consent]').click(), true")
        #expect(try browser.wait(until: "document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'failed'", seconds: 3))
        let failed = try state(browser)
        #expect(failed.fallback && !failed.overlay && failed.busy == "false")
    }

    @Test("remember_consent: a later page loads without asking; after 'stop loading automatically' it asks again")
    func rememberConsent() throws {
        try expectRememberedConsent(in: buildConsentSite())
    }

    /// Opens `page`, waits for the consent panel and presses its button.
    func askForTimeline(_ browser: ChromiumSession, _ page: String, widgets: ChromiumSession.WidgetsResponse) throws {
        try browser.open(page, widgets: widgets)
        #expect(try browser.wait(until: Self.consentVisible, seconds: 5))
        _ = try browser.evaluate("document.querySelector('[data-feedsite-consent]').click(), true")
    }

    /// In `site` (accounts outputdd and nasa, `remember_consent: true`): the click on one page is
    /// remembered by the next, which loads X at once, until the reader says to stop; then pages ask again.
    func expectRememberedConsent(in site: TemporarySite) throws {
        let browser = try ChromiumSession()
        _ = try browser.evaluate("1")
        try askForTimeline(browser, "file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.wait(until: "!!document.querySelector('iframe.twitter-timeline-rendered')", seconds: 5))

        let before = browser.requestedURLs.count
        try browser.open("file://\(site.path)/output/nasa/index.html", widgets: .fake)
        #expect(try browser.wait(until: "!!document.querySelector('iframe.twitter-timeline-rendered')", seconds: 5), "the second page should load without a click")
        #expect(browser.requestedURLs[before...].contains("https://platform.twitter.com/widgets.js"))
        #expect(try browser.evaluate("!document.querySelector('.consent-forget').hidden") as? Bool == true)
        _ = try browser.evaluate("document.querySelector('[data-feedsite-forget]').click(), true")

        let afterForget = browser.requestedURLs.count
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.wait(until: Self.consentVisible, seconds: 5))
        try browser.pump(for: 1)
        #expect(browser.requestedURLs[afterForget...].filter { !$0.hasPrefix("file:") }.isEmpty)
    }

    @Test("pages fit a 320 px wide screen without sideways scrolling, with one h1, a lang and landmarks")
    func narrowScreen() throws {
        let site = try buildSite()
        let browser = try ChromiumSession()
        try browser.setViewport(width: 320, height: 640)
        for page in ["outputdd/index.html", "index.html", "404.html"] {
            try browser.open("file://\(site.path)/output/\(page)", widgets: .hang)
            #expect(try browser.evaluate("document.documentElement.scrollWidth <= 320") as? Bool == true, "\(page) scrolls sideways")
            #expect(try browser.evaluate("document.querySelectorAll('h1').length") as? Int == 1, "\(page)")
            #expect(try browser.evaluate("document.documentElement.lang") as? String == "en", "\(page)")
            #expect(try browser.evaluate("!!document.querySelector('header') && !!document.querySelector('main') && !!document.querySelector('footer')") as? Bool == true, "\(page)")
        }
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .hang)
        try screenshot(browser, "narrow")
    }
}
