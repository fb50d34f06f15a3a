import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

/// An extra page `templates/pages/NAME.html` goes in the folder `NAME/`: NAME must not be a top-level
/// folder the build writes for itself (the assets, the media copies), which the plan names.
@Suite struct ReservedPageNameTests {
    static let copyName = "0123456789abcdef.png"

    /// A site with the default templates (and so `assets/`), one account whose post has a published
    /// media copy (and so `media/`), and `files` written over it.
    static func site(_ files: [String: String]) throws -> TemporarySite {
        let site = try TemporarySite([
            "site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n    media: copy\n",
            "snapshots/jack.json": """
            {"format": 1, "handle": "jack", "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z"},
             "posts": [{"id": "1", "url": "https://example.com/1", "text": "Hello", "published": "2026-11-29T14:03:00Z", "media": [
               {"url": "https://cdn.example/cat.png", "type": "image/png", "alt": "A cat",
                "copy": {"file": "\(copyName)", "type": "image/png", "width": 4, "height": 3, "etag": null, "last_modified": null}}]}]}
            """,
        ].merging(files) { $1 })
        try FileManager.default.createDirectory(atPath: site.path + "/snapshots/media", withIntermediateDirectories: true)
        try Data(TestImages.png(width: 4, height: 3)).write(to: URL(fileURLWithPath: site.path + "/snapshots/media/" + copyName))
        return site
    }

    @Test("a page named after a top-level folder of the build is an error at its template naming the folder, with a free name", arguments: [
        ("assets", "the assets (templates/assets/)", [:]),
        ("media", "the media copies", [:]),
        ("media", "the media copies", ["templates/pages/media-page.html": "taken"]),
    ])
    func reservedName(name: String, writer: String, others: [String: String]) throws {
        let site = try Self.site(others.merging(["templates/pages/\(name).html": "x"]) { $1 })
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.count == 1)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.location.file.hasSuffix("templates/pages/\(name).html"))
        #expect(diagnostic.location.line == 1)
        #expect(diagnostic.location.column == 1)
        #expect(diagnostic.message == "the page '\(name)' would be written to \(name)/index.html, inside the site's top-level \(name), which is \(writer)")
        let free = others.isEmpty ? "\(name)-page" : "\(name)-page-2"
        #expect(diagnostic.hint?.hasPrefix("a page's name is its folder in the output: rename the template, e.g. to ") == true)
        #expect(diagnostic.hint?.hasSuffix("templates/pages/\(free).html") == true)
    }

    @Test("the published folders themselves are what the page was refused for: they are there once it is renamed")
    func renamedPageBuilds() throws {
        let site = try Self.site(["templates/pages/assets-page.html": "x", "templates/pages/media-page.html": "y"])
        _ = try site.build()
        #expect(site.read("output/assets-page/index.html") == "x")
        #expect(site.read("output/media-page/index.html") == "y")
        #expect(site.exists("output/assets/site.css"))
        #expect(site.exists("output/media/" + Self.copyName))
    }

    @Test("a page named after a top-level folder in another case is refused too, and its hint names a free name that builds",
          arguments: ["Assets", "ASSETS", "MeDia", "mEDIA"])
    func otherCase(name: String) throws {
        let site = try Self.site(["templates/pages/\(name).html": "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == ["'\(name)' is not a page name: it contains '\(name.first(where: \.isUppercase)!)'"])
        #expect(error.diagnostics.map { $0.location.file.hasSuffix("templates/pages/\(name).html") } == [true])
        let free = name.lowercased() + "-page"
        #expect(error.diagnostics.first?.hint?.hasPrefix("rename it to \(free).html:") == true)

        try FileManager.default.moveItem(atPath: site.path + "/templates/pages/\(name).html", toPath: site.path + "/templates/pages/\(free).html")
        _ = try site.build()
        #expect(site.read("output/\(free)/index.html") == "x")
    }

    @Test("a rename hint for a page template never names a taken name: another page's, an account's, the river's", arguments: [
        ("ABOUT", ["templates/pages/about.html": "a"], "about-page"),
        ("ABOUT", ["templates/pages/about.html": "a", "templates/pages/about-page.html": "b"], "about-page-2"),
        ("JACK", [:], "jack-page"),
        ("LATEST", [:], "latest-page"),
        ("Contact", [:], "contact"),
    ])
    func freeRenameHint(name: String, others: [String: String], free: String) throws {
        let site = try Self.site(others.merging(["templates/pages/\(name).html": "x"]) { $1 })
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.hint?.hasPrefix("rename it to \(free).html:") == true)
        try FileManager.default.moveItem(atPath: site.path + "/templates/pages/\(name).html", toPath: site.path + "/templates/pages/\(free).html")
        _ = try site.build()
        #expect(site.read("output/\(free)/index.html") == "x")
    }
}
