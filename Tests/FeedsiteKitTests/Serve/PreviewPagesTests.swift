import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The pages serve renders on demand after a change are the pages the build behind it writes, byte
/// for byte, with the headers it writes in `_headers`.
@Suite struct PreviewPagesTests {
    typealias Site = IncrementalBuildTests

    /// A site of ten accounts with posts, three river pages, a 404 page and an extra page that shows a data file.
    static func site(dice: inout IncrementalBuildTests.Dice) throws -> TemporarySite {
        try Site.site(posts: 4, dice: &dice, extra: [
            "templates/pages/about.html": "{{<layout}}{{$content}}<p>{{site.title}}: {{data.motto.text}}</p>{{/content}}{{/layout}}\n",
            "data/motto.yml": "text: first\n",
        ])
    }

    static func load(_ site: TemporarySite) throws -> PreviewPages? {
        try PreviewPages.load(configPath: site.path + "/site.yml", output: nil, baseURL: nil, displayPath: { $0 })
    }

    /// Every page `pages` renders, by path, before the build: as serve shows them while the build runs.
    static func rendered(_ pages: PreviewPages, paths: some Sequence<String>) throws -> [String: Data] {
        var rendered: [String: Data] = [:]
        for path in paths { rendered[path] = try pages.page(at: path).map { Data($0) } }
        return rendered
    }

    /// Builds `site` and expects `pages` (rendered before) to be its HTML pages, and their headers its `_headers`.
    static func expectBuilt(_ site: TemporarySite, _ pages: PreviewPages) throws {
        let shown = try rendered(pages, paths: try Site.output(site).keys.filter { $0.hasSuffix(".html") }
            + ["index.html", "acct0/index.html", "latest/3/index.html", "about/index.html", "404.html"])
        _ = try site.build()
        let built = try Site.output(site).filter { $0.key.hasSuffix(".html") }
        #expect(built.count == 16)
        #expect(shown.keys.sorted() == built.keys.sorted())
        for (path, bytes) in built { #expect(shown[path] == bytes, "\(path)") }
        #expect(pages.headers == SiteHeaders.read(outputFolder: site.path + "/output"))
    }

    @Test("after a snapshot, a template, a data file and site.yml change, each page rendered on demand is the page the build writes")
    func sameAsBuilt() throws {
        var dice = IncrementalBuildTests.Dice(state: 42)
        let site = try Self.site(dice: &dice)
        _ = try site.build()
        var pages = try #require(try Self.load(site))
        try Self.expectBuilt(site, pages)

        // A snapshot whose posts go to the top of the river.
        try Site.replace(site, "acct3", with: RiverFixture.snapshot("acct3", [
            RiverFixture.post("new-1", "acct3 is back", published: "2026-12-01T10:00:00Z"),
            RiverFixture.post("new-2", "acct3 again", published: "2026-12-01T11:00:00Z"),
        ]))
        pages = try #require(try pages.updated())
        try Self.expectBuilt(site, pages)

        // A snapshot removed: its account's page says it has no posts yet.
        try FileManager.default.removeItem(atPath: site.path + "/snapshots/acct5.json")
        pages = try #require(try pages.updated())
        try Self.expectBuilt(site, pages)

        let account = try #require(site.read("templates/account.html"))
        try site.write("templates/account.html", account.replacingOccurrences(of: "{{/content}}", with: "<p>edited {{account.handle}}</p>{{/content}}"))
        let river = try #require(site.read("templates/latest.html"))
        try site.write("templates/latest.html", river + "<!-- edited -->\n")
        pages = try #require(try pages.updated())
        try Self.expectBuilt(site, pages)

        try site.write("data/motto.yml", "text: second\n")
        pages = try #require(try pages.updated())
        try Self.expectBuilt(site, pages)

        let config = try #require(site.read("site.yml"))
        try site.write("site.yml", config.replacingOccurrences(of: "title: Incremental", with: "title: Renamed\ndescription: Now with a description"))
        pages = try #require(try pages.updated())
        try Self.expectBuilt(site, pages)
    }

    @Test("after an edit of one account in site.yml (its name and its number of posts), each page rendered on demand is the page the build writes")
    func accountEdited() throws {
        var dice = IncrementalBuildTests.Dice(state: 11)
        let site = try Self.site(dice: &dice)
        _ = try site.build()
        var pages = try #require(try Self.load(site))
        let config = try #require(site.read("site.yml"))
        let account = "  - handle: acct2\n    feed: feeds/acct2.xml\n    posts: 4\n"
        #expect(config.contains(account))
        try site.write("site.yml", config.replacingOccurrences(of: account, with: "  - handle: acct2\n    name: Renamed Two\n    feed: feeds/acct2.xml\n    posts: 1\n"))
        pages = try #require(try pages.updated())
        #expect(String(decoding: try #require(try pages.page(at: "acct2/index.html")), as: UTF8.self).contains("Renamed Two"))
        try Self.expectBuilt(site, pages)

        // The next change (a template) follows from these pages too.
        let river = try #require(site.read("templates/latest.html"))
        try site.write("templates/latest.html", river + "<!-- edited -->\n")
        pages = try #require(try pages.updated())
        try Self.expectBuilt(site, pages)
    }

    @Test("a change of the accounts or of the river's length makes the pages wait for the build")
    func waitsForTheBuild() throws {
        var dice = IncrementalBuildTests.Dice(state: 7)
        let site = try Self.site(dice: &dice)
        _ = try site.build()
        let pages = try #require(try Self.load(site))
        let config = try #require(site.read("site.yml"))
        try site.write("site.yml", config.replacingOccurrences(of: "river_posts: 6", with: "river_posts: 4"))
        #expect(try pages.updated() == nil)
        // Three of the ten accounts' options: more than a quarter.
        try site.write("site.yml", config.replacingOccurrences(of: "posts: 2\n", with: "posts: 3\n"))
        #expect(try pages.updated() == nil)
        // An account renamed: its pages move.
        try site.write("site.yml", config.replacingOccurrences(of: "handle: acct2\n", with: "handle: acct2b\n"))
        #expect(try pages.updated() == nil)
        try site.write("site.yml", config)
        #expect(try pages.updated() != nil)
    }

    @Test("a change whose paths do not reach the snapshots folder keeps the snapshots' stamps; with none named, or one of them, they are taken again")
    func changedPaths() throws {
        var dice = IncrementalBuildTests.Dice(state: 5)
        let site = try Self.site(dice: &dice)
        _ = try site.build()
        let pages = try #require(try Self.load(site))
        let path = URL(fileURLWithPath: site.path).standardizedFileURL.path
        try Site.replace(site, "acct3", with: RiverFixture.snapshot("acct3", [
            RiverFixture.post("new-1", "acct3 is back", published: "2026-12-01T10:00:00Z"),
        ]))
        let river = try #require(site.read("templates/latest.html"))
        try site.write("templates/latest.html", river + "<!-- edited -->\n")
        let told = try #require(try pages.update(changed: [path + "/templates/latest.html"]).pages)
        #expect(told.stamps == pages.stamps)
        let any = try #require(try pages.update(changed: nil).pages)
        #expect(any.stamps != pages.stamps)
        let named = try #require(try pages.update(changed: [path + "/templates/latest.html", path + "/snapshots/acct3.json"]).pages)
        #expect(named.stamps == any.stamps)
        let folder = try #require(try pages.update(changed: [path + "/snapshots"]).pages)
        #expect(folder.stamps == any.stamps)
        try Self.expectBuilt(site, named)
    }

    @Test("a template with an error is reported by the update, at its line and column")
    func templateError() throws {
        var dice = IncrementalBuildTests.Dice(state: 3)
        let site = try Self.site(dice: &dice)
        _ = try site.build()
        let pages = try #require(try Self.load(site))
        try site.write("templates/latest.html", "<p>\n  {{#river}}</p>\n")
        #expect {
            _ = try pages.updated()
        } throws: { error in
            let location = (error as? DiagnosticError)?.diagnostics.first?.location
            return location?.file.hasSuffix("latest.html") == true && location?.line == 2 && location?.column == 3
        }
    }

    @Test("without a summary cache (a build with warnings keeps none) there are no pages from memory")
    func noCache() throws {
        var dice = IncrementalBuildTests.Dice(state: 9)
        let site = try Self.site(dice: &dice)
        _ = try site.build()
        try FileManager.default.removeItem(atPath: site.path + "/.output.feedsite-cache")
        #expect(try Self.load(site) == nil)
    }

    @Test("a target names a page by its folder or its file; anything else, or a target leaving the folder, names none",
          arguments: [("/", "index.html"), ("/acct1/", "acct1/index.html"), ("/acct1/index.html", "acct1/index.html"),
                      ("/latest/2/?x=1", "latest/2/index.html"), ("/404.html", "404.html"), ("/acct1", nil), ("/feed.xml", nil),
                      ("/../index.html", nil), ("/%2e%2e/index.html", nil), ("/.feedsite-manifest/", nil), ("acct1/", nil)])
    func pagePath(target: String, path: String?) {
        #expect(StaticFileResolver.pagePath(target) == path)
    }
}
