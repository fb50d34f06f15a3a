import Foundation
import Testing
@testable import FeedsiteKit

/// The build's phases one by one: the up-to-date check, the plan, the sinks.
@Suite struct BuildPipelineTests {
    static func build(_ site: TemporarySite) throws -> BuildResult {
        try SiteBuilder.build(configPath: site.path + "/site.yml")
    }

    @Test("the plan lists typed pages: the index, one page per account in site.yml order, the river page, then the 404 page")
    func planKinds() throws {
        let site = try TemporarySite(["site.yml": "title: T\nbase_url: https://example.com/feeds\naccounts:\n  - handle: Zed\n  - handle: amy\n"])
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let loaded = try LoadedSite(config: config, displayPath: { $0 })
        let plan = try BuildPlan(loaded, assets: [SiteFile(path: "assets/a.css", bytes: [])])
        #expect(plan.pages == [PlannedPage(kind: .index, path: "index.html"), PlannedPage(kind: .account(0), path: "zed/index.html"),
                               PlannedPage(kind: .account(1), path: "amy/index.html"), PlannedPage(kind: .river(1), path: "latest/index.html"),
                               PlannedPage(kind: .notFound, path: "404.html")])
        #expect(plan.files.map(\.path) == ["assets/a.css", "feed.xml", "sitemap.xml", "_headers"])
        #expect(loaded.template(for: .notFound).name.hasSuffix("404.html"))
        #expect(loaded.template(for: .account(1)).name.hasSuffix("account.html"))
    }

    @Test("without a 404 or latest template or a base_url the plan has no 404 page, no river, no feed and no sitemap: only _headers")
    func planWithoutOptionalPages() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n"])
        try FileManager.default.removeItem(atPath: site.path + "/templates/404.html")
        try FileManager.default.removeItem(atPath: site.path + "/templates/latest.html")
        let loaded = try LoadedSite(config: try SiteConfigLoader.load(path: site.path + "/site.yml"), displayPath: { $0 })
        let plan = try BuildPlan(loaded, assets: [])
        #expect(plan.pages.map(\.kind) == [.index, .account(0)])
        #expect(plan.files.map(\.path) == ["_headers"])
    }

    @Test("an unchanged rebuild is recognised from the output folder site.yml names, wherever that is",
          arguments: ["", "output: public\n", "output: \"deploy/site\"\n", "# output: commented\noutput: out\n"])
    func upToDateFindsOutputFolder(outputLine: String) throws {
        let site = try TemporarySite(["site.yml": "title: T\n\(outputLine)accounts:\n  - handle: amy\n"])
        let first = try Self.build(site)
        #expect(!first.upToDate)
        #expect(first.written > 0)
        let second = try Self.build(site)
        #expect(second.upToDate)
        #expect(second.written == 0)
        #expect(second.pages == first.pages)
        #expect(second.outputFolder == first.outputFolder)
    }

    @Test("an up-to-date build reports the check's totals of the build it skips: pages, intent URLs and links")
    func upToDateTotals() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n"])
        let first = try Self.build(site)
        #expect(first.check.links > 0)
        let second = try Self.build(site)
        #expect(second.upToDate)
        #expect((second.check.filesChecked, second.check.intentURLs, second.check.links) == (first.check.filesChecked, first.check.intentURLs, first.check.links))
    }

    @Test("a manifest an older feedsite wrote (a record without the links count) still lists its files; the next build runs in full")
    func olderRecord() throws {
        let manifest = try #require(BuildManifest(bytes: Array("feedsite-manifest 3 complete\nrecord ff 2 1 1\n1 1.1 1 index.html\n".utf8)))
        #expect(manifest.record == nil)
        #expect(manifest.paths == ["index.html"])
    }

    @Test("a site.yml that only mentions the word output elsewhere still finds its default output folder as up to date")
    func wordOutputElsewhere() throws {
        let site = try TemporarySite(["site.yml": "title: output\ndescription: where output goes\naccounts:\n  - handle: amy\n"])
        _ = try Self.build(site)
        #expect(try Self.build(site).upToDate)
    }

    @Test("any change to site.yml, a template or an output file makes the next build a real one")
    func changesDefeatUpToDate() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n"])
        _ = try Self.build(site)
        try site.write("site.yml", "title: T2\naccounts:\n  - handle: amy\n")
        #expect(try !Self.build(site).upToDate)
        #expect(try Self.build(site).upToDate)
        try site.write("templates/partials/extra.html", "x")
        #expect(try !Self.build(site).upToDate)
        #expect(try Self.build(site).upToDate)
        try site.write("output/amy/index.html", "edited by hand")
        let repaired = try Self.build(site)
        #expect(!repaired.upToDate)
        #expect(repaired.written == 1)
        #expect(site.read("output/amy/index.html")?.contains("<!DOCTYPE html>") == true)
    }

    @Test("a build with warnings is never skipped, so its warnings are shown every time")
    func warningsAreNotSkipped() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n",
                                      "templates/partials/footer-extra.html": "{{acount.handle}}"])
        try site.write("templates/index.html", (site.read("templates/index.html") ?? "") + "{{> footer-extra}}")
        let first = try Self.build(site)
        #expect(!first.warnings.isEmpty)
        let second = try Self.build(site)
        #expect(!second.upToDate)
        #expect(second.warnings == first.warnings)
        #expect(second.written == 0)
    }

    @Test("the one-call build reports bad site.yml the way the loader does")
    func loadErrors() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n    colour: red\n"])
        #expect(throws: DiagnosticError.self) { try Self.build(site) }
        #expect(!site.exists("output"))
        #expect(throws: InputError.self) { try SiteBuilder.build(configPath: site.path + "/missing.yml") }
    }

    @Test("a page that fails the check leaves the existing output untouched, whichever sink the build used")
    func failedRebuildWritesNothing() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n  - handle: bob\n"])
        _ = try Self.build(site)
        let before = try site.snapshot()
        try site.write("site.yml", "title: T\naccounts:\n  - handle: amy\n  - handle: carl\n")
        try site.write("templates/404.html", "<a href=\"https://twitter.com/intent/tweet?text=a b\">x</a>")
        #expect(throws: BuildCheckFailure.self) { try Self.build(site) }
        #expect(try site.snapshot() == before)
    }
}

extension BuildPipelineTests {
    @Test("an account whose page would be written where an asset goes is an error at its handle, on a first build and a rebuild")
    func pageCollidesWithAsset() throws {
        // An account called assets is refused whenever there are assets (ReservedFolderTests): it comes with the asset.
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n"])
        _ = try Self.build(site)
        let before = try site.snapshot()
        try site.write("site.yml", "title: T\naccounts:\n  - handle: amy\n  - handle: Assets\n")
        try site.write("templates/assets/index.html", "<p>asset</p>")
        let error = try #require(throws: DiagnosticError.self) { try Self.build(site) }
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics.first?.location.line == 4)
        #expect(error.diagnostics.first?.message.contains("assets/index.html") == true)
        #expect(try site.snapshot() == before)
        try FileManager.default.removeItem(atPath: site.path + "/output")
        #expect(throws: DiagnosticError.self) { try Self.build(site) }
        #expect(!site.exists("output"))
    }
}

extension BuildPipelineTests {
    @Test("an edit in an assets folder that is a link to a folder makes the next build copy it")
    func linkedAssetsFolder() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n"])
        try FileManager.default.moveItem(atPath: site.path + "/templates/assets", toPath: site.path + "/my-assets")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/templates/assets", withDestinationPath: "../my-assets")
        _ = try Self.build(site)
        try site.write("my-assets/site.css", "/* changed */")
        let result = try Self.build(site)
        #expect(!result.upToDate)
        #expect(site.read("output/assets/site.css") == "/* changed */")
    }

    @Test("errors in static/ are reported in one build with those of templates/pages/ and of the snapshots, sorted by file, line and column",
          arguments: [
              // A link to a folder in static/; a folder and a file that is not a page in templates/pages/.
              (["templates/pages/realdir/a.html": "x", "templates/pages/notes.md": "x"], [String](), true,
               ["static/img:1:1", "templates/pages/notes.md:1:1", "templates/pages/realdir:1:1"]),
              // Names that are not valid UTF-8 in both.
              (["templates/pages/about.html": "<p>a</p>"], ["static/bad\u{FF}utf", "templates/pages/bad\u{FF}.html"], false,
               ["static/bad\\xFFutf:1:1", "templates/pages/bad\\xFF.html:1:1"]),
              // A snapshot broken by hand, read in the account pass.
              (["snapshots/jack.json": "{\n  \"format\": 1,\n  x"], [], true,
               ["snapshots/jack.json:3:3", "static/img:1:1"]),
          ] as [([String: String], [String], Bool, [String])])
    func staticErrorsTogether(files: [String: String], badNames: [String], linksFolder: Bool, locations: [String]) throws {
        let site = try TemporarySite(files.merging(["site.yml": "title: T\naccounts:\n  - handle: jack\n", "shared/img/a.png": "png", "static/a.txt": "a"]) { a, _ in a })
        if linksFolder { try FileManager.default.createSymbolicLink(atPath: site.path + "/static/img", withDestinationPath: "../shared/img") }
        for name in badNames {
            // "\u{FF}" stands for the byte 0xFF, which no String holds.
            let bytes = name.unicodeScalars.map { UInt8($0.value) }
            let slash = try #require(bytes.lastIndex(of: UInt8(ascii: "/")))
            try StaticFilesTests.create(Array(bytes[(slash + 1)...]), in: site.path + "/" + String(decoding: bytes[..<slash], as: UTF8.self))
        }
        let error = try #require(throws: DiagnosticError.self) { try StaticFilesTests.relativeBuild(site) }
        #expect(error.diagnostics.map(\.location.description) == locations)
        #expect(error.diagnostics.allSatisfy { $0.severity == .error && $0.hint != nil })
        #expect(error.summary == "\(locations.count) errors")
    }
}
