import Testing
@testable import FeedsiteKit

/// What the default account template shows of a snapshot: the posts as the page's content, or a
/// sentence saying why there are none; the live timeline waits for the reader when there are posts.
@Suite struct AccountPostsPageTests {
    static let siteYAML = """
    title: T
    accounts:
      - handle: jack
        feed: feeds/jack.xml
        posts: 2
      - handle: ana
        feed: feeds/ana.xml
      - handle: bob
        feed: feeds/bob.xml
      - handle: eve
        feed: feeds/eve.xml
      - handle: zed

    """

    /// Snapshots as a person might edit them by hand: jack's newest post carries hostile HTML.
    static let snapshots = [
        "snapshots/jack.json": """
        {"format": 1, "handle": "jack",
         "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z", "changed_at": "2026-11-29T14:03:00Z"},
         "posts": [
           {"id": "old", "url": "https://example.com/old", "text": "Old post", "html": "", "published": "2026-11-01T10:00:00Z", "media": []},
           {"id": "new", "url": "https://example.com/new", "title": "New <b>title</b>", "text": "New",
            "html": "<p onclick=\\"steal()\\">New post</p><script>steal()</script><img src=\\"https://evil.example/t.png\\" alt=\\"pic\\">",
            "published": "2026-11-29T15:03:00+01:00", "media": [{"url": "https://cdn.example/cat.jpg", "type": "image/jpeg", "alt": "A cat on a mat"}]},
           {"id": "oldest", "text": "Oldest", "published": "2026-10-01T10:00:00Z", "media": []}
         ]}
        """,
        "snapshots/ana.json": #"{"format": 1, "handle": "ana", "fetch": {"source": "feeds/ana.xml", "fetched_at": "2026-11-30T10:00:00Z"}, "posts": []}"#,
        "snapshots/bob.json": #"{"format": 1, "handle": "bob", "fetch": {"source": "feeds/bob.xml", "error": "HTTP 404 Not Found"}, "posts": []}"#,
    ]

    static func built() throws -> TemporarySite {
        let site = try TemporarySite(["site.yml": siteYAML].merging(snapshots) { $1 })
        _ = try site.build()
        return site
    }

    /// The text between `<main` and `</main>`.
    static func main(_ page: String) -> Substring {
        guard let start = page.range(of: "<main"), let end = page.range(of: "</main>") else { return "" }
        return page[start.lowerBound..<end.upperBound]
    }

    @Test("posts are articles, newest first, at most posts: of them, each with its content, a time linking to it and media as links")
    func posts() throws {
        let page = try #require(try Self.built().read("output/jack/index.html"))
        let main = Self.main(page)
        #expect(main.components(separatedBy: "<article class=\"post\" id=\"post-").count - 1 == 2)
        #expect(main.contains("<article class=\"post\" id=\"post-new\">") && main.contains("<article class=\"post\" id=\"post-old\">"))
        let new = try #require(main.range(of: "New post")), old = try #require(main.range(of: "Old post"))
        #expect(new.lowerBound < old.lowerBound)
        #expect(!main.contains("Oldest"))
        #expect(main.contains("<h3 class=\"post-title\" dir=\"auto\">New &lt;b&gt;title&lt;/b&gt;</h3>"))
        #expect(main.contains("<a href=\"https://example.com/new\" rel=\"noopener noreferrer\"><time datetime=\"2026-11-29T14:03:00Z\">29 Nov 2026, 14:03 UTC</time></a>"))
        #expect(main.contains("<p class=\"post-content\" dir=\"auto\">Old post</p>"))
        #expect(main.contains("Attachment: <a href=\"https://cdn.example/cat.jpg\" rel=\"noopener noreferrer\">A cat on a mat</a>"))
        #expect(main.contains("Posts as of <time datetime=\"2026-11-29T14:03:00Z\">29 Nov 2026, 14:03 UTC</time>."))
        #expect(page.components(separatedBy: "<h1").count - 1 == 1)
        #expect(page.contains("Posts are copied from the account's feed; the live timeline is shown by X."))
    }

    @Test("hostile HTML in a snapshot edited by hand reaches the page sanitized: no script, handler or image from elsewhere")
    func hostile() throws {
        let main = Self.main(try #require(try Self.built().read("output/jack/index.html")))
        #expect(main.contains("<div class=\"post-content\" dir=\"auto\"><p>New post</p>pic</div>"))
        for needle in ["steal()", "onclick", "<img", "evil.example"] {
            #expect(!main.contains(needle), "\(needle) reached the page")
        }
        #expect(!main.contains("<script"), "no script at all: the theme follows the reader in feedsite.js")
    }

    @Test("with posts the live timeline waits for the reader: data-load click and a consent button, whatever load: says")
    func timelineOnRequest() throws {
        let page = try #require(try Self.built().read("output/jack/index.html"))
        #expect(page.contains("data-feedsite-timeline data-load=\"click\" data-timeout-ms"))
        #expect(page.contains("<button class=\"button\" type=\"button\" data-feedsite-consent>Show the live timeline from X</button>"))
        #expect(!page.contains("data-min-height"))
    }

    @Test("an account read with no posts, one whose fetch failed and one never fetched say so; one without a feed shows the page as before",
          arguments: [
            ("ana", "@ana's feed was read on <time datetime=\"2026-11-30T10:00:00Z\">30 Nov 2026, 10:00 UTC</time> and has no posts."),
            ("bob", "Posts from @bob could not be collected recently, so there are none to show here."),
            ("eve", "No posts from @eve have been collected yet."),
          ])
    func states(handle: String, sentence: String) throws {
        let site = try Self.built()
        let page = try #require(site.read("output/\(handle)/index.html"))
        #expect(page.contains("<p class=\"posts-status\">" + sentence + "</p>"))
        for ownerWords in ["404", "feedsite fetch", "<code>"] { #expect(!Self.main(page).contains(ownerWords), "\(ownerWords) shown to readers") }
        #expect(!page.contains("<article class=\"post\""))
        #expect(page.contains("data-feedsite-timeline data-load=\"auto\" data-timeout-ms"))
        let zed = try #require(site.read("output/zed/index.html"))
        #expect(!zed.contains("posts-status"))
        #expect(zed.contains("Posts are shown by X and stay on X."))
    }
}
