import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

@Suite struct ExtraPagesTests {
    static let siteYAML = "title: T\naccounts:\n  - handle: jack\n"
    static let about = """
    {{<layout}}{{$title}}About · {{site.title}}{{/title}}{{$content}}<h1>{{page.name}}</h1>{{#accounts}}<a href="{{url}}">{{name}}</a>{{/accounts}}<a href="{{root}}index.html">home</a>{{/content}}{{/layout}}
    """

    @Test("templates/pages/NAME.html becomes NAME/index.html in the layout, with page.name, the accounts and root one folder deep")
    func rendered() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": Self.about])
        let result = try site.build()
        let page = try #require(site.read("output/about/index.html"))
        #expect(page.contains("<title>About · T</title>"))
        #expect(page.contains("<h1>about</h1><a href=\"../jack/index.html\">jack</a><a href=\"../index.html\">home</a>"))
        #expect(page.contains(#"<link rel="stylesheet" href="../assets/site.css">"#))
        #expect(result.pages == 5)
    }

    @Test("an extra page gets the Content Security Policy of a page without X's widget, in the page and in _headers")
    func policy() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": "{{page.csp}}"])
        _ = try site.build()
        let csp = try #require(site.read("output/about/index.html"))
        #expect(!csp.contains("platform.twitter.com"))
        #expect(site.read("output/_headers")?.contains("/about/\n") == true)
    }

    @Test("with a base_url an extra page is in the sitemap, with its canonical url")
    func sitemap() throws {
        let site = try TemporarySite(["site.yml": "base_url: https://example.com\n" + Self.siteYAML,
                                      "templates/pages/imprint.html": "{{page.canonical_url}}"])
        _ = try site.build()
        #expect(site.read("output/sitemap.xml")?.contains("<loc>https://example.com/imprint/</loc>") == true)
        #expect(site.read("output/imprint/index.html") == "https://example.com/imprint/")
    }

    @Test("a link to an extra page passes the link check, from the index and from an account page")
    func linked() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": "about",
                                      "templates/index.html": #"<a href="about/index.html">a</a> <a href="about/">b</a>"#,
                                      "templates/account.html": #"<a href="../about/">a</a>"#])
        _ = try site.build()
        #expect(site.read("output/about/index.html") == "about")
    }

    @Test("page.name is null on the other pages")
    func nameNullElsewhere() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": "[{{page.name}}]"])
        let result = try site.build()
        #expect(site.read("output/index.html") == "[]")
        #expect(result.warnings.isEmpty)
    }

    @Test("a page name that is not lower-case letters, digits and '-' is an error with a suggested name", arguments: [
        ("About.html", "'About' is not a page name: it contains 'A'", "rename it to about.html"),
        ("my_page.html", "'my_page' is not a page name: it contains '_'", "rename it to my-page.html"),
        ("caf\u{E9}.html", "'caf\u{E9}' is not a page name: it contains '\u{E9}'", "rename it to cafe.html"),
        ("\u{FC}.html", "'\u{FC}' is not a page name: it contains '\u{FC}'", "rename it to u.html"),
        ("_headers.html", "'_headers' is not a page name: it contains '_'", "rename it to headers.html"),
        ("My  Page!.html", "'My  Page!' is not a page name: it contains 'M'", "rename it to my-page.html"),
        ("-x.html", "'-x' is not a page name: it starts or ends with '-' (a link to '-x/' reads as an option in a shell, and looks like a typo)",
         "rename it to x.html"),
    ])
    func badName(file: String, message: String, hint: String) throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/" + file: "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.location.file.hasSuffix("templates/pages/\(file)"))
        #expect(diagnostic.location.line == 1 && diagnostic.location.column == 1)
        #expect(diagnostic.message == message)
        #expect(diagnostic.hint?.hasPrefix(hint) == true)
    }

    @Test("a folder in templates/pages is an error (pages are one level deep), a file that is not .html too; backups are passed over")
    func nested() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/team/alice.html": "x", "templates/pages/about.html~": "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == ["extra pages cannot be nested in folders"])
        #expect(error.diagnostics.map { $0.location.file.hasSuffix("templates/pages/team") && $0.location.line == 1 && $0.location.column == 1 } == [true])
        let other = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/notes.txt": "x"])
        let notPage = try #require(throws: DiagnosticError.self) { try other.build() }
        #expect(notPage.diagnostics.map(\.message) == ["not a page template (NAME.html)"])
        #expect(notPage.diagnostics.map { $0.location.file.hasSuffix("templates/pages/notes.txt") } == [true])
    }

    @Test("a link to a folder in templates/pages is an error at the link, as a real folder there is; every bad entry is reported at once")
    func linkedFolder() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "shared/team/alice.html": "x", "templates/pages/Bad.html": "x"])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/templates/pages/team", withDestinationPath: "../../shared/team")
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == [
            "'Bad' is not a page name: it contains 'B'",
            "is a link to a folder (../../shared/team); feedsite does not follow links to folders, so no page in it is built "
                + "(extra pages cannot be nested in folders either)",
        ])
        #expect(error.diagnostics.map { String($0.location.file.split(separator: "/").last!) } == ["Bad.html", "team"])
        #expect(error.diagnostics.map(\.location.line) == [1, 1])
        #expect(error.diagnostics.map(\.location.column) == [1, 1])
    }

    @Test("an extra page named after an account is an error at the account naming the template")
    func accountCollision() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/jack.html": "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message == "the page of 'jack' would be written to jack/index.html, which templates/pages/jack.html also writes")
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 13)
    }

    @Test("an extra page at the river's path is an error naming both")
    func riverCollision() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/latest.html": "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == ["would be written to latest/index.html, which river page 1 (templates/latest.html) also writes"])
        #expect(error.diagnostics.map { $0.location.file.hasSuffix("templates/pages/latest.html") } == [true])
        #expect(error.diagnostics.map(\.location.line) == [1])
        #expect(error.diagnostics.map(\.location.column) == [1])
    }

    @Test("a static file at an extra page's path is an error naming both")
    func staticCollision() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": "x", "static/about/index.html": "y"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == ["static/about/index.html would be written to about/index.html, which templates/pages/about.html also writes"])
        #expect(error.diagnostics.map(\.location.file) == ["static/about/index.html"])
    }

    @Test("a name in an extra page that never resolves is a warning at its position")
    func namesChecked() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": "x\n {{page.nmae}}"])
        let result = try site.build()
        let warning = try #require(result.warnings.first)
        #expect(warning.location.file.hasSuffix("templates/pages/about.html"))
        #expect(warning.location.line == 2)
        #expect(warning.location.column == 2)
    }

    @Test("a file named templates/pages is an error at templates/pages:1:1 that says what the name is for")
    func pagesIsAFile() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages": "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.location.file.hasSuffix("templates/pages"))
        #expect(diagnostic.location.line == 1 && diagnostic.location.column == 1)
        #expect(diagnostic.message == "is not a folder, expected the folder of page templates (pages/NAME.html)")
        #expect(diagnostic.hint == "move it away, or rename it: the name 'pages' in templates/ is the extra pages' folder")
    }
}
