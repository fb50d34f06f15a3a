import Testing
@testable import FeedsiteKit

@Suite struct FeedOptionTests {
    @Test("a feed pattern in defaults is filled in per account, an account's own feed wins and 'none' opts out")
    func feedPatternAndOptOut() throws {
        let config = try ConfigFixture.config("""
            title: T
            defaults:
              feed: https://bridge.example/{handle}.rss
            accounts:
              - handle: Jack
              - handle: bob
                feed: feeds/{handle}.xml
              - handle: quiet
                feed: none
            """)
        let accounts = config.accounts
        #expect(accounts[0].feed == "https://bridge.example/Jack.rss")
        #expect(accounts[0].feedSource(siteFolder: "/site") == .url("https://bridge.example/Jack.rss"))
        #expect(accounts[1].feed == "feeds/bob.xml")
        #expect(accounts[1].feedSource(siteFolder: "/site") == .file("/site/feeds/bob.xml"))
        #expect(accounts[2].feed == nil)
        #expect(accounts[2].feedSource(siteFolder: "/site") == nil)
        #expect(accounts.map(\.hasFeed) == accounts.map { $0.feed != nil })
    }

    @Test("posts defaults to 20 and snapshots to the snapshots folder beside site.yml")
    func defaults() throws {
        let config = try ConfigFixture.config(ConfigFixture.site(accounts: "  - handle: a\n  - handle: b\n    posts: 5"))
        #expect(config.accounts[0].feed == nil)
        #expect(config.accounts[0].postLimit == 20)
        #expect(config.accounts[1].postLimit == 5)
        #expect(config.snapshotsFolder == "/site/snapshots")
        let moved = try ConfigFixture.config(ConfigFixture.site(extra: "snapshots: state/posts\n"))
        #expect(moved.snapshotsFolder == "/site/state/posts")
    }
}
