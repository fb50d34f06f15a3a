import Testing
@testable import FeedsiteKit

@Suite struct NetworkIntentURLTests {
    static let bluesky = "https://bsky.app/intent/compose?"
    static let mastodon = "https://mastodon.social/share?"

    func codes(_ url: String, servers: Set<String> = Network.wellKnownMastodonServers) -> [String]? {
        IntentURLInspector(mastodonServers: servers).inspect(url).map { $0.problems.map(\.rule.rawValue).sorted() }
    }

    @Test("Bluesky and Mastodon compose URLs are recognised by host and path", arguments: [
        "https://bsky.app/intent/compose?text=a", "HTTPS://BSKY.APP/intent/compose", "//bsky.app/intent/compose?text=a",
        "https://mastodon.social/share?text=a", "https://Mastodon.Social/share", "https://mastodon.social/share#x",
    ])
    func recognised(_ url: String) {
        #expect(IntentURLInspector().inspect(url) != nil)
    }

    @Test("look-alikes and unknown servers are not compose URLs", arguments: [
        "https://bsky.app.example.net/intent/compose?text=a", "https://bsky.social/intent/compose?text=a",
        "https://example.com/share?text=a", "https://mastodon.social/shared?text=a", "https://mastodon.social/api/share?text=a",
        "https://mastodon.social.evil.example/share?text=a", "https://bsky.app/profile/a.bsky.social",
    ])
    func lookAlikes(_ url: String) {
        #expect(IntentURLInspector().inspect(url) == nil)
    }

    @Test("a Mastodon server the build names is recognised")
    func namedServer() {
        #expect(codes("https://social.example.org/share?text=a") == nil)
        #expect(codes("https://social.example.org/share?text=a", servers: ["social.example.org"]) == [])
    }

    @Test("the rules of X's intents hold for Bluesky's and Mastodon's, with their own parameters and limits", arguments: [
        (bluesky + "text=Hello%20world", [String]()),
        (bluesky + "text=Hello world", ["raw-space"]),
        (bluesky + "text=caf%c3%a9", ["lowercase-hex"]),
        (bluesky + "text=100%", ["invalid-percent-triplet"]),
        (bluesky + "text=a&b", ["raw-ampersand"]),
        (bluesky + "text=", ["empty-parameter"]),
        (bluesky + "text=a&text=b", ["repeated-parameter"]),
        (bluesky + "text=a&via=jack", ["unknown-parameter"]),
        (bluesky + "text=a&url=https%3A%2F%2Fa.b", ["unknown-parameter"]),
        ("https://bsky.app/intent/post?text=a", ["unknown-action"]),
        (bluesky + "text=%FF", ["invalid-utf8"]),
        // Bluesky counts 300 graphemes, links in full; a family emoji is one.
        (bluesky + "text=" + String(repeating: "a", count: 300), [String]()),
        (bluesky + "text=" + String(repeating: "a", count: 301), ["too-long"]),
        (bluesky + "text=" + String(repeating: "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7", count: 300), [String]()),
        (mastodon + "text=Hello%20world&url=https%3A%2F%2Fa.b&title=Hi", [String]()),
        (mastodon + "text=a&hashtags=b", ["unknown-parameter"]),
        (mastodon + "text=a&url=example.com", ["invalid-url-param"]),
        (mastodon + "text=a+b", ["ambiguous-plus"]),
        (mastodon + "text=a#b", ["raw-hash"]),
        // Mastodon: 500, a URL 23, a remote mention its user part.
        (mastodon + "text=" + String(repeating: "a", count: 500), [String]()),
        (mastodon + "text=" + String(repeating: "a", count: 501), ["too-long"]),
        (mastodon + "text=" + String(repeating: "a", count: 476) + "&url=https%3A%2F%2Fexample.com%2F" + String(repeating: "p", count: 100), [String]()),
        (mastodon + "text=" + String(repeating: "a", count: 477) + "&url=https%3A%2F%2Fexample.com", ["too-long"]),
        (mastodon + "text=%40alice%40mastodon.social%20" + String(repeating: "a", count: 493), [String]()),
        (mastodon + "text=%40alice%40mastodon.social%20" + String(repeating: "a", count: 494), ["too-long"]),
    ])
    func rule(_ url: String, _ expected: [String]) {
        #expect(codes(url) == expected.sorted(), "\(url.prefix(120))")
    }

    @Test("messages name the network, its parameters and its limit")
    func messages() throws {
        let unknown = try #require(IntentURLInspector().inspect(Self.bluesky + "text=a&via=jack"))
        #expect(unknown.problems.map(\.message) == ["'via' is not a parameter of Bluesky's intent/compose; it accepts text"])
        let long = try #require(IntentURLInspector().inspect(Self.mastodon + "text=" + String(repeating: "a", count: 501)))
        #expect(long.problems.map(\.message) == ["the post would be 501 characters as Mastodon counts them; Mastodon's limit is 500"])
        let repeated = try #require(IntentURLInspector().inspect(Self.bluesky + "text=a&text=b"))
        #expect(repeated.problems.map(\.message) == ["'text' is given 2 times; Bluesky uses only one of them"])
        let action = try #require(IntentURLInspector().inspect("https://bsky.app/intent/post?text=a"))
        #expect(action.problems.map(\.message) == ["'post' is not a known Bluesky intent action; expected compose"])
    }

    @Test("a fixable Bluesky URL gets a suggestion")
    func suggestion() {
        #expect(IntentURLInspector().inspect(Self.bluesky + "text=Hello world")?.suggestion == Self.bluesky + "text=Hello%20world")
    }

    @Test("the checker finds Bluesky and Mastodon compose links in pages, with file, line and column")
    func pages() {
        let html = "<p>\n<a href=\"https://bsky.app/intent/compose?text=a b\">x</a> <a href=\"https://social.example.org/share?text=\">y</a>"
        let page = LinkChecker.Page(path: "a.html", bytes: Array(html.utf8))
        let report = LinkChecker(mastodonServers: ["social.example.org"]).check(pages: [page], existingFiles: ["a.html"])
        #expect(report.findings.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" } == ["2:10 raw-space", "2:67 empty-parameter"])
        #expect(report.intentURLs == 2)
    }
}

extension NetworkIntentURLTests {
    @Test("a relative link whose path holds /share or /intent/ is still checked as a link", arguments: ["docs/share/missing.html", "a/intent/missing.html"])
    func relativeLinks(_ link: String) {
        let page = LinkChecker.Page(path: "a.html", bytes: Array("<a href=\"\(link)\">x</a>".utf8))
        let report = LinkChecker().check(pages: [page], existingFiles: ["a.html"])
        #expect(report.findings.map(\.rule) == [.brokenLink])
    }
}
