import Testing
@testable import FeedsiteKit

/// `feed:` in site.yml: an http(s) URL or a file path, each mistake at its place in the value.
@Suite struct FeedValidationTests {
    /// `feed: value` in the one account (line 4, the value at column 11).
    static func account(_ value: String) -> String {
        ConfigFixture.site(accounts: "  - handle: a\n    feed: \(value)")
    }

    static let cases: [BrokenConfig] = [("javascript:alert(1)", "javascript"), ("data:text/xml,<rss/>", "data"), ("file:///srv/a.xml", "file")].map {
        BrokenConfig(name: "a \($1): URL", yaml: account($0), line: 4, column: 11,
                     message: "'feed' must be an http or https URL or a file path, found a '\($1):' URL",
                     hint: "write https://… or a path relative to site.yml; a file whose name has a ':' is written ./\($0)")
    } + ["99999", "0", "http", "8080x"].map {
        BrokenConfig(name: "the port '\($0)'", yaml: account("https://example.com:\($0)/{handle}.rss"), line: 4, column: 31,
                     message: "'feed' has the port '\($0)'; a port is a number from 1 to 65535")
    } + [
        BrokenConfig(name: "a javascript: URL in defaults", yaml: ConfigFixture.site(extra: "defaults:\n  feed: JavaScript:x\n"), line: 3, column: 9,
                     message: "'feed' must be an http or https URL or a file path, found a 'JavaScript:' URL"),
        BrokenConfig(name: "http: without //", yaml: account("http:example.com/a.rss"), line: 4, column: 16,
                     message: "'feed' has no '//' after 'http:'", hint: "write it as http://host/path"),
        BrokenConfig(name: "an empty host", yaml: account("https:///a.rss"), line: 4, column: 19,
                     message: "'feed' has no host name: 'https:///a.rss'"),
        BrokenConfig(name: "an empty host before a port", yaml: account("https://:8080/a.rss"), line: 4, column: 19,
                     message: "'feed' has no host name: 'https://:8080/a.rss'"),
        BrokenConfig(name: "{handle} as the scheme", yaml: account("'{handle}://x.example/a.rss'"), line: 4, column: 12,
                     message: "'{handle}' cannot stand in the scheme of 'feed'"),
        BrokenConfig(name: "{handle} in the host", yaml: ConfigFixture.site(extra: "defaults:\n  feed: https://{handle}.example/rss\n"), line: 3, column: 17,
                     message: "'{handle}' cannot stand in the host or port of 'feed'",
                     hint: "the host and port are the same for every account: put {handle} in the path, as https://bridge.example/{handle}.rss"),
        BrokenConfig(name: "{handle} as the port", yaml: account("https://example.com:{handle}/a.rss"), line: 4, column: 31,
                     message: "'{handle}' cannot stand in the host or port of 'feed'"),
        BrokenConfig(name: "a path starting with ~", yaml: account("~/feeds/a.xml"), line: 4, column: 11,
                     message: "'feed' starts with '~', which feedsite does not expand",
                     hint: "write the full path (/home/you/feeds/a.xml) or a path relative to site.yml"),
    ]

    @Test("each broken feed is reported at its place in the value with what was expected", arguments: cases)
    func brokenFeed(_ broken: BrokenConfig) throws {
        try SiteConfigErrorTests().brokenConfiguration(broken)
    }

    @Test("absolute paths, paths with .. and file names with a colon after a folder or ./ are files: feeds are only read",
          arguments: [("/srv/feeds/a.xml", "/srv/feeds/a.xml"), ("../shared/feeds/a.xml", "/shared/feeds/a.xml"),
                      ("./javascript:x", "/site/javascript:x"), ("feeds/a:b.xml", "/site/feeds/a:b.xml"),
                      ("https://example.com:8443/~{handle}/feed", nil)])
    func acceptedPaths(_ value: String, _ file: String?) throws {
        let config = try ConfigFixture.config(Self.account(value))
        let expected = file.map(FeedSource.file) ?? .url(value.replacing("{handle}", with: "a"))
        #expect(config.accounts[0].feedSource(siteFolder: "/site") == expected)
    }
}
