import Foundation
import Testing

/// Pages with posts whose live timeline is asked for: after the click the overlay, rendered, failed
/// and remembered-consent states behave as on pages without posts; `live_timeline: auto` loads at
/// once; replies, reposts, times and media links keep their contrast in both themes.
extension BrowserTests {
    /// A site whose accounts `outputdd` and `nasa` both have posts, with `options` (YAML) in `defaults`.
    func buildPostsSite(defaults options: String) throws -> TemporarySite {
        let snapshot = Self.postsSnapshot
        let site = try TemporarySite([
            "site.yml": "title: Posts test\ndefaults:\n  loading_timeout: 2\n\(options)accounts:\n"
                + "  - handle: outputdd\n    feed: feeds/outputdd.xml\n  - handle: nasa\n    feed: feeds/nasa.xml\n",
            "snapshots/outputdd.json": snapshot,
            "snapshots/nasa.json": snapshot.replacingOccurrences(of: "\"handle\": \"outputdd\"", with: "\"handle\": \"nasa\""),
        ])
        let result = try ProcessRunner.run(["build"], in: site.path)
        #expect(result.status == 0, "build failed: \(result.err)")
        return site
    }

    static let loading = "document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'loading'"
    static let failed = "document.querySelector('[data-feedsite-timeline]').getAttribute('data-state') === 'failed'"
    static let renderedTimeline = "!!document.querySelector('iframe.twitter-timeline-rendered')"

    @Test("with posts, after the click the overlay shows while X loads, then goes when the widget renders; the fallback never shows")
    func postsClickOverlayThenRendered() throws {
        let site = try buildPostsSite(defaults: "")
        let browser = try ChromiumSession()
        try askForTimeline(browser, "file://\(site.path)/output/outputdd/index.html", widgets: .hang)
        #expect(try browser.wait(until: Self.loading, seconds: 2))
        let waiting = try state(browser)
        #expect(waiting.overlay && !waiting.fallback && waiting.busy == "true")
        #expect(try browser.evaluate(Self.consentVisible) as? Bool == false)
        #expect(try browser.wait(until: Self.failed, seconds: 3), "a hanging widgets.js ends in the fallback after loading_timeout")

        try askForTimeline(browser, "file://\(site.path)/output/nasa/index.html", widgets: .fake)
        #expect(try browser.wait(until: Self.renderedTimeline, seconds: 5))
        try browser.pump(for: 2.5) // past loading_timeout: the fallback must never appear
        let loaded = try state(browser)
        #expect(loaded.state == "loaded" && !loaded.overlay && !loaded.fallback && loaded.busy == "false")
        #expect(try browser.evaluate("document.querySelectorAll('article.post').length") as? Int == 2, "the posts stay")
    }

    @Test("with posts, a refused widgets.js after the click shows the fallback with the profile link, and Try again recovers")
    func postsClickThenRefused() throws {
        let site = try buildPostsSite(defaults: "")
        let browser = try ChromiumSession()
        try askForTimeline(browser, "file://\(site.path)/output/outputdd/index.html", widgets: .refuse)
        #expect(try browser.wait(until: Self.failed, seconds: 3))
        let failed = try state(browser)
        #expect(failed.fallback && !failed.overlay && failed.busy == "false")
        #expect(failed.profile == "https://twitter.com/outputdd")
        browser.widgets = .fake
        _ = try browser.evaluate("document.querySelector('[data-feedsite-retry]').click(), true")
        #expect(try browser.wait(until: Self.renderedTimeline, seconds: 5))
        #expect(try !state(browser).fallback)
    }

    @Test("with posts and remember_consent, a later page with posts loads X without asking; after 'stop loading automatically' it asks again")
    func postsRememberedConsent() throws {
        try expectRememberedConsent(in: buildPostsSite(defaults: "  remember_consent: true\n"))
    }

    @Test("live_timeline: auto loads X's timeline under the posts at once, without a consent panel")
    func postsLiveTimelineAuto() throws {
        let site = try buildPostsSite(defaults: "  live_timeline: auto\n")
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.wait(until: Self.renderedTimeline, seconds: 5))
        #expect(try browser.evaluate("!!document.querySelector('.timeline-consent')") as? Bool == false)
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") } == ["https://platform.twitter.com/widgets.js"])
        #expect(try browser.evaluate("document.querySelectorAll('article.post').length") as? Int == 2)
    }

    /// For each selector, the lowest contrast ratio (WCAG 2 relative luminance) of a matching element's
    /// text against the first opaque background behind it; -1 when nothing matches.
    static let contrastScript = """
    (function (selectors) {
      function rgb(text) { var m = text.match(/[\\d.]+/g) || []; return m.map(Number); }
      function luminance(c) {
        var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
      }
      function background(element) {
        for (var e = element; e; e = e.parentElement) {
          var c = rgb(getComputedStyle(e).backgroundColor);
          if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c;
        }
        return [255, 255, 255];
      }
      var result = {};
      selectors.forEach(function (selector) {
        var lowest = -1;
        document.querySelectorAll(selector).forEach(function (element) {
          var a = luminance(rgb(getComputedStyle(element).color)), b = luminance(background(element));
          var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          if (lowest < 0 || ratio < lowest) lowest = ratio;
        });
        result[selector] = Math.round(lowest * 100) / 100;
      });
      return JSON.stringify(result);
    })(["h1", ".post-title", ".post-content", ".post-content a", ".post-kind", ".post-meta a", ".post-meta time", ".post-media", ".post-media a", ".posts-as-of", ".posts-status"])
    """

    @Test("posts, reply and repost labels, times and media links keep a contrast of at least 4.5:1 in the light and the dark theme",
          arguments: ["light", "dark"])
    func postsContrast(theme: String) throws {
        let reply = Self.postsSnapshot
            .replacingOccurrences(of: "\"published\": \"2026-11-29T14:03:00Z\",", with: "\"published\": \"2026-11-29T14:03:00Z\", \"is_reply\": true,")
            .replacingOccurrences(of: "\"published\": \"2026-11-28T09:00:00Z\",", with: "\"published\": \"2026-11-28T09:00:00Z\", \"is_repost\": true, \"title\": \"A title\",")
            .replacingOccurrences(of: "<b>launch pad</b>", with: "<a href=\\\"https://example.com/pad\\\">launch pad</a>")
        let site = try TemporarySite([
            "site.yml": "title: Contrast\naccounts:\n  - handle: outputdd\n    feed: feeds/outputdd.xml\n    theme: \(theme)\n",
            "snapshots/outputdd.json": reply,
        ])
        #expect(try ProcessRunner.run(["build"], in: site.path).status == 0)
        let browser = try ChromiumSession()
        try browser.setScriptsEnabled(false)
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        try browser.pump(for: 0.3)
        let json = try #require(try browser.evaluate(Self.contrastScript) as? String)
        let ratios = try JSONDecoder().decode([String: Double].self, from: Data(json.utf8))
        #expect(ratios[".post-kind"] ?? -1 > 0, "the labels are on the page")
        for (selector, ratio) in ratios where ratio >= 0 {
            #expect(ratio >= 4.5, "\(selector): \(ratio):1 in the \(theme) theme")
        }
        #expect(ratios.filter { $0.value < 0 }.map(\.key).sorted() == [".posts-status"], "every other selector matched")
    }
}

extension BrowserTests {
    /// Whether every child of the consent panel lies inside the timeline region (nothing clipped).
    static let consentFits = fitsInTimeline(".timeline-consent")

    /// Whether every child of the timeline's `part` (a selector) lies inside the timeline region.
    static func fitsInTimeline(_ part: String) -> String {
        """
        (function () {
          var region = document.querySelector("[data-feedsite-timeline]").getBoundingClientRect();
          return Array.prototype.every.call(document.querySelectorAll("\(part) > *"), function (child) {
            var box = child.getBoundingClientRect();
            return box.top >= region.top && box.bottom <= region.bottom;
          });
        })()
        """
    }

    @Test("on a 320 px screen the consent panel under the posts shows its whole text and button, nothing clipped; one h1 and the landmarks")
    func postsConsentFitsNarrowScreen() throws {
        let site = try buildPostsSite(defaults: "")
        let browser = try ChromiumSession()
        try browser.setViewport(width: 320, height: 640)
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.wait(until: Self.consentVisible, seconds: 5))
        #expect(try browser.evaluate(Self.consentFits) as? Bool == true)
        #expect(try browser.evaluate("document.documentElement.scrollWidth <= 320") as? Bool == true)
        #expect(try browser.evaluate("document.querySelectorAll('h1').length") as? Int == 1)
        let landmarks = "['body > header', 'main', 'body > footer', 'section.posts[aria-labelledby]'].every(function (s) { return !!document.querySelector(s) })"
        #expect(try browser.evaluate(landmarks) as? Bool == true)
    }
}
