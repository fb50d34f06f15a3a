import Foundation
import Testing

/// Account pages with posts from a snapshot: complete without JavaScript, nothing from a third party
/// until the reader asks for the live timeline.
extension BrowserTests {
    static let postsSnapshot = """
    {"format": 1, "handle": "outputdd",
     "fetch": {"source": "feeds/outputdd.xml", "fetched_at": "2026-11-30T10:00:00Z", "changed_at": "2026-11-29T14:03:00Z"},
     "posts": [
       {"id": "1", "url": "https://example.com/posts/1", "text": "First light over the launch pad.", "html": "<p>First light over the <b>launch pad</b>.</p>",
        "published": "2026-11-29T14:03:00Z", "media": [{"url": "https://images.example/pad.jpg", "type": "image/jpeg", "alt": "The launch pad at dawn"}]},
       {"id": "2", "url": "https://example.com/posts/2", "text": "A very long word: Pneumonoultramicroscopicsilicovolcanoconiosis-and-then-some-more-text-without-spaces.",
        "html": "<p>A very long word: Pneumonoultramicroscopicsilicovolcanoconiosis-and-then-some-more-text-without-spaces.</p><script>alert(1)</script>",
        "published": "2026-11-28T09:00:00Z", "media": []}
     ]}
    """

    /// A site whose account `outputdd` has posts, in `theme`.
    func buildPostsSite(theme: String) throws -> TemporarySite {
        let site = try TemporarySite([
            "site.yml": "title: Posts test\naccounts:\n  - handle: outputdd\n    feed: feeds/outputdd.xml\n    theme: \(theme)\n    loading_timeout: 2\n",
            "snapshots/outputdd.json": Self.postsSnapshot,
        ])
        let result = try ProcessRunner.run(["build"], in: site.path)
        #expect(result.status == 0, "build failed: \(result.err)")
        return site
    }

    static let postsViewScript = """
    (function () {
      \(visibleFunction)
      var posts = Array.prototype.slice.call(document.querySelectorAll("article.post")).filter(visible);
      return JSON.stringify({ posts: posts.map(function (p) { return p.querySelector(".post-content").textContent.trim(); }),
        times: posts.map(function (p) { var t = p.querySelector("time"); return t ? t.getAttribute("datetime") : null; }),
        h1: document.querySelectorAll("h1").length, wide: document.documentElement.scrollWidth > 320,
        main: !!document.querySelector("main"), scripts: document.querySelectorAll("main script").length });
    })()
    """

    struct PostsView: Decodable, Equatable {
        var posts: [String]
        var times: [String?]
        var h1: Int
        var wide: Bool
        var main: Bool
        var scripts: Int
    }

    @Test("with JavaScript off a page with posts shows them all on a 320 px screen, one h1, and requests nothing from a third party",
          arguments: ["light", "dark"])
    func postsWithoutScripts(theme: String) throws {
        let site = try buildPostsSite(theme: theme)
        let browser = try ChromiumSession()
        try browser.setScriptsEnabled(false)
        try browser.setViewport(width: 320, height: 640)
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        try browser.pump(for: 0.5)
        let json = try #require(try browser.evaluate(Self.postsViewScript) as? String)
        let view = try JSONDecoder().decode(PostsView.self, from: Data(json.utf8))
        #expect(view == PostsView(posts: ["First light over the launch pad.",
                                          "A very long word: Pneumonoultramicroscopicsilicovolcanoconiosis-and-then-some-more-text-without-spaces."],
                                  times: ["2026-11-29T14:03:00Z", "2026-11-28T09:00:00Z"], h1: 1, wide: false, main: true, scripts: 0))
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") }.isEmpty, "requests: \(browser.requestedURLs)")
        try screenshot(browser, "posts-\(theme)")
    }

    @Test("with JavaScript on a page with posts loads nothing from X until the reader asks for the live timeline, then loads it")
    func postsThenLiveTimeline() throws {
        let site = try buildPostsSite(theme: "auto")
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.wait(until: Self.consentVisible, seconds: 5))
        try browser.pump(for: 1)
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") }.isEmpty, "requests before the click: \(browser.requestedURLs)")
        #expect(try browser.evaluate("document.querySelectorAll('article.post').length") as? Int == 2)
        _ = try browser.evaluate("document.querySelector('[data-feedsite-consent]').click(), true")
        #expect(try browser.wait(until: "!!document.querySelector('iframe.twitter-timeline-rendered')", seconds: 5))
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") } == ["https://platform.twitter.com/widgets.js"])
    }
}
