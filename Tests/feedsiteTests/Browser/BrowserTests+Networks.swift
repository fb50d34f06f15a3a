import Foundation
import Testing

/// The sample site's Bluesky and Mastodon pages in the browser: the snapshot's posts and nothing
/// else, with JavaScript on or off; no timeline, no request to any other host, nothing from X allowed.
extension BrowserTests {
    /// One of the sample's accounts on another network and where its compose link must go.
    struct NetworkPage: Sendable, CustomTestStringConvertible {
        let handle: String
        /// The compose link's origin and path.
        let composeTarget: String
        /// The compose link's `text`, decoded.
        let composeText: String

        var testDescription: String { handle }
        var path: String { handle + "/index.html" }
    }

    static let networkPages = [
        NetworkPage(handle: "outputdd.bsky.social", composeTarget: "https://bsky.app/intent/compose", composeText: "@outputdd.bsky.social "),
        NetworkPage(handle: "outputdd@fosstodon.org", composeTarget: "https://fosstodon.org/share", composeText: "@outputdd@fosstodon.org #feedsite"),
    ]

    /// What the reader gets of a page without a timeline (computed rendering, not markup).
    struct NetworkView: Decodable, Equatable {
        /// How many posts are rendered.
        var posts: Int
        /// Whether anything of a timeline is in the page or visible: region, overlay, spinner, consent, fallback.
        var timeline: Bool
        var composeTarget: String
        var composeText: String?
        var composeOpens: String
    }

    static let networkViewScript = """
    (function () {
      \(visibleFunction)
      var posts = Array.prototype.slice.call(document.querySelectorAll("article.post")).filter(visible);
      var parts = [".timeline-overlay", ".spinner", ".timeline-consent", ".timeline-fallback", "a.twitter-timeline", "iframe"];
      var timeline = !!document.querySelector("[data-feedsite-timeline]") || parts.some(function (s) { return visible(document.querySelector(s)); });
      var compose = new URL(document.querySelector("a.compose").href);
      return JSON.stringify({ posts: posts.length, timeline: timeline, composeTarget: compose.origin + compose.pathname,
        composeText: compose.searchParams.get("text"), composeOpens: document.querySelector("a.compose").target + " " + document.querySelector("a.compose").rel });
    })()
    """

    @Test("a Bluesky and a Mastodon page of the sample, JavaScript on or off: posts shown, no timeline or overlay, no request to another host, no CSP violation, the network's compose link",
          arguments: networkPages, [true, false])
    func networkPage(_ page: NetworkPage, scripts: Bool) throws {
        let site = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build", "--quiet"], in: site.path).status == 0)
        let browser = try ChromiumSession()
        try browser.setScriptsEnabled(scripts)
        try browser.open("file://\(site.path)/output/\(page.path)", widgets: .fake)
        try browser.pump(for: 1)
        // Expressions the test evaluates run even with the page's scripts off.
        #expect(try browser.evaluate(Self.hasPolicy) as? Bool == true)
        #expect(try browser.evaluate("!!document.querySelector('noscript')") as? Bool == false)
        let json = try #require(try browser.evaluate(Self.networkViewScript) as? String)
        let view = try JSONDecoder().decode(NetworkView.self, from: Data(json.utf8))
        #expect(view == NetworkView(posts: 3, timeline: false, composeTarget: page.composeTarget, composeText: page.composeText,
                                    composeOpens: "_blank noopener noreferrer"))
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") }.isEmpty, "requests: \(browser.requestedURLs)")
        #expect(browser.reports.isEmpty, "\(browser.reports)")
        try screenshot(browser, "network-\(page.handle)-\(scripts ? "scripts" : "noscript")")
    }

    @Test("the policy of a Bluesky or Mastodon page refuses X's widget script and frames, which an X page allows", arguments: networkPages)
    func networkPageRefusesX(_ page: NetworkPage) throws {
        let site = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build", "--quiet"], in: site.path).status == 0)
        let insertX = """
        (function () {
          var script = document.createElement("script");
          script.src = "https://platform.twitter.com/widgets.js";
          document.body.appendChild(script);
          var frame = document.createElement("iframe");
          frame.src = "https://syndication.twitter.com/srv/timeline-profile/screen-name/outputdd";
          document.body.appendChild(frame);
          return true;
        })()
        """
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/\(page.path)", widgets: .fake)
        _ = try browser.evaluate(insertX)
        try browser.pump(for: 1)
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") }.isEmpty, "requests: \(browser.requestedURLs)")
        let blocked = Set(browser.violations.compactMap { report in
            ["script-src-elem", "frame-src"].first { report.detail.hasPrefix($0 + " blocked https://") }
        })
        #expect(blocked == ["script-src-elem", "frame-src"], "\(browser.reports)")

        // The same on an X page: its policy lets X's widget in.
        browser.clearReports()
        try browser.open("file://\(site.path)/output/swiftlang/index.html", widgets: .hang)
        _ = try browser.evaluate(insertX)
        try browser.pump(for: 1)
        #expect(browser.requestedURLs.contains("https://platform.twitter.com/widgets.js"))
        #expect(browser.violations.isEmpty, "\(browser.reports)")
    }
}
