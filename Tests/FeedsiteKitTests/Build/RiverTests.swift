import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The river: every account's posts merged newest first on `latest/` pages, linked from the index,
/// which shows each account's newest post.
@Suite struct RiverTests {
    /// The post texts of a river page, in order.
    static func texts(_ page: String) -> [String] {
        page.components(separatedBy: "<p class=\"post-content\" dir=\"auto\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test("the river merges every account's posts newest first, undated last, each naming its account with a link to its page")
    func merged() throws {
        let site = try TemporarySite(RiverFixture.threeAccounts())
        _ = try site.build()
        let page = try #require(site.read("output/latest/index.html"))
        #expect(Self.texts(page) == RiverFixture.order)
        #expect(page.contains("<p class=\"post-account\"><a href=\"../ana/index.html\"><bdi class=\"name\">ana</bdi> <span class=\"handle\">@ana</span></a></p>"))
        #expect(page.contains("<a href=\"https://example.com/j3\" rel=\"noopener noreferrer\"><time datetime=\"2026-11-20T10:00:00Z\">20 Nov 2026, 10:00 UTC</time></a>"))
        #expect(page.components(separatedBy: "<h1").count - 1 == 1)
        #expect(!page.contains("rel=\"prev\"") && !page.contains("rel=\"next\""))
    }

    @Test("the river shows what each account's page shows: at most posts: of each account")
    func accountLimit() throws {
        var files = RiverFixture.threeAccounts()
        files["site.yml"] = "title: River\naccounts:\n  - handle: jack\n    posts: 1\n  - handle: ana\n"
        let site = try TemporarySite(files)
        _ = try site.build()
        #expect(Self.texts(try #require(site.read("output/latest/index.html"))) == ["Jack three", "Ana two", "Ana one", "Ana undated"])
    }

    @Test("a long river is paged by river_page_size, capped by river_posts, with rel=prev and rel=next between the pages")
    func paged() throws {
        let site = try TemporarySite(RiverFixture.threeAccounts(extra: "river_page_size: 2\nriver_posts: 5\n"))
        let result = try site.build()
        #expect(result.pages == 1 + 3 + 3 + 1)
        let first = try #require(site.read("output/latest/index.html"))
        let second = try #require(site.read("output/latest/2/index.html"))
        let third = try #require(site.read("output/latest/3/index.html"))
        #expect(!site.exists("output/latest/4/index.html"))
        #expect(Self.texts(first) == ["Jack three", "Ana two"])
        #expect(Self.texts(second) == ["Jack two", "Ana one"])
        #expect(Self.texts(third) == ["Jack one"])
        #expect(first.contains("<a rel=\"next\" href=\"2/index.html\">") && !first.contains("rel=\"prev\""))
        #expect(second.contains("<a rel=\"prev\" href=\"../index.html\">") && second.contains("<a rel=\"next\" href=\"../3/index.html\">"))
        #expect(third.contains("<a rel=\"prev\" href=\"../2/index.html\">") && !third.contains("rel=\"next\""))
        #expect(third.contains("<a href=\"../../jack/index.html\">") && third.contains("href=\"../../assets/site.css\""))
        #expect(second.contains("Page 2 of 3"))
    }

    @Test("with no post anywhere the river is one page that says so")
    func empty() throws {
        let site = try TemporarySite(["site.yml": RiverFixture.siteYAML(["jack"])])
        _ = try site.build()
        let page = try #require(site.read("output/latest/index.html"))
        #expect(page.contains("No posts have been collected yet."))
        #expect(Self.texts(page).isEmpty)
    }

    @Test("river_page_size and river_posts are validated at their line and column", arguments: [
        ("river_page_size: 0\n", 2, 18, "'river_page_size' must be from 1 to 1000, found 0"),
        ("river_page_size: many\n", 2, 18, "expected an integer from 1 to 1000, found a string 'many'"),
        ("river_posts: 0\n", 2, 14, "'river_posts' must be from 1 to 100000, found 0"),
    ])
    func optionsValidated(line: String, row: Int, column: Int, message: String) throws {
        let diagnostics = ConfigFixture.diagnostics("title: T\n" + line + "accounts:\n  - handle: a\n")
        let first = try #require(diagnostics.first, "no error")
        #expect(first.message == message)
        #expect(first.location.line == row && first.location.column == column)
    }

    @Test("the index links to the river and shows each account's newest post, shortened at a word and escaped, with its time")
    func indexLatest() throws {
        let long = String(repeating: "word ", count: 40) + "<b>end</b>"
        var files = RiverFixture.threeAccounts()
        files["snapshots/ana.json"] = RiverFixture.snapshot("ana", [
            RiverFixture.post("a1", "<script>alert(1)</script> & " + long, published: "2026-11-25T08:30:00Z"),
        ])
        let site = try TemporarySite(files)
        _ = try site.build()
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("<a href=\"./latest/index.html\">Latest posts of every account</a>"))
        #expect(index.contains("<span class=\"latest-text\" dir=\"auto\">Jack three</span> <time datetime=\"2026-11-20T10:00:00Z\">20 Nov 2026, 10:00 UTC</time>"))
        let start = try #require(index.range(of: "<span class=\"latest-text\" dir=\"auto\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; word word"))
        let text = index[start.upperBound...].prefix { $0 != "<" }
        #expect(text.hasSuffix(" word…"))
        #expect(!index.contains("<script>alert") && !index.contains("<b>end"))
        // zed was never fetched: no latest post.
        #expect(index.contains("<span class=\"handle\">@zed</span> <span class=\"network\">on X</span></a></li>"))
    }

    @Test("an excerpt keeps whole characters and words: at most the limit, cut at a space when one is near, else mid-word")
    func excerpt() {
        #expect(PostExcerpt.shortened("short  and\nsweet", limit: 20) == "short and sweet")
        #expect(PostExcerpt.shortened("one two three four five", limit: 16) == "one two three…")
        #expect(PostExcerpt.shortened("one two three four five", limit: 14) == "one two three…")
        #expect(PostExcerpt.shortened("one two threefourfive", limit: 14) == "one two three…")
        #expect(PostExcerpt.shortened("abcdefghijklmnop", limit: 8) == "abcdefg…")
        let flags = String(repeating: "🇺🇳", count: 10)
        #expect(PostExcerpt.shortened(flags, limit: 5) == String(repeating: "🇺🇳", count: 4) + "…")
        #expect(PostExcerpt.of(Post(id: "x", title: "  ", text: "  "), limit: 10) == nil)
        #expect(PostExcerpt.of(Post(id: "x", title: "Title", text: "Body"), limit: 10) == "Title")
    }

    @Test("an account called latest would be written where the river goes: an error at the account, none without latest.html")
    func collision() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: a\n  - handle: Latest\n"])
        #expect {
            _ = try site.build()
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location.line == 4 && diagnostic?.message ==
                "the page of 'Latest' would be written to latest/index.html, which the river of every account's posts also writes"
        }
        try FileManager.default.removeItem(atPath: site.path + "/templates/latest.html")
        try site.write("templates/index.html", "index")
        _ = try site.build()
        #expect(site.exists("output/latest/index.html"))
    }

    @Test("a misspelt name in latest.html warns with did you mean, as in the other templates")
    func nameChecker() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: a\n",
                                      "templates/latest.html": "{{#river.posts}}{{acount.name}}{{/river.posts}}{{river.nxt_url}}"])
        let result = try site.build()
        #expect(result.warnings.map(\.message) == ["'acount.name' is not part of the page context and always renders empty",
                                                    "'river.nxt_url' is not part of the page context and always renders empty"])
        #expect(result.warnings.map(\.hint) == ["did you mean 'account.name'?", "did you mean 'river.next_url'?"])
    }

    @Test("river pages and the index with latest posts have exactly the fields the documented context lists")
    func matchesSchema() throws {
        let config = try ConfigFixture.config("title: T\nbase_url: https://example.com\naccounts:\n  - handle: jack\n  - handle: ana\n")
        let post = Post(id: "1", url: "https://example.com/1", title: "T", text: "x", published: "2026-11-01T10:00:00Z",
                        media: [PostMedia(url: "https://example.com/a.jpg", type: "image/jpeg", alt: "a")])
        let snapshot = Snapshot(handle: "jack", record: SnapshotRecord(source: "f"), posts: [post])
        let context = PageContext(config: config, accountPagesListAccounts: true, snapshots: [snapshot, nil])
        for page in [context.riverPage(1), context.indexPage(), context.accountPage(0), context.accountPage(1), context.notFoundPage()] {
            #expect(PageContextTests.mismatches(page, ContextSchema.page, path: "page") == [])
        }
        guard case .list(let posts) = context.riverPage(1)["river"]?["posts"], case .list(let accounts) = context.indexPage()["accounts"] else {
            Issue.record("river.posts or accounts is not a list")
            return
        }
        #expect(posts.count == 1)
        #expect(accounts.map { $0["latest"]?["text"] } == [TemplateValue.string("T"), nil])
        #expect(context.accountPage(0)["page"]?["feed_url"] == .string("feed.xml"))
        #expect(context.accountPage(1)["page"]?["feed_url"] == .null)
    }

    @Test("hostile post fields and account names reach the river page escaped or sanitized: no script, handler or javascript: link")
    func hostile() throws {
        let site = try TemporarySite([
            "site.yml": "title: T\naccounts:\n  - handle: jack\n    name: \"<img src=x onerror=alert(1)>\"\n",
            "snapshots/jack.json": RiverFixture.snapshot("jack", [
                RiverFixture.post("1", "<b>text</b>", published: "2026-11-20T10:00:00Z", url: "javascript:alert(1)", extra: #""title": "<script>t()</script>", "html": "<p onclick=\"h()\">ok</p><script>s()</script>", "media": [{"url": "javascript:m()", "alt": "<i>alt</i>"}, {"url": "https://cdn.example/a.jpg?\"><x", "alt": "\"><svg onload=a()>"}]"#),
            ]),
        ])
        _ = try site.build()
        let page = try #require(site.read("output/latest/index.html"))
        #expect(page.contains("<bdi class=\"name\">&lt;img src=x onerror=alert(1)&gt;</bdi>"))
        #expect(page.contains("<h2 class=\"post-title\" dir=\"auto\">&lt;script&gt;t()&lt;/script&gt;</h2>"))
        #expect(page.contains("<div class=\"post-content\" dir=\"auto\"><p>ok</p></div>"))
        #expect(page.contains("href=\"https://cdn.example/a.jpg?&quot;&gt;&lt;x\" rel=\"noopener noreferrer\">&quot;&gt;&lt;svg onload=a()&gt;</a>"))
        for needle in ["javascript:", "<script>t", "s()", "onclick", "<svg", "<img", "<x"] {
            #expect(!page.contains(needle), "\(needle) reached the river page")
        }
    }
}
