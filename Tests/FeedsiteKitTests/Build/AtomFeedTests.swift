import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The Atom feeds out, read back by Python's feedparser (Debian python3-feedparser) and checked by
/// xmllint (libxml2-utils): `scripts/install-deps --test` installs both.
@Suite struct AtomFeedTests {
    static let base = "base_url: https://example.com/feeds\n"

    /// What feedparser finds in each file, as JSON: bozo, the feed's title and links, each entry's fields.
    static func parsed(_ paths: [String]) throws -> [[String: Any]] {
        let script = """
        import feedparser, json, sys
        out = []
        for path in sys.argv[1:]:
            d = feedparser.parse(path)
            out.append({"bozo": bool(d.bozo), "error": str(d.get("bozo_exception", "")), "title": d.feed.get("title"),
                        "id": d.feed.get("id"), "updated": d.feed.get("updated"), "language": d.feed.get("language"),
                        "links": [[l.get("rel"), l.get("href")] for l in d.feed.get("links", [])],
                        "entries": [{"id": e.get("id"), "title": e.get("title"), "link": e.get("link"), "author": e.get("author"),
                                     "published": e.get("published"), "updated": e.get("updated"),
                                     "content": [e.get("content", [{}])[0].get("type"), e.get("content", [{}])[0].get("value")],
                                     "enclosures": [x.get("href") for x in e.get("enclosures", [])]} for e in d.entries]})
        print(json.dumps(out))
        """
        let result = try Self.run("/usr/bin/python3", ["-c", script] + paths)
        #expect(result.status == 0, "feedparser: \(result.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test("feed.xml and each fetched account's feed are valid Atom that feedparser reads without error, with absolute links")
    func readByFeedparser() throws {
        let site = try TemporarySite(RiverFixture.threeAccounts(extra: Self.base + "river_page_size: 4\n"))
        _ = try site.build()
        #expect(site.exists("output/feed.xml") && site.exists("output/jack/feed.xml") && site.exists("output/ana/feed.xml"))
        #expect(!site.exists("output/zed/feed.xml"), "zed was never fetched")
        let feeds = try Self.parsed(["feed.xml", "jack/feed.xml", "ana/feed.xml"].map { site.path + "/output/" + $0 })
        for feed in feeds { #expect(feed["bozo"] as? Bool == false, "\(feed["error"] ?? "")") }
        let river = feeds[0], jack = feeds[1]
        #expect(river["title"] as? String == "Latest posts · \u{2068}River\u{2069}")
        #expect(river["id"] as? String == "https://example.com/feeds/")
        #expect(river["updated"] as? String == "2026-11-20T10:00:00Z")
        #expect(river["language"] as? String == "en")
        #expect(river["links"] as? [[String]] == [["self", "https://example.com/feeds/feed.xml"], ["alternate", "https://example.com/feeds/latest/"]])
        let entries = try #require(river["entries"] as? [[String: Any]])
        #expect(entries.map { $0["title"] as? String } == ["Jack three", "Ana two", "Jack two", "Ana one"], "the river's first page")
        #expect(entries[0]["id"] as? String == "https://example.com/j3")
        #expect(entries[0]["link"] as? String == "https://example.com/j3")
        #expect(entries[0]["author"] as? String == "jack (@jack)")
        #expect(entries[1]["id"] as? String == "https://example.com/feeds/ana/#post-a2")
        #expect(entries[1]["link"] as? String == "https://example.com/feeds/ana/")
        #expect(entries[1]["content"] as? [String] == ["text/plain", "Ana two"])
        let jackEntries = try #require(jack["entries"] as? [[String: Any]])
        #expect(jackEntries.map { $0["id"] as? String } == ["https://example.com/j3", "https://example.com/j2", "https://example.com/j1"])
        #expect(jack["links"] as? [[String]] == [["self", "https://example.com/feeds/jack/feed.xml"], ["alternate", "https://example.com/feeds/jack/"]])
        let lint = try Self.run("/usr/bin/xmllint", ["--noout"] + ["feed.xml", "jack/feed.xml", "ana/feed.xml", "sitemap.xml"].map { site.path + "/output/" + $0 })
        #expect(lint.status == 0, "xmllint: \(lint.err)")
    }

    @Test("hostile post fields reach the feed escaped and without characters XML forbids: feedparser reads them back intact")
    func hostile() throws {
        let html = #"<p>A &amp; B <a href=\"https://e.com/?a=1&amp;b=2\">x</a></p><script>steal()</script>"#
        var files = RiverFixture.threeAccounts()
        // site.yml cannot hold control characters (the decoder refuses them); the posts can.
        files["site.yml"] = "base_url: https://example.com/feeds\ntitle: \"Site <&> \\\"q\\\"\"\ndescription: \"]]>\"\n"
            + "accounts:\n  - handle: jack\n    name: \"J <b>&amp;\"\n"
        files["snapshots/jack.json"] = RiverFixture.snapshot("jack", [
            RiverFixture.post("<id>&\u{1}", "text \u{1}\u{8}\u{B}\u{C}\u{1F} ]]> <x>", published: "2026-11-20T10:00:00Z",
                              url: "https://example.com/p?a=1&b=<2>",
                              extra: #""title": "T\u0002 <i>&amp;</i>", "html": "\#(html)", "media": [{"url": "https://cdn.example/a.jpg?x=1&y=2", "type": "image/jpeg\"><x", "alt": "\u0003"}]"#),
        ])
        files["snapshots/ana.json"] = nil
        let site = try TemporarySite(files)
        _ = try site.build()
        let raw = try #require(site.read("output/jack/feed.xml"))
        #expect(!raw.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character reached the feed")
        #expect(!raw.contains("<script") && !raw.contains("<x>") && !raw.contains("<i>"))
        let lint = try Self.run("/usr/bin/xmllint", ["--noout", site.path + "/output/jack/feed.xml", site.path + "/output/feed.xml"])
        #expect(lint.status == 0, "xmllint: \(lint.err)")
        let feeds = try Self.parsed([site.path + "/output/jack/feed.xml", site.path + "/output/feed.xml"])
        for feed in feeds { #expect(feed["bozo"] as? Bool == false, "\(feed["error"] ?? "")") }
        #expect(feeds[0]["title"] as? String == "\u{2068}J <b>&amp;\u{2069} (@jack) · \u{2068}Site <&> \"q\"\u{2069}", "each part from site.yml isolated")
        let entry = try #require((feeds[0]["entries"] as? [[String: Any]])?.first)
        #expect(entry["title"] as? String == "T <i>&amp;</i>")
        #expect(entry["link"] as? String == "https://example.com/p?a=1&b=<2>")
        #expect(entry["author"] as? String == "J <b>&amp; (@jack)")
        let content = try #require(entry["content"] as? [String])
        #expect(content[0] == "text/html")
        #expect(content[1].contains("A &amp; B") && content[1].contains("href=\"https://e.com/?a=1&amp;b=2\"") && !content[1].contains("steal"))
        #expect(entry["enclosures"] as? [String] == ["https://cdn.example/a.jpg?x=1&y=2"])
    }

    @Test("each page links to its feed with rel=alternate; without base_url there are no feeds and no such links")
    func alternateLinks() throws {
        let site = try TemporarySite(RiverFixture.threeAccounts(extra: Self.base + "river_page_size: 2\n"))
        _ = try site.build()
        let links = [
            ("index.html", "./feed.xml", "Latest posts · \u{2068}River\u{2069}"), ("latest/index.html", "../feed.xml", "Latest posts · \u{2068}River\u{2069}"),
            ("latest/2/index.html", "../../feed.xml", "Latest posts · \u{2068}River\u{2069}"),
            ("jack/index.html", "feed.xml", "\u{2068}jack\u{2069} (@jack) · \u{2068}River\u{2069}"),
        ]
        for (page, href, title) in links {
            #expect(site.read("output/" + page)?.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"\(title)\" href=\"\(href)\">") == true, "\(page)")
        }
        #expect(site.read("output/zed/index.html")?.contains("application/atom+xml") == false)
        #expect(site.read("output/sitemap.xml")?.contains("<url><loc>https://example.com/feeds/latest/2/</loc></url>") == true)

        let plain = try TemporarySite(RiverFixture.threeAccounts())
        _ = try plain.build()
        #expect(!plain.exists("output/feed.xml") && !plain.exists("output/jack/feed.xml"))
        for page in ["index.html", "latest/index.html", "jack/index.html"] {
            #expect(plain.read("output/" + page)?.contains("application/atom+xml") == false, "\(page)")
        }
    }

    @Test("feed dates come from the snapshots: an entry's updated is the post's, the feed's the newest entry's, an empty feed's changed_at")
    func dates() throws {
        var files = RiverFixture.threeAccounts(extra: Self.base)
        files["snapshots/ana.json"] = RiverFixture.snapshot("ana", [], changedAt: "2026-11-28T12:00:00Z")
        files["snapshots/jack.json"] = RiverFixture.snapshot("jack", [
            RiverFixture.post("j1", "Edited", published: "2026-11-01T10:00:00Z", extra: #""updated": "2026-11-29T10:00:00+02:00""#),
        ])
        let site = try TemporarySite(files)
        _ = try site.build()
        let feeds = try Self.parsed(["jack/feed.xml", "ana/feed.xml", "feed.xml"].map { site.path + "/output/" + $0 })
        #expect(feeds.map { $0["updated"] as? String } == ["2026-11-29T08:00:00Z", "2026-11-28T12:00:00Z", "2026-11-29T08:00:00Z"])
        let entry = try #require((feeds[0]["entries"] as? [[String: Any]])?.first)
        #expect(entry["published"] as? String == "2026-11-01T10:00:00Z")
        #expect(entry["updated"] as? String == "2026-11-29T08:00:00Z")
        #expect((feeds[1]["entries"] as? [[String: Any]])?.isEmpty == true)
    }
}
