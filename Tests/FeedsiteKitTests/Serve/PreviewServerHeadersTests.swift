import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// `feedsite serve` sends the headers a host reading `_headers` would, with the live-reload script
/// allowed by the policy.
@Suite struct PreviewServerHeadersTests {
    static let yaml = "title: T\naccounts:\n  - handle: jack\n"

    @Test("a page is served with its policy from _headers plus the event stream, nosniff and the referrer policy; other files with the site-wide policy")
    func headers() throws {
        let site = try TemporarySite(["site.yml": Self.yaml])
        _ = try site.build()
        let server = try PreviewServer(folder: site.path + "/output", host: "127.0.0.1", port: 0)
        server.start()
        defer { server.stop() }
        let written = SiteHeaders.read(outputFolder: site.path + "/output")
        for (address, path) in [("/", "index.html"), ("/jack/", "jack/index.html"), ("/jack/index.html", "jack/index.html"), ("/nope/", "404.html")] {
            let response = try RawHTTPClient.get(server.port, address)
            let policy = try #require(written.headers(for: path).first { $0.name == "Content-Security-Policy" }?.value, "\(path) has no policy in _headers")
            #expect(response.headers["content-security-policy"] == policy + "; connect-src 'self'", "\(address)")
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["referrer-policy"] == "strict-origin-when-cross-origin")
            #expect(response.text.contains("connect-src &#39;self&#39;\">"), "\(address): the meta tag allows the event stream too")
            #expect(response.text.contains("<script src=\"/__feedsite/events.js\"></script>"))
        }
        // jack's page, the one X account's, allows the most: its policy is the site-wide one, and the other pages have their own.
        #expect(written.fallback?.contains("https://platform.twitter.com") == true)
        #expect(written.policies["jack/index.html"] == nil)
        #expect(written.policies.keys.sorted() == ["404.html", "index.html", "latest/index.html"])
        let css = try RawHTTPClient.get(server.port, "/assets/site.css")
        #expect(css.headers["content-security-policy"] == written.fallback)
        #expect(css.headers["x-content-type-options"] == "nosniff")
        let script = try RawHTTPClient.get(server.port, "/__feedsite/events.js")
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("d.style.cssText="), "styled through the CSSOM, which the policy allows")
        // The output keeps the build's policy: the event stream is the preview's alone.
        #expect(site.read("output/index.html")?.contains("connect-src") == false)
    }

    @Test("the policies read back from _headers are the ones the build wrote")
    func roundTrip() throws {
        let site = try TemporarySite(["site.yml": Self.yaml])
        let config = try site.config()
        let loaded = try LoadedSite(config: config, displayPath: { $0 })
        let plan = try BuildPlan(loaded, assets: [])
        let built = SiteHeaders(pages: plan.pages, policies: PagePolicies(config: config, snapshots: loaded.snapshots))
        _ = try site.build()
        #expect(SiteHeaders.read(outputFolder: site.path + "/output") == built)
        #expect(SiteHeaders.read(outputFolder: site.path + "/nowhere") == SiteHeaders(fallback: nil, policies: [:]))
    }
}
