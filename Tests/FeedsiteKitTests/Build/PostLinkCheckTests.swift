import Testing
@testable import FeedsiteKit

/// Intent URLs inside a post are the post's links, not the site's: whatever a feed puts in them, the
/// build writes its pages and every page passes `check --strict`.
@Suite struct PostLinkCheckTests {
    /// A site whose one account has one post whose HTML holds a link to `href` (as JSON text).
    static func site(href: String) throws -> TemporarySite {
        let html = "<p>Share: <a href=\\\"\(href)\\\">tweet</a></p>"
        return try TemporarySite([
            "site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
            "snapshots/jack.json": """
            {"format": 1, "handle": "jack", "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z"},
             "posts": [{"id": "1", "url": "https://example.com/1", "text": "Share", "html": "\(html)", "published": "2026-11-29T10:00:00Z", "media": []}]}
            """,
        ])
    }

    @Test("a post linking to an intent URL with a raw space builds, the link written with %20, and passes check --strict")
    func rawSpace() throws {
        let site = try Self.site(href: "https://twitter.com/intent/tweet?text=hello world")
        let result = try site.build()
        #expect(result.check.findings.isEmpty, "\(result.check.findings)")
        let page = try #require(site.read("output/jack/index.html"))
        #expect(page.contains("<a href=\"https://twitter.com/intent/tweet?text=hello%20world\" rel=\"nofollow ugc noopener noreferrer\">tweet</a>"))
        #expect(try LinkChecker(strict: true).check(folder: site.path + "/output").findings.isEmpty)
    }

    @Test("a post linking to an intent URL with lowercase escapes, a raw + and an unknown parameter builds without warnings and passes check --strict")
    func oddEncoding() throws {
        let site = try Self.site(href: "https://twitter.com/intent/tweet?text=%e2%9c%93+ok&amp;foo=1")
        let result = try site.build()
        #expect(result.check.findings.isEmpty, "\(result.check.findings)")
        let report = try LinkChecker(strict: true).check(folder: site.path + "/output")
        #expect(report.findings.isEmpty, "\(report.findings)")
    }
}
