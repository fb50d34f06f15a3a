import Foundation
import Testing

/// Hostile posts in a real browser: a site whose snapshots hold every fragment of `HostilePosts` in
/// every field builds, and no page runs any of it or loses its own structure.
extension BrowserTests {
    /// What a page's structure looks like after its posts: its landmarks are the layout's, where the layout put them.
    static let structureScript = """
    (function () {
      var landmarks = document.querySelectorAll("body > header.site-header, body > main#main, body > footer.site-footer").length;
      var posts = document.querySelectorAll("article.post").length;
      return JSON.stringify({ landmarks: landmarks, h1: document.querySelectorAll("h1").length,
        mainPosts: document.querySelectorAll("main#main article.post").length, posts: posts,
        footerLast: document.body.lastElementChild === document.querySelector("footer.site-footer")
          || document.body.lastElementChild.tagName === "SCRIPT",
        scriptsInMain: document.querySelectorAll("main script, main iframe, main object, main embed, main form, main base, main meta, main style").length });
    })()
    """

    struct Structure: Decodable, Equatable {
        var landmarks: Int
        var h1: Int
        var mainPosts: Int
        var posts: Int
        var footerLast: Bool
        var scriptsInMain: Int
    }

    @Test("hostile posts in every field build, and in Chromium no page runs any of them or loses its landmarks and its one h1")
    func hostilePosts() throws {
        #expect(HostilePosts.count >= 100)
        let site = try TemporarySite(HostilePosts.files)
        try FileManager.default.createDirectory(atPath: site.path + "/snapshots/media", withIntermediateDirectories: true)
        try HostilePosts.png.write(to: URL(fileURLWithPath: site.path + "/snapshots/media/" + HostilePosts.copyFile))
        let result = try ProcessRunner.run(["build"], in: site.path)
        try #require(result.status == 0, "build failed: \(result.err)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site.path + "/output")
            .filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count == 1 + HostilePosts.accounts.count + 5 + 1, "\(pages)") // index, accounts, river pages, 404
        let browser = try ChromiumSession()
        var postsShown = 0
        var blockedImages = 0
        for page in pages {
            browser.clearReports()
            try browser.open("file://\(site.path)/output/\(page)", widgets: .fake)
            #expect(try browser.wait(until: "document.readyState === 'complete'", seconds: 10), "\(page) did not finish loading")
            // Give every handler a chance: hover, focus, toggles and timers.
            _ = try browser.evaluate("""
                Array.prototype.forEach.call(document.querySelectorAll("main *"), function (e) {
                  ["mouseover", "focus", "click"].forEach(function (n) { if (n !== "click" || e.tagName !== "A") e.dispatchEvent(new Event(n)); });
                }), true
                """)
            try browser.pump(for: 0.5)
            #expect(try browser.evaluate(Self.hasPolicy) as? Bool == true, "\(page) has no Content Security Policy")
            let json = try #require(try browser.evaluate(Self.structureScript) as? String)
            let structure = try JSONDecoder().decode(Structure.self, from: Data(json.utf8))
            #expect(structure.landmarks == 3 && structure.h1 == 1 && structure.footerLast && structure.scriptsInMain == 0, "\(page): \(structure)")
            #expect(structure.mainPosts == structure.posts, "\(page): a post outside main")
            if page.hasPrefix("latest/") { postsShown += structure.posts }
            let executed = browser.reports.filter { $0.kind != .violation }
            #expect(executed.isEmpty, "\(page): \(executed)")
            // The policy may block a hotlinked image whose address it could not name; nothing else.
            let violations = browser.violations.filter { !$0.detail.hasPrefix("img-src") && !$0.detail.contains("img-src") }
            #expect(violations.isEmpty, "\(page): \(violations)")
            blockedImages += browser.violations.count - violations.count
        }
        // Every hostile post reached the river, so every one was loaded in the browser.
        #expect(postsShown == HostilePosts.count)
        print("hostile posts: \(HostilePosts.count) in \(HostilePosts.fragments.count) fragments × \(HostilePosts.Field.allCases.count) fields; "
              + "pages loaded: \(pages.count); images the policy blocked: \(blockedImages)")
    }
}
