import Testing
@testable import FeedsiteKit

/// `feed:` in site.yml: an http(s) URL or a file path, each mistake at its place in the value.
@Suite struct FeedValidationTests {
    /// `feed: value` in the one account (line 4, the value at column 11).
    static func account(_ value: String) -> String {
        ConfigFixture.site(accounts: "  - handle: a\n    feed: \(value)")
    }

    static let cases: [BrokenConfig] = [
        BrokenConfig(name: "a javascript: URL", yaml: account("javascript:alert(1)"), line: 4, column: 11,
                     message: "'feed' must be an http or https URL or a file path, found a 'javascript:' URL",
                     hint: "write https://… or a path relative to site.yml; a file whose name has a ':' is written ./javascript:alert(1)"),
        BrokenConfig(name: "a data: URL", yaml: account("data:text/xml,<rss/>"), line: 4, column: 11,
                     message: "'feed' must be an http or https URL or a file path, found a 'data:' URL"),
        BrokenConfig(name: "a file: URL", yaml: account("file:///srv/feeds/a.xml"), line: 4, column: 11,
                     message: "'feed' must be an http or https URL or a file path, found a 'file:' URL"),
        BrokenConfig(name: "a javascript: URL in defaults", yaml: ConfigFixture.site(extra: "defaults:\n  feed: JavaScript:x\n"), line: 3, column: 9,
                     message: "'feed' must be an http or https URL or a file path, found a 'JavaScript:' URL"),
        BrokenConfig(name: "http: without //", yaml: account("http:example.com/a.rss"), line: 4, column: 16,
                     message: "'feed' has no '//' after 'http:'", hint: "write it as http://host/path"),
        BrokenConfig(name: "a port out of range", yaml: account("https://example.com:99999/a.rss"), line: 4, column: 31,
                     message: "'feed' has the port '99999'; a port is a number from 1 to 65535"),
        BrokenConfig(name: "port 0", yaml: account("https://example.com:0/{handle}.rss"), line: 4, column: 31,
                     message: "'feed' has the port '0'; a port is a number from 1 to 65535"),
        BrokenConfig(name: "a port that is not a number", yaml: account("https://example.com:http/a.rss"), line: 4, column: 31,
                     message: "'feed' has the port 'http'; a port is a number from 1 to 65535"),
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
        let diagnostics: [Diagnostic]
        do {
            _ = try SiteConfigLoader.decode(Array(broken.yaml.utf8), file: "site.yml", siteFolder: "/site")
            Issue.record("expected an error for \(broken.name)")
            return
        } catch {
            diagnostics = error.diagnostics
        }
        let first = try #require(diagnostics.first { $0.message.contains(broken.message) },
                                 "no diagnostic contains \"\(broken.message)\"; got \(diagnostics.map(\.description))")
        #expect(first.location == SourceLocation(file: "site.yml", line: broken.line, column: broken.column))
        if let hint = broken.hint { #expect(first.hint == hint) }
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
