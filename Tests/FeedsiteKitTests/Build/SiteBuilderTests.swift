import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct SiteBuilderTests {
    static let siteYAML = """
    title: "Feeds & Friends"
    accounts:
      - handle: OutputDD
        name: OUTPUT.DD
        compose:
          text: "@OUTPUT.DD"
      - handle: jack
        theme: dark
        height: 400
        width: 320
        tweet_limit: 5
        chrome: [noheader, noborders]
        dnt: true
        lang: de
        aria_polite: assertive
        show_replies: true
        loading_timeout: 2.5
        compose:
          text: "Tom & Jerry #1 + 100% 😀 café"
          url: https://example.com/a?b=c
          hashtags: [swift, ios]
          via: jack
          related: [a, b_c]
          in_reply_to: 1234567890
    """

    @Test("a build whose stop is raised stops, the output folder as the last build left it; a build without it writes the change")
    func stops() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        try site.write("site.yml", Self.siteYAML.replacingOccurrences(of: "Feeds & Friends", with: "Stopped"))
        let before = try site.snapshot()
        let stop = BuildStop()
        stop.raise()
        #expect(throws: InputError.self) { try SiteBuilder.build(configPath: site.path + "/site.yml", stop: stop) }
        #expect(try site.snapshot() == before)
        #expect(try !SiteBuilder.build(configPath: site.path + "/site.yml").upToDate)
        #expect(try site.snapshot() != before)
    }

    @Test("a build takes site.yml as decoded when site.yml holds the bytes it was decoded from, else decodes site.yml")
    func takesTheDecodedConfig() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        let path = site.path + "/site.yml"
        let other = Self.siteYAML.replacingOccurrences(of: "Feeds & Friends", with: "Decoded Elsewhere")
        let config = try SiteBuilder.config(Array(other.utf8), configPath: path, output: nil, baseURL: nil)
        // Handed with site.yml's own bytes, the config is taken as it is: the pages say what it says.
        _ = try SiteBuilder.build(configPath: path, decoded: DecodedSiteConfig(bytes: Array(Self.siteYAML.utf8), config: config))
        #expect(site.read("output/index.html")?.contains("Decoded Elsewhere") == true)
        // With other bytes, site.yml is decoded.
        try site.write("site.yml", "description: Read\n" + Self.siteYAML)
        _ = try SiteBuilder.build(configPath: path, decoded: DecodedSiteConfig(bytes: Array(other.utf8), config: config))
        #expect(site.read("output/index.html")?.contains("Feeds &amp; Friends") == true)
    }

    @Test("a build writes the index, one page per account in lower case, the river page, the assets and the 404 page")
    func layout() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        let result = try site.build()
        #expect(result.pages == 5)
        #expect(result.accounts == 2)
        let files = try site.snapshot().keys.sorted()
        // The manifest is feedsite's own (serve refuses `.feedsite*`); the summary cache is beside the folder, never deployed with it.
        #expect(FileManager.default.fileExists(atPath: site.path + "/.output.feedsite-cache"))
        #expect(files == [".feedsite-manifest", "404.html", "_headers", "assets/favicon.svg", "assets/feedsite.js", "assets/site.css", "index.html",
                          "jack/index.html", "latest/index.html", "outputdd/index.html"])
        #expect(result.summary.hasPrefix("built 5 pages for 2 accounts in "))
        #expect(result.summary.hasSuffix("(9 written, 0 unchanged, 0 removed); 2 intent URLs checked, no problems"))
    }

    @Test("an account's compose_url is the canonical intent URL, escaped like any text")
    func composeURL() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/account.html": "{{account.compose_url}}"])
        _ = try site.build()
        #expect(site.read("output/outputdd/index.html") == "https://twitter.com/intent/tweet?text=%40OUTPUT.DD")
        #expect(site.read("output/jack/index.html") == "https://twitter.com/intent/tweet?text=Tom%20%26%20Jerry%20%231%20%2B%20100%25%20%F0%9F%98%80%20caf%C3%A9"
            + "&amp;url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&amp;hashtags=swift,ios&amp;via=jack&amp;related=a,b_c&amp;in_reply_to=1234567890")
    }

    @Test("the index lists every account in order, with its name (the handle when it has none), handle and a relative url")
    func index() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML,
                                      "templates/index.html": "{{root}}|{{#accounts}}{{url}} {{name}} @{{handle}};{{/accounts}}|{{site.title}}"])
        _ = try site.build()
        #expect(site.read("output/index.html") == "./|outputdd/index.html OUTPUT.DD @OutputDD;jack/index.html jack @jack;|Feeds &amp; Friends")
    }

    @Test("account pages that list the accounts get urls relative to them and current on their own")
    func accountsOnAccountPages() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML,
                                      "templates/account.html": "{{#accounts}}{{url}}{{#current}}*{{/current}} {{/accounts}}"])
        _ = try site.build()
        #expect(site.read("output/jack/index.html") == "../outputdd/index.html index.html* ")
    }

    @Test("with base_url, pages get canonical URLs, the 404 page an absolute root, and the site gets sitemap.xml")
    func baseURL() throws {
        let site = try TemporarySite(["site.yml": "base_url: https://example.com/feeds/\n" + Self.siteYAML,
                                      "templates/account.html": "{{page.canonical_url}}", "templates/404.html": "{{root}}"])
        _ = try site.build()
        #expect(site.read("output/jack/index.html") == "https://example.com/feeds/jack/")
        #expect(site.read("output/sitemap.xml") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
          <url><loc>https://example.com/feeds/</loc></url>
          <url><loc>https://example.com/feeds/outputdd/</loc></url>
          <url><loc>https://example.com/feeds/jack/</loc></url>
          <url><loc>https://example.com/feeds/latest/</loc></url>
        </urlset>

        """)
        #expect(site.read("output/404.html") == "https://example.com/feeds/")
    }

    @Test("without base_url there is no sitemap and no canonical URL")
    func noBaseURL() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/account.html": "[{{page.canonical_url}}]"])
        _ = try site.build()
        #expect(!site.exists("output/sitemap.xml"))
        #expect(site.read("output/jack/index.html") == "[]")
    }

    @Test("a rebuild leaves unchanged files alone, keeping their modification time")
    func unchangedFilesAreNotRewritten() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        let before = try site.modificationDate("output/jack/index.html")
        Thread.sleep(forTimeInterval: 0.05)
        let result = try site.build()
        #expect(result.written == 0)
        #expect(result.unchanged == 9)
        #expect(try site.modificationDate("output/jack/index.html") == before)
    }

    @Test("a full rebuild compares each page with its file: identical ones are left alone, one changed in place at the same size is written again")
    func fullRebuildComparesPages() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        let original = try #require(site.read("output/jack/index.html"))
        let before = try site.modificationDate("output/jack/index.html")
        Thread.sleep(forTimeInterval: 0.05)
        // A comment changes site.yml but no page: the build cannot be skipped, yet writes nothing.
        try site.write("site.yml", Self.siteYAML + "\n# a comment\n")
        let rebuilt = try site.build()
        #expect(rebuilt.written == 0 && rebuilt.unchanged == 9)
        #expect(try site.modificationDate("output/jack/index.html") == before)

        try site.write("output/jack/index.html", "X" + original.dropFirst())
        try site.write("site.yml", Self.siteYAML + "\n# another comment\n")
        let repaired = try site.build()
        #expect(repaired.written == 1 && repaired.unchanged == 8)
        #expect(site.read("output/jack/index.html") == original)
        // The manifest holds the stamps of the files as they are now: the next build has nothing to do.
        #expect(try site.build().written == 0)
    }

    @Test("an unchanged rebuild reports the same check figures; a file someone changed or removed is written again")
    func noOpAndTamperedOutput() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        let first = try site.build()
        let page = try #require(site.read("output/jack/index.html"))
        let again = try site.build()
        #expect(again.written == 0)
        #expect(again.check.intentURLs == first.check.intentURLs)
        #expect(again.pages == first.pages)
        try site.write("output/jack/index.html", "tampered")
        try FileManager.default.removeItem(atPath: site.path + "/output/index.html")
        let repaired = try site.build()
        #expect(repaired.written == 2)
        #expect(site.read("output/jack/index.html") == page)
        #expect(site.exists("output/index.html"))
    }

    @Test("a build with warnings is never skipped, so its warnings show every time")
    func warningsRepeat() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": "<p>{{site.tilte}}</p>"])
        #expect(try site.build().warnings.count == 1)
        #expect(try site.build().warnings.count == 1)
    }

    @Test("changing a template rebuilds even when site.yml is unchanged")
    func templateChange() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        try site.write("templates/index.html", "<p>{{site.title}} changed</p>")
        let result = try site.build()
        #expect(result.written == 1)
        #expect(site.read("output/index.html") == "<p>Feeds &amp; Friends changed</p>")
    }

    @Test("changing one account rewrites its page and the pages that list it, nothing else")
    func changeOneAccount() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        try site.write("site.yml", Self.siteYAML.replacingOccurrences(of: "name: OUTPUT.DD", with: "name: OUTPUT.DD!"))
        let result = try site.build()
        #expect(result.written == 2) // outputdd/index.html and index.html
        #expect(site.read("output/outputdd/index.html")?.contains("OUTPUT.DD!") == true)
    }

    @Test("pages of removed accounts are deleted; files feedsite did not write are kept")
    func staleFiles() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        try site.write("output/mine.txt", "mine")
        try site.write("output/jack/notes.txt", "mine too")
        try site.write("site.yml", Self.siteYAML.components(separatedBy: "  - handle: jack")[0])
        let result = try site.build()
        #expect(result.removed == 1)
        #expect(!site.exists("output/jack/index.html"))
        #expect(site.read("output/mine.txt") == "mine")
        #expect(site.read("output/jack/notes.txt") == "mine too")
    }

    @Test("an empty folder left by a removed account is removed too")
    func emptyFolderRemoved() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        try site.write("site.yml", Self.siteYAML.components(separatedBy: "  - handle: jack")[0])
        _ = try site.build()
        #expect(!site.exists("output/jack"))
    }

    @Test("a template error stops the build before anything is written")
    func templateErrorWritesNothing() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        let before = try site.snapshot()
        try site.write("site.yml", Self.siteYAML.replacingOccurrences(of: "name: OUTPUT.DD", with: "name: Changed"))
        try site.write("templates/index.html", "{{#accounts}}\n<li>{{name}}</li>\n")
        #expect(throws: DiagnosticError.self) { try site.build() }
        #expect(try site.snapshot() == before)
    }

    @Test("a missing partial is an error at the {{> }} tag")
    func missingPartial() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": "<p>\n  {{> footr}}\n</p>\n",
                                      "templates/partials/footer.html": "f"])
        do {
            _ = try site.build()
            Issue.record("expected an error")
        } catch let error as DiagnosticError {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location.file.hasSuffix("templates/index.html"))
            #expect(diagnostic.location.line == 2)
            #expect(diagnostic.location.column == 3)
            #expect(diagnostic.message == "partial 'footr' does not exist")
            #expect(diagnostic.hint == "did you mean 'footer'?")
        }
    }

    @Test("a name that never resolves in the page context is a warning with did you mean")
    func unknownName() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML,
                                      "templates/index.html": "<h1>{{site.title}}</h1>\n{{#accounts}}{{name}} {{acount.handle}} {{urll}}{{/accounts}}\n{{site.params.anything}}"])
        let result = try site.build()
        #expect(result.warnings.map(\.message) == [
            "'acount.handle' is not part of the page context and always renders empty",
            "'urll' is not part of the page context and always renders empty",
        ])
        #expect(result.warnings.map(\.hint) == ["did you mean 'account.handle'?", "did you mean 'url'?"])
        #expect(result.warnings.map(\.location.line) == [2, 2])
        #expect(result.warnings.map(\.location.column) == [23, 41])
    }

    @Test("a truncate_N whose N is not 1 to 1,000,000 is an error at the tag, and nothing is written", arguments: [
        "truncate_0", "truncate_-1", "truncate_1000001", "truncate_01", "truncate_x",
    ])
    func badTruncate(name: String) throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": "<p>\n  {{#\(name)}}{{site.title}}{{/\(name)}}</p>"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix("'\(name)' is not a valid helper: the N of truncate_N must be a whole number from 1 to 1000000"))
        #expect((diagnostic.location.line, diagnostic.location.column) == (2, 3))
        #expect(site.read("output/index.html") == nil)
    }

    @Test("a name with no likely spelling lists every name of the page context, groups, data and river included")
    func unknownNameHint() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": "<p>{{zzzzzzzz}}</p>"])
        let hint = try #require(try site.build().warnings.first?.hint)
        #expect(hint == "the page context holds: account, accounts, data, generator, groups, page, river, root, site (see README)")
    }

    @Test("a bad intent URL in template text fails the build with the template's position, and nothing is written")
    func checkerStopsBuild() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML,
                                      "templates/index.html": "<p>\n<a href=\"https://twitter.com/intent/tweet?text=hello world\">share</a>\n"])
        do {
            _ = try site.build()
            Issue.record("expected the check to fail")
        } catch let failure as BuildCheckFailure {
            let finding = try #require(failure.report.findings.first)
            #expect(finding.rule == .rawSpace)
            #expect(finding.location == SourceLocation(file: "index.html", line: 2, column: 10))
            #expect(finding.templateLocation?.file.hasSuffix("templates/index.html") == true)
            #expect(finding.templateLocation?.line == 2)
            #expect(finding.templateLocation?.column == 10)
        }
        #expect(!site.exists("output"))
    }

    @Test("a relative link to a file the build does not write fails the build; links to its own pages pass")
    func brokenLinkStopsBuild() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML,
                                      "templates/index.html": "<a href=\"jack/\">ok</a> <a href=\"missing/\">no</a> <a href=\"assets/site.css\">ok</a>\n"])
        let failure = try #require(throws: BuildCheckFailure.self) { try site.build() }
        #expect(failure.report.findings.map(\.rule) == [.brokenLink])
        #expect(failure.report.findings.first?.message == "'missing/' points to missing/index.html, which does not exist")
        #expect(failure.report.findings.first?.location == SourceLocation(file: "index.html", line: 1, column: 33))
        #expect(!site.exists("output"))
    }

    @Test("dangerous output folders are refused at the output: line of site.yml", arguments: [
        "output: .\n", "output: ..\n", "output: /\n", "output: templates/..\n", "output: site.yml\n",
    ])
    func refusedOutput(_ line: String) throws {
        let site = try TemporarySite(["site.yml": line + Self.siteYAML])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.location.line == 1)
        #expect(error.diagnostics.first?.location.column == 9)
        #expect(error.diagnostics.first?.message.hasPrefix("refusing to build into") == true)
    }

    @Test("an output folder that holds the templates is refused")
    func outputHoldsTemplates() throws {
        let site = try TemporarySite(["site.yml": "templates: out/templates\noutput: out\n" + Self.siteYAML])
        try FileManager.default.moveItem(atPath: site.path + "/templates", toPath: site.path + "/tpl")
        try FileManager.default.createDirectory(atPath: site.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: site.path + "/tpl", toPath: site.path + "/out/templates")
        #expect(throws: DiagnosticError.self) { try site.build() }
    }

    @Test("a template that links outside the templates folder is refused")
    func templateSymlinkOutside() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "secret.html": "secret"])
        try FileManager.default.removeItem(atPath: site.path + "/templates/404.html")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/templates/404.html", withDestinationPath: "/etc/hostname")
        #expect(throws: InputError.self) { try site.build() }
    }

    @Test("an asset that links outside the site folder is refused; one that links inside it is copied")
    func assetSymlinks() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "shared/logo.svg": "<svg/>"])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/templates/assets/logo.svg", withDestinationPath: site.path + "/shared/logo.svg")
        _ = try site.build()
        #expect(site.read("output/assets/logo.svg") == "<svg/>")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/templates/assets/passwd", withDestinationPath: "/etc/passwd")
        #expect {
            try site.build()
        } throws: { error in
            (error as? InputError)?.message.hasSuffix("assets/passwd: is a link to /etc/passwd, outside the site folder") == true
        }
    }

    @Test("leftover temporary files from an interrupted build are cleaned up")
    func temporaryLeftovers() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        // What a build killed while writing leaves: its manifest says "building", and a temporary file.
        let manifest = try #require(site.read("output/.feedsite-manifest"))
        #expect(manifest.hasPrefix("feedsite-manifest 3 complete\n"))
        try site.write("output/.feedsite-manifest", manifest.replacingOccurrences(of: " complete\n", with: " building\n"))
        try site.write("output/jack/.feedsite-tmp-abc-index.html", "half")
        _ = try site.build()
        #expect(!site.exists("output/jack/.feedsite-tmp-abc-index.html"))

        // A build killed while writing its manifest's temporary file, when the manifest still says "complete".
        try site.write("output/.feedsite-tmp-manifest", "half")
        try site.write("site.yml", Self.siteYAML.replacingOccurrences(of: "name: OUTPUT.DD", with: "name: Changed"))
        _ = try site.build()
        #expect(!site.exists("output/.feedsite-tmp-manifest"))
    }
}

extension SiteBuilderTests {
    @Test("a base_url path with non-ASCII or unsafe characters is percent-encoded in canonical links and sitemap.xml")
    func baseURLPathEncoded() throws {
        let site = try TemporarySite(["site.yml": "title: T\nbase_url: https://example.com/café feeds/\"x\"/\naccounts:\n  - handle: amy\n"])
        #expect(throws: DiagnosticError.self) { try site.build() }
        try site.write("site.yml", "title: T\nbase_url: https://example.com/café/\"x\"/\naccounts:\n  - handle: amy\n")
        _ = try site.build()
        let sitemap = try #require(site.read("output/sitemap.xml"))
        #expect(sitemap.contains("<loc>https://example.com/caf%C3%A9/%22x%22/amy/</loc>"))
        #expect(!sitemap.contains("é"))
        let page = try #require(site.read("output/amy/index.html"))
        #expect(page.contains("https://example.com/caf%C3%A9/%22x%22/amy/"))
    }
}

extension SiteBuilderTests {
    @Test("a templates: folder that does not exist is reported at its line in site.yml")
    func missingTemplatesFolderLocated() throws {
        let site = try TemporarySite(["site.yml": "templates: nowhere\n" + Self.siteYAML])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.location.line == 1)
        #expect(error.diagnostics.first?.location.column == 12)
        #expect(error.diagnostics.first?.message.hasSuffix("templates folder not found") == true)
    }
}
