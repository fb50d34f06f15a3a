import Testing
@testable import FeedsiteKit

@Suite struct NetworkIntentURLTests {
    static let bluesky = "https://bsky.app/intent/compose?"
    static let mastodon = "https://mastodon.social/share?"

    @Test("a Mastodon server the build names is recognised")
    func namedServer() {
        #expect(IntentURLInspector().inspect("https://social.example.org/share?text=a") == nil)
        #expect(IntentURLInspector(mastodonServers: ["social.example.org"]).inspect("https://social.example.org/share?text=a")?.problems == [])
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
