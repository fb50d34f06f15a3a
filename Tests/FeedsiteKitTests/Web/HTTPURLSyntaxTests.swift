import Testing
@testable import FeedsiteKit

@Suite struct HTTPURLSyntaxTests {
    @Test("absolute http and https URLs with a host pass, the scheme in any case", arguments: [
        "https://example.com", "http://example.com/a?b=c#d", "HTTPS://Example.com/", "HtTp://x", "https://user@host:8080/p",
        "https://[::1]/", "https://例え.jp/パス",
    ])
    func accepted(_ url: String) {
        #expect(HTTPURLSyntax.problem(in: url) == nil)
    }

    @Test("other schemes, missing hosts and white space are refused", arguments: [
        ("ftp://example.com", HTTPURLSyntax.Problem.notHTTP(scheme: "ftp")),
        ("httpx://example.com", .notHTTP(scheme: "httpx")),
        ("https:/example.com", .notHTTP(scheme: "https")),
        ("http//example.com", .notHTTP(scheme: nil)),
        ("example.com/page", .notHTTP(scheme: nil)),
        ("", .notHTTP(scheme: nil)),
        ("https://", .missingHost),
        ("https:///path", .missingHost),
        ("https://user@:80/", .missingHost),
        ("https://exa mple.com", .whitespace),
        ("https://example.com/\u{3000}x", .whitespace),
    ] as [(String, HTTPURLSyntax.Problem)])
    func refused(_ url: String, _ problem: HTTPURLSyntax.Problem) {
        #expect(HTTPURLSyntax.problem(in: url) == problem)
    }
}

extension HTTPURLSyntaxTests {
    @Test("no message about a URL shows its user information: a password or token becomes ***", arguments: [
        "feed: \"https://user:pa55word@/x\"", "feed: \"http://user:pa55word@exa mple.com/x\"", "base_url: \"https://pa55word@/\"",
    ])
    func secretsRedacted(line: String) {
        let yaml = line.hasPrefix("feed") ? "title: T\naccounts:\n  - handle: a\n    \(line)\n" : "title: T\n\(line)\naccounts:\n  - handle: a\n"
        let diagnostics = ConfigFixture.diagnostics(yaml)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { !$0.message.contains("pa55word") && !($0.hint ?? "").contains("pa55word") })
        #expect(HTTPURLSyntax.redacted("https://token@example.com/x?y=1") == "https://***@example.com/x?y=1")
    }
}
