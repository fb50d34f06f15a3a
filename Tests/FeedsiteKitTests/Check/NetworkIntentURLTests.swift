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

    @Test("the default port and a trailing slash do not hide a compose URL from the checker, on any network", arguments: [
        "https://mastodon.social:443/share?", "https://mastodon.social/share/?", "http://mastodon.social:80/share?",
        "https://x.com:443/intent/tweet?", "https://twitter.com/intent/tweet/?", "https://bsky.app:443/intent/compose?", "https://bsky.app/intent/compose/?",
    ])
    func defaultPortAndSlash(_ base: String) throws {
        let inspection = try #require(IntentURLInspector().inspect(base + "text=" + String(repeating: "x", count: 800)))
        #expect(inspection.problems.map(\.rule) == [.tooLong])
        #expect(IntentURLInspector().inspect("https://mastodon.social:8443/share?text=a") == nil)
        #expect(IntentURLInspector().inspect("https://mastodon.social/share/more?text=a") == nil)
    }

    @Test("a fully-qualified host with a trailing dot does not hide a compose URL from the checker", arguments: [
        "https://x.com./intent/tweet?", "https://bsky.app./intent/compose?", "https://mastodon.social./share?", "https://twitter.com.:443/intent/tweet?",
    ])
    func trailingDot(_ base: String) throws {
        let inspection = try #require(IntentURLInspector().inspect(base + "text=" + String(repeating: "x", count: 800)))
        #expect(inspection.problems.map(\.rule) == [.tooLong])
        #expect(IntentURLInspector().inspect("https://x.com../intent/tweet?text=a") == nil)
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

extension NetworkIntentURLTests {
    /// Queries that break one rule on a compose URL's text (or its parameters), and the codes they get.
    static let textRules: [(query: String, codes: [String])] = [
        ("text=a%0Ab", []),
        ("text=a\nb", ["raw-newline"]),
        ("text=a\tb", ["raw-newline"]),
        ("text=a b", ["raw-space"]),
        ("text=café", ["raw-non-ascii"]),
        ("text=a<b", ["raw-unsafe-char"]),
        ("text=a|b", ["raw-unsafe-char"]),
        ("text=a#b", ["raw-hash"]),
        ("text=100%", ["invalid-percent-triplet"]),
        ("text=%zz", ["invalid-percent-triplet"]),
        ("text=%c3%a9", ["lowercase-hex"]),
        ("text=%7E", ["encoded-unreserved"]),
        ("text=a&amp;text=b", ["double-escaped-ampersand"]),
        ("text=Tom & Jerry", ["raw-ampersand", "raw-space"]),
        ("text=a&b", ["raw-ampersand"]),
        ("text=a&colour=red", ["unknown-parameter"]),
        ("text=a&text=b", ["repeated-parameter"]),
        ("text=a+b", ["ambiguous-plus"]),
        ("text=%FF", ["invalid-utf8"]),
        ("text=%2540", ["double-encoded-text"]),
        ("text=", ["empty-parameter"]),
        ("text", ["empty-parameter"]),
    ]

    @Test("every rule on a compose URL's text gives the same code on X's, Bluesky's and Mastodon's",
          arguments: [IntentURLInspectorTests.base, bluesky, mastodon], textRules)
    func sameRules(_ base: String, _ rule: (query: String, codes: [String])) {
        let problems = IntentURLInspector().inspect(base + rule.query)?.problems
        #expect(problems?.map(\.rule.rawValue).sorted() == rule.codes.sorted(), "\(base + rule.query)")
    }

    @Test("strict mode flags a reserved character left raw in the text on every network", arguments: [IntentURLInspectorTests.base, bluesky, mastodon])
    func strictOnEveryNetwork(_ base: String) {
        #expect(IntentURLInspector(strict: true).inspect(base + "text=a:b@c")?.problems.map(\.rule) == [.rawReservedChar])
        #expect(IntentURLInspector().inspect(base + "text=a:b@c")?.problems == [])
    }

    @Test("Mastodon's url parameter is checked as X's is", arguments: [
        ("url=https%3A%2F%2Fexample.com%2Fa%2520b", [String]()),
        ("url=https%253A%252F%252Fa.b", ["double-encoded", "invalid-url-param"]),
        ("url=ftp%3A%2F%2Fa", ["invalid-url-param"]),
        ("url=", ["empty-parameter", "invalid-url-param"]),
    ])
    func mastodonURL(_ query: String, _ codes: [String]) {
        let x = IntentURLInspector().inspect(IntentURLInspectorTests.base + query)?.problems.map(\.rule.rawValue).sorted()
        #expect(x == codes.sorted(), "X: \(query)")
        let mastodon = IntentURLInspector().inspect(Self.mastodon + "text=a&" + query)?.problems.map(\.rule.rawValue).sorted()
        #expect(mastodon == codes.sorted(), "Mastodon: \(query)")
    }

    @Test("too-long says the count and the limit as each network counts", arguments: [
        (IntentURLInspectorTests.base + "text=" + String(repeating: "a", count: 281), "281", "280"),
        (bluesky + "text=" + String(repeating: "%F0%9F%91%8D", count: 301), "301 graphemes", "300"),
        (mastodon + "text=" + String(repeating: "a", count: 478) + "%20https%3A%2F%2Fexample.com%2F" + String(repeating: "p", count: 200), "502", "500"),
    ])
    func tooLongMessages(_ url: String, _ count: String, _ limit: String) throws {
        let problem = try #require(IntentURLInspector().inspect(url)?.problems.first { $0.rule == .tooLong })
        #expect(problem.message.contains(" \(count) ") && problem.message.hasSuffix("limit is \(limit)"), "\(problem.message)")
    }
}
