import Testing
@testable import FeedsiteKit

/// What a snapshot gives an account's page context: `account.posts`, `account.has_posts`, `account.snapshot`.
@Suite struct PostsContextTests {
    static let record = SnapshotRecord(source: "feeds/jack.xml", fetchedAt: "2026-11-30T10:00:00Z", changedAt: "2026-11-29T14:03:00Z")

    /// The first account's `account` record, with `snapshot` and the site's `yaml` options.
    static func account(_ snapshot: Snapshot?, account options: String = "", site: String = "") throws -> TemplateValue {
        let config = try ConfigFixture.config("title: T\n\(site)accounts:\n  - handle: jack\n\(options)")
        return try #require(PageContext(config: config, accountPagesListAccounts: false, snapshots: [snapshot]).accountPage(0)["account"])
    }

    static func posts(_ account: TemplateValue) -> [TemplateValue] {
        if case .list(let items)? = account["posts"] { return items }
        return []
    }

    @Test("posts come newest first by published (any zone), then in feed order, undated last, at most posts: of them")
    func order() throws {
        let posts = [
            Post(id: "undated"), Post(id: "old", published: "2026-11-01T10:00:00Z"),
            Post(id: "new", published: "2026-11-29T15:03:00+01:00"), Post(id: "tie-a", published: "2026-11-20T10:00:00Z"),
            Post(id: "tie-b", published: "2026-11-20T10:00:00Z"),
        ]
        let snapshot = Snapshot(handle: "jack", record: Self.record, posts: posts)
        #expect(Self.posts(try Self.account(snapshot)).map { $0["id"] } == ["new", "tie-a", "tie-b", "old", "undated"].map(TemplateValue.string))
        #expect(Self.posts(try Self.account(snapshot, account: "    posts: 2\n")).map { $0["id"] } == [.string("new"), .string("tie-a")])
    }

    @Test("a post's fields: published in UTC, a display time in English, media, no url that is not http or https")
    func fields() throws {
        let post = Post(id: "1", url: "javascript:alert(1)", title: "Title", text: "Text", html: "<p>Text</p>", published: "2026-11-29T15:03:00+01:00",
                        media: [PostMedia(url: "https://cdn.example/a.jpg", type: "image/jpeg", alt: "A cat"), PostMedia(url: "data:text/html,x")])
        let value = try #require(Self.posts(try Self.account(Snapshot(handle: "jack", record: Self.record, posts: [post]))).first)
        #expect(value["url"] == .null)
        #expect(value["title"] == .string("Title"))
        #expect(value["text"] == .string("Text"))
        #expect(value["html"] == .string("<p>Text</p>"))
        #expect(value["published"] == .string("2026-11-29T14:03:00Z"))
        #expect(value["published_display"] == .string("29 Nov 2026, 14:03 UTC"))
        #expect(value["is_reply"] == .bool(false) && value["is_repost"] == .bool(false))
        guard case .list(let media)? = value["media"] else { Issue.record("media is not a list"); return }
        #expect(media.map { [$0["url"], $0["alt"], $0["type"]] } == [[.string("https://cdn.example/a.jpg"), .string("A cat"), .string("image/jpeg")]])
    }

    @Test("display times: English for en and en-GB, ISO order for every other language; a published that is no date is null",
          arguments: [("en", "29 Nov 2026, 14:03 UTC"), ("en-GB", "29 Nov 2026, 14:03 UTC"), ("fr", "2026-11-29 14:03 UTC"), ("ja", "2026-11-29 14:03 UTC")])
    func display(language: String, expected: String) throws {
        let posts = [Post(id: "1", published: "2026-11-29T14:03:00Z"), Post(id: "2", published: "yesterday")]
        let account = try Self.account(Snapshot(handle: "jack", record: Self.record, posts: posts), site: "language: \(language)\n")
        #expect(Self.posts(account).map { $0["published_display"] } == [.string(expected), .null])
        #expect(Self.posts(account).map { $0["published"] } == [.string("2026-11-29T14:03:00Z"), .null])
        #expect(account["snapshot"]?["changed_display"] == .string(expected))
    }

    @Test("HTML in a snapshot edited by hand is sanitized again when read: no script, no event handler, no javascript: link")
    func hostileHTML() throws {
        let html = "<p onclick=\"steal()\">Hi</p><script>steal()</script><a href=\"javascript:steal()\">x</a><iframe src=\"https://evil.example\"></iframe><img src=\"https://evil.example/t.png\" alt=\"pic\">"
        // Written as a file would be by hand, then read back as the build reads it.
        var decoder = SnapshotDecoder(Snapshot(handle: "jack", record: Self.record, posts: [Post(id: "1", html: html)]).json, file: "jack.json")
        let decoded = decoder.decode()
        let read = try #require(decoded)
        let value = try #require(Self.posts(try Self.account(read)).first)
        let cleaned = try #require(value["html"]?.renderedText)
        for needle in ["<script", "onclick", "javascript:", "<iframe", "<img", "evil.example"] {
            #expect(!cleaned.contains(needle), "\(needle) survived: \(cleaned)")
        }
        #expect(cleaned.hasPrefix("<p>Hi</p>"))
    }

    @Test("the snapshot's record: times, display, source and error; has_posts says whether there are posts")
    func snapshotRecord() throws {
        var record = Self.record
        record.error = "HTTP 404"
        let account = try Self.account(Snapshot(handle: "jack", record: record, posts: []))
        let snapshot = try #require(account["snapshot"])
        #expect(snapshot["fetched_at"] == .string("2026-11-30T10:00:00Z"))
        #expect(snapshot["fetched_display"] == .string("30 Nov 2026, 10:00 UTC"))
        #expect(snapshot["changed_at"] == .string("2026-11-29T14:03:00Z"))
        #expect(snapshot["source"] == .string("feeds/jack.xml"))
        #expect(snapshot["error"] == .string("HTTP 404"))
        #expect(account["has_posts"] == .bool(false))
        #expect(try Self.account(Snapshot(handle: "jack", record: Self.record, posts: [Post(id: "1")]))["has_posts"] == .bool(true))
    }

    @Test("an account without a snapshot has no posts, has_posts false and a null snapshot")
    func noSnapshot() throws {
        let account = try Self.account(nil)
        #expect(account["posts"] == .list([]))
        #expect(account["has_posts"] == .bool(false))
        #expect(account["snapshot"] == .null)
    }

    @Test("pages with a snapshot have exactly the fields the documented context lists, and the name checker knows them")
    func documented() throws {
        let post = Post(id: "1", media: [PostMedia(url: "https://cdn.example/a.jpg")])
        let account = try Self.account(Snapshot(handle: "jack", record: Self.record, posts: [post]))
        guard case .map(let fields) = ContextSchema.page, let schema = fields["account"] else { Issue.record("no account schema"); return }
        #expect(PageContextTests.mismatches(account, schema, path: "account") == [])
        let names = ContextSchema.page.names(depth: 5)
        for name in ["account.posts", "account.has_posts", "account.snapshot.changed_display", "account.snapshot.error"] {
            #expect(names.contains(name))
        }
    }

    @Test("the template name checker knows the posts' names: a misspelt one inside account.posts is a warning with did you mean")
    func namesChecked() throws {
        let template = "{{#account.posts}}{{title}} {{titel}} {{published_display}} {{#media}}{{alt}}{{/media}}{{/account.posts}}"
            + "{{#account.snapshot}}{{changed_display}} {{error}}{{/account.snapshot}}{{account.has_posts}}{{account.has_feed}}"
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/account.html": template])
        let result = try site.build()
        #expect(result.warnings.map(\.message) == ["'titel' is not part of the page context and always renders empty"])
        #expect(result.warnings.map(\.hint) == ["did you mean 'title'?"])
    }
}
