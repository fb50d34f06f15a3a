@testable import FeedsiteKit
import Testing
import FeedsiteTestSupport

@Suite("Handles that name a file the build writes")
struct ReservedFolderTests {
    @Test("a Bluesky handle that is a top-level file of the site (index.html, feed.xml, sitemap.xml, 404.html) is an error at the handle, in any case")
    func blueskyFileNames() throws {
        let handles = ["index.html", "Feed.XML", "sitemap.xml", "404.html"]
        let accounts = handles.map { "  - handle: \($0)\n    network: bluesky\n" }.joined()
        let site = try TemporarySite(["site.yml": "title: T\nbase_url: https://example.com/\naccounts:\n  - handle: alice\n" + accounts])
        #expect {
            _ = try site.build()
        } throws: { error in
            let diagnostics = (error as? DiagnosticError)?.diagnostics ?? []
            return diagnostics.map(\.location.line) == [5, 7, 9, 11] && diagnostics.map(\.location.column) == [13, 13, 13, 13]
                && diagnostics[1].message == "'Feed.XML' cannot be an account's folder: the site's top-level feed.xml is the river's Atom feed"
                && diagnostics.allSatisfy { $0.hint?.contains("check the handle on the account's profile page") == true }
        }
    }

    @Test("an X handle that names the headers file or the assets folder is an error at the handle")
    func xFileNames() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: _headers\n  - handle: Assets\n  - handle: jack\n"])
        #expect {
            _ = try site.build()
        } throws: { error in
            let diagnostics = (error as? DiagnosticError)?.diagnostics ?? []
            return diagnostics.map(\.location.line) == [3, 4]
                && diagnostics[0].message.hasSuffix("the site's top-level _headers is the headers file for the host")
                && diagnostics[1].message.hasSuffix("the site's top-level assets is the assets (templates/assets/)")
        }
    }
}
