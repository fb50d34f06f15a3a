import Foundation
import Testing

/// The river pages and feeds through the binary: every page passes `feedsite check --strict`, and
/// `build --verbose` lists exactly the files a change in one snapshot rewrites.
@Suite struct RiverCommandTests {
    /// Two fetched accounts and one never fetched, posts with links, HTML and attachments, a river of three pages.
    static func site() throws -> TemporarySite {
        func post(_ id: String, _ day: Int, html: String = "") -> String {
            #"{"id": "\#(id)", "url": "https://example.com/\#(id)", "title": "Post \#(id)", "text": "Text of \#(id)", "html": "\#(html)", "#
                + #""published": "2026-11-\#(day)T10:00:00Z", "media": [{"url": "https://cdn.example/\#(id).jpg", "type": "image/jpeg", "alt": "Picture \#(id)"}]}"#
        }
        func snapshot(_ handle: String, _ posts: [String]) -> String {
            #"{"format": 1, "handle": "\#(handle)", "fetch": {"source": "feeds/\#(handle).xml", "changed_at": "2026-11-30T09:00:00Z"}, "posts": [\#(posts.joined(separator: ", "))]}"#
        }
        return try TemporarySite([
            "site.yml": """
            title: Planet
            base_url: https://example.com/planet
            river_page_size: 2
            accounts:
              - handle: jack
                feed: feeds/jack.xml
              - handle: ana
                feed: feeds/ana.xml
              - handle: zed

            """,
            "snapshots/jack.json": snapshot("jack", [post("j1", 11, html: #"<p>Hello <a href=\"https://example.org/x?a=1&amp;b=2\">there</a></p>"#), post("j2", 13), post("j3", 15)]),
            "snapshots/ana.json": snapshot("ana", [post("a1", 12), post("a2", 14)]),
        ])
    }

    @Test("every page, the river pages included, passes feedsite check --strict")
    func strictCheck() throws {
        let site = try Self.site()
        let build = try ProcessRunner.run(["build"], in: site.path)
        #expect(build.status == 0, "\(build.err)")
        #expect(site.exists("output/latest/3/index.html"))
        let check = try ProcessRunner.run(["check", "output", "--strict"], in: site.path)
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("no problems in 8 files"), "\(check.out)")
    }

    @Test("build --verbose lists the files written: a changed snapshot rewrites its account's page and feed and the river pages it shows in")
    func verboseWrittenFiles() throws {
        let site = try Self.site()
        #expect(try ProcessRunner.run(["build", "-q"], in: site.path).status == 0)
        let unchanged = try ProcessRunner.run(["build", "--verbose"], in: site.path)
        #expect(!unchanged.err.contains("wrote output/"), "\(unchanged.err)")
        try site.write("snapshots/ana.json", try #require(site.read("snapshots/ana.json")).replacingOccurrences(of: "Text of a1", with: "Text of a1, edited"))
        let result = try ProcessRunner.run(["build", "--verbose"], in: site.path)
        #expect(result.status == 0)
        let written = result.err.split(separator: "\n").filter { $0.hasPrefix("wrote output/") }
        #expect(written == ["wrote output/ana/feed.xml", "wrote output/ana/index.html", "wrote output/latest/2/index.html"], "\(result.err)")
    }
}
