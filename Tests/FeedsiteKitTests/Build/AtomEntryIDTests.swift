import Testing
@testable import FeedsiteKit

/// Atom entry ids: unique within a feed, pointing at an element of the page, kept when the feed gave one.
@Suite struct AtomEntryIDTests {
    /// The `<id>`s of the entries of an Atom document.
    static func entryIDs(_ xml: String) -> [String] {
        xml.components(separatedBy: "<entry>").dropFirst().compactMap { entry in
            guard let start = entry.range(of: "<id>"), let end = entry.range(of: "</id>") else { return nil }
            return String(entry[start.upperBound..<end.lowerBound])
        }
    }

    @Test("a post two accounts carry is one entry in the river's feed and one article on the river page, for the first account")
    func sharedPost() throws {
        let shared = RiverFixture.post("s", "Shared", published: "2026-11-02T10:00:00Z", url: "https://example.com/s")
        let site = try TemporarySite([
            "site.yml": RiverFixture.siteYAML(["jack", "ana"], extra: "base_url: https://example.com/planet\n"),
            "snapshots/jack.json": RiverFixture.snapshot("jack", [shared]),
            "snapshots/ana.json": RiverFixture.snapshot("ana", [shared, RiverFixture.post("a", "Own", published: "2026-11-01T10:00:00Z")]),
        ])
        _ = try site.build()
        let ids = Self.entryIDs(try #require(site.read("output/feed.xml")))
        #expect(ids == ["https://example.com/s", "https://example.com/planet/ana/#post-a"])
        let river = try #require(site.read("output/latest/index.html"))
        #expect(river.components(separatedBy: "<article class=\"post\"").count - 1 == 2)
        #expect(river.contains("id=\"jack-post-s\"") && !river.contains("id=\"ana-post-s\""))
        #expect(Self.entryIDs(try #require(site.read("output/ana/feed.xml"))).count == 2)
    }

    @Test("an entry without a link points at its article: the page has an element with that id, unique even for ids that differ only in punctuation")
    func fragmentPointsAtArticle() throws {
        let site = try TemporarySite([
            "site.yml": RiverFixture.siteYAML(["jack"], extra: "base_url: https://example.com/planet\n"),
            "snapshots/jack.json": RiverFixture.snapshot("jack", [
                RiverFixture.post("a b", "One", published: "2026-11-02T10:00:00Z"),
                RiverFixture.post("a_b", "Two", published: "2026-11-01T10:00:00Z"),
                RiverFixture.post("a\"<b>é", "Three", published: "2026-10-01T10:00:00Z"),
            ]),
        ])
        _ = try site.build()
        let ids = Self.entryIDs(try #require(site.read("output/jack/feed.xml")))
        #expect(ids == ["https://example.com/planet/jack/#post-a_20b", "https://example.com/planet/jack/#post-a_5Fb",
                        "https://example.com/planet/jack/#post-a_22_3Cb_3E_C3_A9"])
        let page = try #require(site.read("output/jack/index.html"))
        for id in ids {
            let anchor = try #require(id.split(separator: "#").last)
            #expect(page.components(separatedBy: "id=\"\(anchor)\"").count - 1 == 1, "\(anchor)")
        }
    }

    @Test("a feed id that is already an absolute IRI is kept as the entry's id", arguments: [
        "tag:example.com,2026:post-1", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", "https://example.com/?p=1",
    ])
    func iriKept(id: String) throws {
        let site = try TemporarySite([
            "site.yml": RiverFixture.siteYAML(["jack"], extra: "base_url: https://example.com/planet\n"),
            "snapshots/jack.json": RiverFixture.snapshot("jack", [RiverFixture.post(id, "One", published: "2026-11-02T10:00:00Z")]),
        ])
        _ = try site.build()
        #expect(Self.entryIDs(try #require(site.read("output/jack/feed.xml"))) == [id])
    }
}
