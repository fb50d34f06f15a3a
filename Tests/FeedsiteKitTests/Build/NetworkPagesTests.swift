import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

@Suite struct NetworkPagesTests {
    @Test("accounts on three networks get their own pages; only X's shows the timeline widget")
    func pages() throws {
        let site = try TemporarySite(["site.yml": NetworkConfigTests.yaml])
        let result = try site.build()
        #expect(result.accounts == 3)
        #expect(result.summary.hasSuffix("3 intent URLs checked, no problems"))
        let x = try #require(site.read("output/jack/index.html"))
        let bluesky = try #require(site.read("output/alice.bsky.social/index.html"))
        let mastodon = try #require(site.read("output/alice@mastodon.social/index.html"))
        #expect(x.contains("twitter-timeline") && x.contains("data-feedsite-timeline") && x.contains("View on X"))
        for page in [bluesky, mastodon] {
            #expect(!page.contains("twitter-timeline") && !page.contains("data-feedsite-timeline") && !page.contains("platform.twitter.com"))
        }
        #expect(bluesky.contains("href=\"https://bsky.app/intent/compose?text=%40alice.bsky.social%20\""))
        #expect(bluesky.contains("href=\"https://bsky.app/profile/alice.bsky.social\"") && bluesky.contains("View on Bluesky"))
        #expect(mastodon.contains("href=\"https://mastodon.social/share?text=Hello%20https%3A%2F%2Fexample.com%2F%20%23news\""))
        #expect(mastodon.contains("href=\"https://mastodon.social/@alice\"") && mastodon.contains("View on Mastodon"))
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("<span class=\"handle\">@jack</span> <span class=\"network\">on X</span></a>"))
        #expect(index.contains("<span class=\"handle\">@alice.bsky.social</span> <span class=\"network\">on Bluesky</span></a>"))
        #expect(index.contains("<span class=\"handle\">@alice@mastodon.social</span> <span class=\"network\">on Mastodon</span></a>"))
    }

    @Test("the footer of a Bluesky or Mastodon page says nothing of X; an X page's footer still names X's timeline")
    func footers() throws {
        let site = try TemporarySite(["site.yml": NetworkConfigTests.yaml, "snapshots/alice.bsky.social.json": Self.snapshot("alice.bsky.social")])
        _ = try site.build()
        func footer(_ path: String) throws -> String {
            let page = try #require(site.read(path))
            return String(try #require(page.split(separator: "<footer").last).prefix { $0 != "/" })
        }
        #expect(try footer("output/jack/index.html").contains("Posts are shown by X and stay on X."))
        #expect(try footer("output/alice.bsky.social/index.html").contains("Posts are copied from the account's feed.<"))
        for path in ["output/alice.bsky.social/index.html", "output/alice@mastodon.social/index.html", "output/index.html"] {
            #expect(try !footer(path).contains(" X"), "\(path)")
        }
    }

    /// A snapshot of one post for the account `handle`.
    static func snapshot(_ handle: String) -> String {
        """
        {"format": 1, "handle": "\(handle)", "fetch": {"source": "feed.xml", "fetched_at": "2026-11-30T10:00:00Z"},
         "posts": [{"id": "1", "url": "https://example.com/1", "text": "Hello", "published": "2026-11-29T14:03:00Z", "media": []}]}
        """
    }

    @Test("a Mastodon compose URL on the account's own server is checked by the build")
    func checkedOnOwnServer() throws {
        let site = try TemporarySite(["site.yml": """
            title: T
            accounts:
              - handle: bob@social.example.org
                network: mastodon
            """, "templates/account.html": "<a href=\"https://social.example.org/share?text=a b\">x</a>"])
        #expect(throws: BuildCheckFailure.self) { try site.build() }
    }
}
