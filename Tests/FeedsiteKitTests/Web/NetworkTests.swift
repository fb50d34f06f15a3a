import Testing
@testable import FeedsiteKit

@Suite struct NetworkTests {
    @Test("valid handles per network", arguments: [
        (Network.x, "jack_1"), (.bluesky, "alice.bsky.social"), (.bluesky, "example.com"), (.bluesky, "4chan.org"),
        (.bluesky, "xn--bcher-kva.example.de"), (.mastodon, "alice@mastodon.social"), (.mastodon, "Gargron@mastodon.social"),
        (.mastodon, "a.b-c_d@social.example.org"),
    ])
    func validHandle(_ network: Network, _ handle: String) {
        #expect(network.handleProblem(in: handle) == nil)
    }

    @Test("invalid handles say why, and where when one character is at fault", arguments: [
        (Network.bluesky, "", "a Bluesky handle must not be empty", nil as Int?),
        (.bluesky, "@alice.bsky.social", "starts with '@'", nil),
        (.bluesky, "alice", "it has no '.'", nil),
        (.bluesky, "alice..bsky.social", "empty part", nil),
        (.bluesky, "alice.bsky.social.", "empty part", nil),
        (.bluesky, "-alice.bsky.social", "starts or ends with '-'", nil),
        (.bluesky, "alice.bsky.1social", "does not start with a digit", nil),
        (.bluesky, "al_ice.bsky.social", "'_'", 2),
        (.bluesky, "bücher.example", "'ü'", 1),
        (.bluesky, String(repeating: "a", count: 64) + ".com", "longer than 63", nil),
        (.bluesky, String(repeating: "a.", count: 127) + "com", "has 257 characters", nil),
        (.bluesky, "laptop.local", "reserved domain", nil),
        (.mastodon, "", "must not be empty", nil),
        (.mastodon, "@alice@mastodon.social", "starts with '@'", nil),
        (.mastodon, "alice", "has no server", nil),
        (.mastodon, "al ice@mastodon.social", "a space", 2),
        (.mastodon, ".alice@mastodon.social", "'.'", 0),
        (.mastodon, "alice@mastodon", "it has no '.'", nil),
        (.mastodon, "alice@mastodon.soc!al", "'!'", 18),
        (.mastodon, "alice@a@b.org", "'@'", 7),
        (.x, "alice.bsky.social", "contains '.'", 5),
    ])
    func invalidHandle(_ network: Network, _ handle: String, _ words: String, _ offset: Int?) throws {
        let problem = try #require(network.handleProblem(in: handle))
        #expect(problem.message.contains(words), "\(problem.message)")
        #expect(problem.offset == offset)
    }

    @Test("a handle of another network gets a hint naming it, to add or change network", arguments: [
        (Network.x, "alice@mastodon.social", "'alice@mastodon.social' looks like a Mastodon handle: add `network: mastodon`"),
        (.x, "@alice@mastodon.social", "'@alice@mastodon.social' looks like a Mastodon handle: write `handle: alice@mastodon.social` and add `network: mastodon`"),
        (.x, "alice.bsky.social", "'alice.bsky.social' looks like a Bluesky handle: add `network: bluesky`"),
        (.bluesky, "alice@mastodon.social", "'alice@mastodon.social' looks like a Mastodon handle: change `network: bluesky` to `network: mastodon`"),
        (.bluesky, "jack", "a Bluesky handle is a domain name, such as jack.bsky.social; "
            + "or, if it is an X account: 'jack' looks like an X handle: remove `network: bluesky` (or write `network: x`)"),
        (.mastodon, "jack", "write it as user@server, such as alice@mastodon.social; "
            + "or, if it is an X account: 'jack' looks like an X handle: remove `network: mastodon` (or write `network: x`)"),
        (.mastodon, "alice.bsky.social", "'alice.bsky.social' looks like a Bluesky handle: change `network: mastodon` to `network: bluesky`"),
    ])
    func lookalike(_ network: Network, _ handle: String, _ hint: String) {
        // An X account's network is X when nothing sets it; the others set theirs.
        #expect(network.handleProblem(in: handle, networkFrom: network == .x ? .builtIn : .account)?.hint == hint)
    }

    @Test("profile URLs, default feeds and link words per network")
    func urls() {
        #expect(Network.x.profileURL(handle: "jack") == "https://twitter.com/jack")
        #expect(Network.bluesky.profileURL(handle: "alice.bsky.social") == "https://bsky.app/profile/alice.bsky.social")
        #expect(Network.mastodon.profileURL(handle: "alice@mastodon.social") == "https://mastodon.social/@alice")
        #expect(Network.x.defaultFeed(handle: "jack") == nil)
        #expect(Network.bluesky.defaultFeed(handle: "alice.bsky.social") == "https://bsky.app/profile/alice.bsky.social/rss")
        #expect(Network.mastodon.defaultFeed(handle: "alice@mastodon.social") == "https://mastodon.social/@alice.rss")
        #expect(Network.allCases.map(\.linkText) == ["View on X", "View on Bluesky", "View on Mastodon"])
        #expect(Network.allCases.map(\.postLimit) == [280, 300, 500])
        #expect(Network.allCases.map(\.hasTimelineWidget) == [true, false, false])
    }

    @Test("compose URLs: X keeps its parameters, Bluesky and Mastodon fold url and hashtags into the text")
    func composeURLs() {
        let compose = ComposeOptions(text: "Hi & bye", url: "https://example.com/a?b=1", hashtags: ["swift", "ios"], via: "jack")
        #expect(Network.x.composeURL(compose, handle: "jack", intentHost: .x) == IntentURL.compose(compose, host: .x))
        #expect(Network.bluesky.composeURL(compose, handle: "alice.bsky.social", intentHost: .x)
            == "https://bsky.app/intent/compose?text=Hi%20%26%20bye%20https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%20%23swift%20%23ios")
        #expect(Network.mastodon.composeURL(ComposeOptions(text: "@alice@mastodon.social "), handle: "alice@mastodon.social", intentHost: .twitter)
            == "https://mastodon.social/share?text=%40alice%40mastodon.social%20")
        #expect(Network.bluesky.composeURL(ComposeOptions(), handle: "a.bsky.social", intentHost: .x) == "https://bsky.app/intent/compose")
        #expect(Network.mastodon.composeURL(ComposeOptions(text: ""), handle: "a@b.org", intentHost: .x) == "https://b.org/share")
    }

    @Test("a text that ends in a space or a line break is not given a second one before the folded url and hashtags", arguments: [
        (ComposeOptions(text: "@a@b.org ", hashtags: ["news"]), "@a@b.org #news"),
        (ComposeOptions(text: "Read this:\n", url: "https://example.com/", hashtags: ["news"]), "Read this:\nhttps://example.com/ #news"),
        (ComposeOptions(url: "https://example.com/", hashtags: ["news"]), "https://example.com/ #news"),
        (ComposeOptions(text: "@a@b.org "), "@a@b.org "),
    ])
    func foldedSpacing(_ compose: ComposeOptions, _ expected: String) {
        #expect(Network.foldedText(compose) == expected)
        #expect(Network.mastodon.composeURL(compose, handle: "a@b.org", intentHost: .x) == "https://b.org/share?text=" + PercentEncoding.encode(expected))
    }

    @Test("Bluesky counts graphemes", arguments: [
        ("hello", 5), ("cafe\u{301}", 4), ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 1), ("🇫🇷🇩🇪", 2), ("中文", 2),
        // Links count in full.
        ("https://example.com", 19),
    ])
    func bluesky(_ text: String, _ expected: Int) {
        #expect(Network.bluesky.postLength(of: text) == expected)
    }

    @Test("Mastodon counts graphemes, a URL with scheme as 23 and a remote mention as its user part", arguments: [
        ("hello", 5), ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 1), ("中文", 2),
        ("https://example.com/a/very/long/path/indeed", 23), ("see https://example.com.", 4 + 23 + 1),
        // Without a scheme Mastodon sees no link.
        ("example.com", 11),
        // '@alice@mastodon.social' counts as '@alice'; a local mention counts as written.
        ("Hi @alice@mastodon.social!", 3 + 6 + 1), ("Hi @alice", 9),
        // An e-mail address is not a mention: '@' after a letter.
        ("bob@example.com", 15),
        // The user name may not end with '.': '@bob' stays, '.@x.org' is text.
        ("@bob.@x.org", 11),
    ])
    func mastodon(_ text: String, _ expected: Int) {
        #expect(Network.mastodon.postLength(of: text) == expected, "\(text)")
    }

    @Test("the length of a composed post per network")
    func composedLength() {
        let compose = ComposeOptions(text: "Hi", url: "https://example.com/a/long/path", hashtags: ["a", "bc"], via: "jack")
        // X: "Hi" 2, url 23, "#a" 2, "#bc" 3, "via @jack" 9, four spaces.
        #expect(Network.x.composedLength(compose) == 2 + 23 + 2 + 3 + 9 + 4)
        // Bluesky: "Hi https://example.com/a/long/path #a #bc", every grapheme.
        #expect(Network.bluesky.composedLength(compose) == 2 + 1 + 31 + 1 + 2 + 1 + 3)
        // Mastodon: the URL counts 23.
        #expect(Network.mastodon.composedLength(compose) == 2 + 1 + 23 + 1 + 2 + 1 + 3)
        #expect(Network.x.composedLength(ComposeOptions()) == 0)
    }
}
