import Testing
@testable import FeedsiteKit

/// `FeedSource.isPlainHTTPURL`, which lets the common feed URL skip the checks by characters.
@Suite struct PlainFeedURLTests {
    @Test("the usual feed URLs are plain, and anything with a user, port, odd host, space, non-ASCII byte or other placeholder is not",
          arguments: [("https://feeds.example.com/user000001.xml", true), ("http://a.b/{handle}.rss", true),
                      ("https://bridge.example/{handle}?f=rss&x=%41#top", true), ("https://example.com", true),
                      ("https://example.com/~{handle}/feed", true), ("https://example.com/{handle}{handle}", true),
                      ("HTTPS://example.com/a", false), ("https://user@example.com/a", false), ("https://example.com:8443/a", false),
                      ("https://[::1]/a", false), ("https:///a", false), ("https://{handle}.example/a", false),
                      ("https://example.com/a b", false), ("https://example.com/é", false), ("https://example.com/{name}", false),
                      ("https://example.com/{hand", false), ("https://exa_mple.com/a", false), ("https:/example.com", false),
                      ("ftp://example.com/a", false), ("feeds/a.xml", false), ("https://example.com\\a", false)])
    func recognised(_ url: String, _ plain: Bool) {
        #expect(FeedSource.isPlainHTTPURL(url) == plain)
    }

    @Test("every generated feed recognised as plain passes all of the checks of feed: unchanged")
    func plainFeedsPassEveryCheck() throws {
        var generator = PieceGenerator(seed: 22)
        let feeds = (0..<20_000).map { _ in generator.feed() }.filter(FeedSource.isPlainHTTPURL)
        // Not a vacuous comparison: a good share of the inputs take the fast path.
        #expect(feeds.count > 500)
        let lines = feeds.enumerated().map { "  - handle: u\($0.offset)\n    feed: '\($0.element.replacing("'", with: "''"))'" }
        let bytes = Array(ConfigFixture.site(accounts: lines.joined(separator: "\n")).utf8)
        let root = try YAMLReader(file: "site.yml").read(bytes)
        var decoder = SiteConfigDecoder(file: "site.yml", source: bytes)
        decoder.checksFeedsInFull = true
        let config = decoder.decode(root, siteFolder: "/site") { SiteFolders.resolve($0, in: "/site") }
        #expect(decoder.fields.diagnostics.diagnostics.isEmpty)
        let sources = config?.accounts.map { $0.feedSource(siteFolder: "/site") } ?? []
        let expected: [FeedSource?] = feeds.enumerated().map { FeedSource.url($0.element.replacing("{handle}", with: "u\($0.offset)")) }
        #expect(sources == expected)
    }
}

/// Feed values made of pieces near the edges of what a plain URL is, from a fixed seed.
private struct PieceGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    static let schemes = ["https://", "http://", "https://", "HTTP://", "http:/", "ftp://", "https:", ""]
    static let hosts = ["example.com", "feeds.example.com", "a-b.c", "", "x@y", ":8080", "[::1]", "{handle}", "é", " ", "x_y", "1.2.3.4", "A.B"]
    static let rests = ["/", "?", "#", "{handle}", "{hand", "}", "%zz", "%20", "\\", "~", "a", "é", " ", "'", "\"", "{x}", "..",
                        "/{handle}.xml", ".rss", "&x=1", ":", "@", "\t", "\u{7F}", "[", "]", "|", "^", "`"]

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func pick(_ pieces: [String]) -> String {
        pieces[next(pieces.count)]
    }

    mutating func feed() -> String {
        var feed = pick(Self.schemes) + pick(Self.hosts)
        if next(4) == 0 { feed += pick(Self.hosts) }
        for _ in 0..<next(6) { feed += pick(Self.rests) }
        return feed
    }
}
