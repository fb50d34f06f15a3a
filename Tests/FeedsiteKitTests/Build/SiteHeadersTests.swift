import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

/// `_headers` in few rules: the pages that allow the most share `/*`, and only the others get rules of
/// their own, so a large site stays under the 100 rules Cloudflare Pages reads, or is warned about.
@Suite struct SiteHeadersTests {
    /// A site of `x` X accounts and `bluesky` Bluesky accounts, built.
    static func built(x: Int, bluesky: Int) throws -> (site: TemporarySite, result: BuildResult) {
        let accounts = (0..<x).map { "  - handle: x\($0)\n" }.joined()
            + (0..<bluesky).map { "  - handle: b\($0).bsky.social\n    network: bluesky\n" }.joined()
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n" + accounts])
        return (site, try site.build())
    }

    /// The policy in a built page's meta tag, with the `frame-ancestors` only a header can carry.
    static func header(_ site: TemporarySite, _ path: String) throws -> String {
        (try ContentSecurityPolicyTests.meta(site, path)) + "; frame-ancestors 'self'"
    }

    @Test("a site of 200 X accounts has 6 rules, not 400: every account page's policy is the site-wide one, and each page is sent its own")
    func manyXAccounts() throws {
        let (site, result) = try Self.built(x: 200, bluesky: 0)
        #expect(result.warnings.isEmpty)
        let file = try #require(site.read("output/_headers"))
        let rules = file.split(separator: "\n").filter { $0.hasPrefix("/") }
        #expect(rules == ["/*", "/404.html", "/", "/index.html", "/latest/", "/latest/index.html"])
        let headers = SiteHeaders.read(outputFolder: site.path + "/output")
        #expect(headers.fallback == (try Self.header(site, "x0/index.html")))
        for path in ["index.html", "404.html", "latest/index.html", "x0/index.html", "x199/index.html"] {
            #expect(headers.headers(for: path).first { $0.name == "Content-Security-Policy" }?.value == (try Self.header(site, path)), "\(path)")
        }
    }

    @Test("200 accounts of which 100 on Bluesky need more than 100 rules: the build warns at accounts:, and writes every rule")
    func tooManyRules() throws {
        let (site, result) = try Self.built(x: 100, bluesky: 100)
        let rules = try #require(site.read("output/_headers")).split(separator: "\n").filter { $0.hasPrefix("/") }
        #expect(rules.count == 206, "/*, two addresses for each Bluesky page, and the index, the river and the 404 page")
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(file: site.path + "/site.yml", line: 3, column: 3))
        #expect(warning.message.hasPrefix("_headers has 206 rules, more than the 100 that Cloudflare Pages reads"))
        #expect(warning.hint?.contains("Bluesky and Mastodon accounts") == true)
        // Not recorded as a clean build: the next one says it again rather than finding the output up to date.
        #expect(try site.build().warnings.count == 1)
    }

    @Test("a site of X accounts below the limit, or of Bluesky accounts alone (all of one policy), is not warned about", arguments: [(60, 0), (0, 200)])
    func noWarning(x: Int, bluesky: Int) throws {
        let (site, result) = try Self.built(x: x, bluesky: bluesky)
        #expect(result.warnings.isEmpty)
        #expect(try #require(site.read("output/_headers")).split(separator: "\n").filter { $0.hasPrefix("/") }.count < 10)
    }
}
