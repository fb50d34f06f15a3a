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
        #expect(x.contains("twitter-timeline") && x.contains("data-feedsite-timeline") && x.contains("Open profile on X"))
        for page in [bluesky, mastodon] {
            #expect(!page.contains("twitter-timeline") && !page.contains("data-feedsite-timeline") && !page.contains("platform.twitter.com"))
        }
        #expect(bluesky.contains("href=\"https://bsky.app/intent/compose?text=%40alice.bsky.social%20\""))
        #expect(bluesky.contains("href=\"https://bsky.app/profile/alice.bsky.social\"") && bluesky.contains("Open profile on Bluesky"))
        #expect(mastodon.contains("href=\"https://mastodon.social/share?text=Hello%20https%3A%2F%2Fexample.com%2F%20%23news\""))
        #expect(mastodon.contains("href=\"https://mastodon.social/@alice\"") && mastodon.contains("Open profile on Mastodon"))
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("<span class=\"handle\">@jack</span></a>"))
        #expect(index.contains("<span class=\"handle\">@alice.bsky.social</span> <span class=\"network\">Bluesky</span></a>"))
        #expect(index.contains("<span class=\"handle\">@alice@mastodon.social</span> <span class=\"network\">Mastodon</span></a>"))
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
