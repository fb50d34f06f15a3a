import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

/// Each page's Content Security Policy: in its meta tag, in `_headers`, as strict as the page allows.
@Suite struct ContentSecurityPolicyTests {
    static let yaml = """
        title: T
        accounts:
          - handle: hot
            feed: feeds/hot.xml
            media: hotlink
          - handle: linked
            feed: feeds/linked.xml
        """

    /// A site with a hotlinking account and a linking one, both with images from other hosts, built.
    static func built() throws -> TemporarySite {
        let image = { (url: String) in "\"media\": [{\"url\": \(RiverFixture.json(url)), \"type\": \"image/png\", \"alt\": \"a\"}]" }
        let site = try TemporarySite([
            "site.yml": yaml,
            "snapshots/hot.json": RiverFixture.snapshot("hot", [
                RiverFixture.post("h1", "One", published: "2026-11-01T10:00:00Z", extra: image("https://img.example/a.png")),
                RiverFixture.post("h2", "Two", published: "2026-11-02T10:00:00Z", extra: image("HTTP://Other.example:8080/b.png?x=1")),
                RiverFixture.post("h3", "Three", published: "2026-11-03T10:00:00Z", extra: image("https://a.example;script-src=x/c.png")),
            ]),
            "snapshots/linked.json": RiverFixture.snapshot("linked", [
                RiverFixture.post("l1", "Linked", published: "2026-11-04T10:00:00Z", extra: image("https://linked.example/d.png")),
            ]),
        ])
        _ = try site.build()
        return site
    }

    /// The policy in a built page's meta tag, its character references decoded.
    static func meta(_ site: TemporarySite, _ path: String) throws -> String {
        let page = try #require(site.read("output/" + path))
        let start = try #require(page.range(of: "<meta http-equiv=\"Content-Security-Policy\" content=\""))
        let end = try #require(page[start.upperBound...].firstIndex(of: "\""))
        return page[start.upperBound..<end].replacingOccurrences(of: "&#39;", with: "'")
    }

    static let base = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'"
    static let closing = "object-src 'none'; base-uri 'none'; form-action 'none'"
    static let widget = "default-src 'none'; script-src 'self' https://platform.twitter.com; style-src 'self'"
    static let frames = "frame-src https://platform.twitter.com https://syndication.twitter.com"

    @Test("pages without X's widget allow no other host; account pages allow X's script and frames and their own hotlinked images")
    func metaPerPage() throws {
        let site = try Self.built()
        #expect(try Self.meta(site, "index.html") == Self.base + "; " + Self.closing)
        #expect(try Self.meta(site, "404.html") == Self.base + "; " + Self.closing)
        #expect(try Self.meta(site, "hot/index.html")
                == Self.widget + "; img-src 'self' http://other.example:8080 https://img.example; " + Self.frames + "; " + Self.closing)
        #expect(try Self.meta(site, "linked/index.html") == Self.widget + "; img-src 'self'; " + Self.frames + "; " + Self.closing)
        #expect(try Self.meta(site, "latest/index.html")
                == Self.base + " http://other.example:8080 https://img.example; " + Self.closing)
        // The meta tag comes before anything the page loads.
        let page = try #require(site.read("output/hot/index.html"))
        let meta = try #require(page.range(of: "http-equiv=\"Content-Security-Policy\""))
        let stylesheet = try #require(page.range(of: "<link rel=\"stylesheet\""))
        #expect(meta.lowerBound < stylesheet.lowerBound)
        #expect(page.contains("<meta name=\"twitter:widgets:csp\" content=\"on\">"))
        #expect(!(try #require(site.read("output/index.html"))).contains("twitter:widgets:csp"))
    }

    @Test("the page of a Bluesky or Mastodon account, which shows no X timeline, allows nothing from X")
    func otherNetworks() throws {
        let site = try TemporarySite(["site.yml": """
            title: T
            accounts:
              - handle: alice.bsky.social
                network: bluesky
              - handle: alice@mastodon.social
                network: mastodon
              - handle: jack
            """])
        _ = try site.build()
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site.path + "/output").filter { $0.hasSuffix("/index.html") }
        #expect(pages.count == 4, "\(pages)")
        for path in pages where !path.hasPrefix("latest/") {
            let page = try #require(site.read("output/" + path))
            let x = path.hasPrefix("jack/")
            #expect(try Self.meta(site, path).contains("twitter.com") == x, "\(path)")
            #expect(page.contains("twitter:widgets:csp") == x, "\(path)")
            #expect(try Self.sent(site, path) == (try Self.meta(site, path)) + "; frame-ancestors 'self'", "\(path)")
        }
    }

    @Test("no page holds an inline script, event handler or style attribute")
    func noInlineScript() throws {
        let site = try Self.built()
        for path in ["index.html", "404.html", "hot/index.html", "linked/index.html", "latest/index.html"] {
            let page = try #require(site.read("output/" + path))
            #expect(!page.contains("<script>"), "\(path)")
            #expect(page.components(separatedBy: "<script").count == page.components(separatedBy: "<script src=").count, "\(path)")
            #expect(!page.contains(" style=\""), "\(path)")
            #expect(page.range(of: #" on[a-z]+=""#, options: .regularExpression) == nil, "\(path)")
        }
    }

    @Test("only a plain http(s) origin of an image goes into a policy")
    func origins() {
        #expect(ContentSecurityPolicy.origin(of: "https://Img.Example/a.png") == "https://img.example")
        #expect(ContentSecurityPolicy.origin(of: "http://[::1]:8080?x") == "http://[::1]:8080")
        for hostile in ["https://a.example;script-src/x", "https://a b/x", "javascript:alert(1)", "data:image/png,x",
                        "https://user@a.example/x", "https:///x", "https://a.example'/x", "https://é.example/x"] {
            #expect(ContentSecurityPolicy.origin(of: hostile) == nil, "\(hostile)")
        }
    }

    /// The policy `_headers` sends for `path`: its own rule's, or the site-wide one of `/*`.
    static func sent(_ site: TemporarySite, _ path: String) throws -> String? {
        SiteHeaders.read(outputFolder: site.path + "/output").headers(for: path).first { $0.name == "Content-Security-Policy" }?.value
    }

    @Test("_headers sends every file the union of the pages' policies, and each page that allows less its own at both of its addresses, with frame-ancestors")
    func headersFile() throws {
        let site = try Self.built()
        let file = try #require(site.read("output/_headers"))
        let lines = file.split(separator: "\n").map(String.init)
        // The hotlinking X account's page allows the most: X's widget and its images' hosts. That is the site-wide policy.
        let union = (try Self.meta(site, "hot/index.html")) + "; frame-ancestors 'self'"
        #expect(lines[1...4] == ["/*", "  X-Content-Type-Options: nosniff", "  Referrer-Policy: strict-origin-when-cross-origin",
                                 "  Content-Security-Policy: " + union])
        #expect(!lines.contains("/hot/") && !lines.contains("/hot/index.html"), "a page whose policy is the union needs no rule")
        for (address, path) in [("/", "index.html"), ("/index.html", "index.html"), ("/linked/", "linked/index.html"),
                                ("/linked/index.html", "linked/index.html"), ("/latest/", "latest/index.html"), ("/404.html", "404.html")] {
            let index = try #require(lines.firstIndex(of: address), "\(address)")
            #expect(lines[index + 1] == "  Content-Security-Policy: " + (try Self.meta(site, path)) + "; frame-ancestors 'self'")
        }
        // What a browser enforces for each page (its own rule and /* both, as hosts join them) is the page's own policy.
        for path in ["index.html", "404.html", "hot/index.html", "linked/index.html", "latest/index.html"] {
            #expect(try Self.sent(site, path) == (try Self.meta(site, path)) + "; frame-ancestors 'self'", "\(path)")
        }
        #expect(Set(lines.filter { $0.hasPrefix("/") }).count == lines.filter { $0.hasPrefix("/") }.count, "one rule per address")
        #expect(lines.filter { $0.contains("Content-Security-Policy") }.count == 8)
    }

    @Test("page.csp is in the template context and documented")
    func contextField() throws {
        let context = PageContext(config: try ConfigFixture.config(Self.yaml), accountPagesListAccounts: false)
        let page = try TemplateRenderer().render(try Template("{{page.csp}}", name: "t"), data: context.indexPage())
        #expect(String(decoding: page, as: UTF8.self).hasPrefix("default-src &#39;none&#39;"))
        #expect(ContextSchema.markdownTable.contains("| `page.csp` | string |"))
    }
}
