import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// A fetch that changes one snapshot makes the next build write only what shows that snapshot; an
/// unchanged snapshot writes nothing, even when its file was replaced.
@Suite struct RiverIncrementalTests {
    /// jack (3 posts), ana (3), zed (none); a river of 2 posts a page: j3 a2 | j2 a1 | j1 a0.
    static func site() throws -> TemporarySite {
        let site = try TemporarySite(RiverFixture.threeAccounts(extra: "base_url: https://example.com\nriver_page_size: 2\n"))
        let first = try SiteBuilder.build(configPath: site.path + "/site.yml")
        #expect(first.writtenPaths.contains("latest/3/index.html") && first.writtenPaths.contains("ana/feed.xml"))
        return site
    }

    static func rebuild(_ site: TemporarySite) throws -> BuildResult {
        try SiteBuilder.build(configPath: site.path + "/site.yml")
    }

    /// Every output file's stamp (size, time, inode): a file written again by rename gets a new inode.
    static func stamps(_ site: TemporarySite) throws -> [String: BuildManifest.Stamp] {
        var stamps: [String: BuildManifest.Stamp] = [:]
        for path in try site.snapshot().keys { stamps[path] = BuildManifest.Stamp.of(site.path + "/output/" + path) }
        return stamps
    }

    /// The files whose stamp changed between `before` and `after` (besides the manifest and the summary cache).
    static func changed(_ before: [String: BuildManifest.Stamp], _ after: [String: BuildManifest.Stamp]) -> [String] {
        Set(before.keys).union(after.keys).filter { $0 != ".feedsite-manifest" && before[$0] != after[$0] }.sorted()
    }

    @Test("with no change the build is a no-op, and a snapshot rewritten with the same content writes nothing either")
    func noChange() throws {
        let site = try Self.site()
        let before = try Self.stamps(site)
        let again = try Self.rebuild(site)
        #expect(again.upToDate && again.written == 0)
        // fetch replaces a snapshot by renaming a new file over it: the build runs, finds every file identical.
        let bytes = try #require(site.read("snapshots/ana.json"))
        try site.write("snapshots/ana.json.new", bytes)
        #expect(rename(site.path + "/snapshots/ana.json.new", site.path + "/snapshots/ana.json") == 0)
        let replaced = try Self.rebuild(site)
        #expect(!replaced.upToDate)
        #expect(replaced.written == 0 && replaced.writtenPaths.isEmpty)
        #expect(Self.changed(before, try Self.stamps(site)) == [])
    }

    @Test("an older post edited in one snapshot rewrites only that account's page and feed and the river page that shows it")
    func olderPostChanged() throws {
        let site = try Self.site()
        let before = try Self.stamps(site)
        try site.write("snapshots/ana.json", try #require(site.read("snapshots/ana.json")).replacingOccurrences(of: "Ana one", with: "Ana one, edited"))
        let result = try Self.rebuild(site)
        let expected = ["ana/feed.xml", "ana/index.html", "latest/2/index.html"]
        #expect(result.writtenPaths == expected)
        #expect(Self.changed(before, try Self.stamps(site)) == expected)
    }

    @Test("a new newest post rewrites that account's page and feed, the index, the river's feed and the river pages, nothing of the other accounts")
    func newPost() throws {
        let site = try Self.site()
        let before = try Self.stamps(site)
        try site.write("snapshots/jack.json", RiverFixture.snapshot("jack", [
            RiverFixture.post("j1", "Jack one", published: "2026-11-01T10:00:00Z", url: "https://example.com/j1"),
            RiverFixture.post("j2", "Jack two", published: "2026-11-10T10:00:00Z", url: "https://example.com/j2"),
            RiverFixture.post("j3", "Jack three", published: "2026-11-20T10:00:00Z", url: "https://example.com/j3"),
            RiverFixture.post("j4", "Jack four", published: "2026-11-29T10:00:00Z", url: "https://example.com/j4"),
        ], changedAt: "2026-11-29T10:05:00Z"))
        let result = try Self.rebuild(site)
        // _headers too: it names the new river page.
        let expected = ["_headers", "feed.xml", "index.html", "jack/feed.xml", "jack/index.html",
                        "latest/2/index.html", "latest/3/index.html", "latest/4/index.html", "latest/index.html", "sitemap.xml"]
        #expect(result.writtenPaths == expected)
        #expect(Self.changed(before, try Self.stamps(site)) == expected)
        #expect(site.read("output/latest/4/index.html")?.contains("Ana undated") == true)
    }
}
