import Testing
@testable import FeedsiteKit

/// The default account template with `live_timeline:` and with replies and reposts: under posts the
/// live timeline loads when `live_timeline` says, pages without posts follow `load:` as before, and a
/// reply or repost says so in visible text.
@Suite struct LiveTimelineAndRelationTests {
    static func snapshot(_ handle: String, posts: String) -> String {
        """
        {"format": 1, "handle": "\(handle)", "fetch": {"source": "feeds/\(handle).xml", "fetched_at": "2026-11-30T10:00:00Z"},
         "posts": [\(posts)]}
        """
    }

    static let onePost = #"{"id": "1", "text": "Hello", "published": "2026-11-29T14:03:00Z"}"#

    /// A site where `jack` has posts and `ana` has none, each with `options` (YAML lines at account level).
    static func built(jack: String, ana: String) throws -> TemporarySite {
        let site = try TemporarySite([
            "site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n\(jack)  - handle: ana\n    feed: feeds/ana.xml\n\(ana)",
            "snapshots/jack.json": snapshot("jack", posts: onePost),
            "snapshots/ana.json": snapshot("ana", posts: ""),
        ])
        _ = try site.build()
        return site
    }

    /// (live_timeline and load for both accounts, data-load under posts, data-load without posts)
    static let cases: [(String, String, String)] = [
        ("", "click", "auto"),
        ("    load: click\n", "click", "click"),
        ("    live_timeline: auto\n", "auto", "auto"),
        ("    live_timeline: auto\n    load: click\n", "auto", "click"),
        ("    live_timeline: click\n    load: auto\n", "click", "auto"),
    ]

    @Test("live_timeline decides when X loads under posts; load: keeps its meaning on pages without posts", arguments: cases)
    func liveTimeline(options: String, withPosts: String, withoutPosts: String) throws {
        let site = try Self.built(jack: options, ana: options)
        let jack = try #require(site.read("output/jack/index.html"))
        let ana = try #require(site.read("output/ana/index.html"))
        #expect(jack.contains("data-feedsite-timeline data-load=\"\(withPosts)\""))
        #expect(ana.contains("data-feedsite-timeline data-load=\"\(withoutPosts)\""))
        #expect(jack.contains("Show the live timeline from X</button>") == (withPosts == "click"))
        #expect(jack.contains("class=\"timeline on-request\"") == (withPosts == "click"))
        #expect(jack.contains("data-min-height=\"600\"") == (withPosts == "auto"))
        #expect(ana.contains(">Show posts</button>") == (withoutPosts == "click"))
        #expect(!ana.contains("Show the live timeline from X"))
    }

    @Test("a reply and a repost are marked with visible text; a plain post is not")
    func relations() throws {
        let posts = """
            {"id": "r", "text": "A reply", "is_reply": true, "published": "2026-11-29T14:03:00Z"},
            {"id": "rt", "text": "A repost", "is_repost": true, "published": "2026-11-28T14:03:00Z"},
            \(Self.onePost.replacingOccurrences(of: "2026-11-29", with: "2026-11-27"))
            """
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
                                      "snapshots/jack.json": Self.snapshot("jack", posts: posts)])
        _ = try site.build()
        // Lines joined without their indentation: the partial's indentation is not what is tested.
        let page = try #require(site.read("output/jack/index.html")).split(separator: "\n").map { $0.trimmingSpaces }.joined()
        #expect(page.contains("<article class=\"post reply\" id=\"post-r\"><p class=\"post-kind\">Reply</p><p class=\"post-content\" dir=\"auto\">A reply</p>"))
        #expect(page.contains("<article class=\"post repost\" id=\"post-rt\"><p class=\"post-kind\">Repost</p><p class=\"post-content\" dir=\"auto\">A repost</p>"))
        #expect(page.contains("<article class=\"post\" id=\"post-1\"><p class=\"post-content\" dir=\"auto\">Hello</p>"))
        #expect(page.components(separatedBy: "class=\"post-kind\"").count - 1 == 2)
    }
}
