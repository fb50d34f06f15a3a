import Foundation
import Synchronization
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// First builds go to a staging folder beside the output folder and are renamed into place.
@Suite struct StagingFolderTests {
    static let siteYAML = """
    title: Staging
    accounts:
      - handle: alice
      - handle: bob
        compose:
          text: "Tom & Jerry"
    """

    /// The names in the site folder that belong to staging folders.
    static func stagingFolders(in site: TemporarySite) throws -> [String] {
        try stagingFolders(in: site.path)
    }

    static func stagingFolders(in sitePath: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sitePath).filter { $0.hasPrefix(".output.feedsite-staging-") }.sorted()
    }

    /// What the file system looked like when the build started checking (after every page was rendered).
    static func buildObservingCheckPhase(_ site: TemporarySite) throws -> (result: BuildResult, outputAtCheck: [String]?, stagedAtCheck: [String]) {
        let config = try site.config()
        let seen = Mutex<([String]?, [String])>((nil, []))
        let sitePath = site.path
        let result = try SiteBuilder(config: config).build { phase in
            guard case .checking = phase else { return }
            let output = try? FileManager.default.contentsOfDirectory(atPath: sitePath + "/output")
            let staged = (try? stagingFolders(in: sitePath)).flatMap { $0.first }.map { TemporaryFolder.files(below: sitePath + "/" + $0) } ?? []
            seen.withLock { $0 = (output, staged) }
        }
        let (output, staged) = seen.withLock { $0 }
        return (result, output, staged)
    }

    @Test("a first build writes every page beside the output folder, which appears only when the build is complete")
    func firstBuildIsRenamedIntoPlace() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        let (result, outputAtCheck, stagedAtCheck) = try Self.buildObservingCheckPhase(site)
        #expect(outputAtCheck == nil)
        #expect(stagedAtCheck.contains("alice/index.html") && stagedAtCheck.contains("bob/index.html") && stagedAtCheck.contains("index.html"))
        #expect(result.written == 9)
        #expect(try Self.stagingFolders(in: site).isEmpty)
        #expect(try site.snapshot().keys.sorted() == [".feedsite-manifest", "404.html", "_headers", "alice/index.html", "assets/favicon.svg", "assets/feedsite.js",
                                                       "assets/site.css", "bob/index.html", "index.html", "latest/index.html"])
        #expect(site.read("output/bob/index.html")?.contains("text=Tom%20%26%20Jerry") == true)
        // The manifest records the renamed files as they are, so the next build has nothing to do.
        #expect(site.read("output/.feedsite-manifest")?.hasPrefix("feedsite-manifest 3 complete\nrecord ") == true)
        let again = try site.build()
        #expect(again.written == 0 && again.unchanged == 9)
    }

    @Test("an empty output folder is replaced the same way")
    func emptyOutputFolder() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        try FileManager.default.createDirectory(atPath: site.path + "/output", withIntermediateDirectories: false)
        let (result, outputAtCheck, stagedAtCheck) = try Self.buildObservingCheckPhase(site)
        #expect(outputAtCheck == [])
        #expect(stagedAtCheck.contains("alice/index.html"))
        #expect(result.written == 9)
        #expect(site.exists("output/alice/index.html"))
        #expect(try Self.stagingFolders(in: site).isEmpty)
    }

    @Test("an output folder that holds files, or is a link, is written file by file in place")
    func occupiedOrLinkedOutput() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "output/notes.txt": "mine", "real/keep.txt": "kept"])
        let (_, outputAtCheck, stagedAtCheck) = try Self.buildObservingCheckPhase(site)
        #expect(outputAtCheck == ["notes.txt"])
        #expect(stagedAtCheck.isEmpty)
        #expect(site.read("output/notes.txt") == "mine")
        #expect(site.exists("output/alice/index.html"))

        let linked = try TemporarySite(["site.yml": Self.siteYAML, "real/keep.txt": "kept"])
        try FileManager.default.createSymbolicLink(atPath: linked.path + "/output", withDestinationPath: linked.path + "/real")
        _ = try linked.build()
        let attributes = try FileManager.default.attributesOfItem(atPath: linked.path + "/output")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(linked.read("real/alice/index.html") != nil)
        #expect(linked.read("real/keep.txt") == "kept")
        #expect(try Self.stagingFolders(in: linked).isEmpty)
    }

    @Test("when an output folder with files appears during a first build, the pages are written into it file by file")
    func outputAppearsDuringBuild() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        let config = try site.config()
        let sitePath = site.path
        let result = try SiteBuilder(config: config).build { phase in
            guard case .writing = phase else { return }
            try? FileManager.default.createDirectory(atPath: sitePath + "/output", withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: sitePath + "/output/notes.txt", contents: Data("mine".utf8))
        }
        #expect(result.written == 9)
        #expect(try Self.stagingFolders(in: site).isEmpty)
        #expect(site.read("output/notes.txt") == "mine")
        #expect(site.read("output/bob/index.html")?.contains("text=Tom%20%26%20Jerry") == true)
        // The same pages, byte for byte, as a build that never met the folder.
        let plain = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try plain.build()
        var expected = try plain.snapshot()
        expected["notes.txt"] = Data("mine".utf8)
        // feedsite's own files hold the site's paths and stamps, which differ.
        expected[".feedsite-manifest"] = nil
        var written = try site.snapshot()
        written[".feedsite-manifest"] = nil
        #expect(written == expected)
    }

    @Test("a first build that fails leaves neither an output folder nor a staging folder")
    func failedFirstBuild() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML,
                                      "templates/404.html": "<a href=\"https://twitter.com/intent/tweet?text=a b\">x</a>"])
        #expect(throws: BuildCheckFailure.self) { try site.build() }
        #expect(!site.exists("output"))
        #expect(try Self.stagingFolders(in: site).isEmpty)

        // An error while rendering the last page, when every other page is already staged.
        try site.write("templates/404.html", "{{> loop}}")
        try site.write("templates/partials/loop.html", "{{> loop}}")
        #expect(throws: DiagnosticError.self) { try site.build() }
        #expect(!site.exists("output"))
        #expect(try Self.stagingFolders(in: site).isEmpty)
    }

    @Test("the staging folders of interrupted builds are removed by the next build, except files feedsite did not write")
    func abandonedStagingFolders() throws {
        let manifest = "feedsite-manifest 3 building\n- - - index.html\n- - - alice/index.html\n"
        let site = try TemporarySite([
            "site.yml": Self.siteYAML,
            ".output.feedsite-staging-old1/.feedsite-manifest": manifest,
            ".output.feedsite-staging-old1/index.html": "half",
            ".output.feedsite-staging-old1/alice/index.html": "half",
            ".output.feedsite-staging-old2/.feedsite-manifest": manifest,
            ".output.feedsite-staging-old2/index.html": "half",
            ".output.feedsite-staging-old2/alice/notes.txt": "someone's notes",
            ".output.feedsite-staging-nomanifest/index.html": "unknown",
        ])
        _ = try site.build()
        #expect(try Self.stagingFolders(in: site) == [".output.feedsite-staging-nomanifest", ".output.feedsite-staging-old2"])
        #expect(try site.snapshot(".output.feedsite-staging-old2").keys.sorted() == ["alice/notes.txt"])
        #expect(site.read(".output.feedsite-staging-nomanifest/index.html") == "unknown")
    }

    @Test("a staging folder locked by a build still running is left alone")
    func lockedStagingFolder() throws {
        let site = try TemporarySite([
            "site.yml": Self.siteYAML,
            ".output.feedsite-staging-busy/.feedsite-manifest": "feedsite-manifest 3 building\n- - - index.html\n",
            ".output.feedsite-staging-busy/index.html": "being written",
        ])
        let descriptor = open(site.path + "/.output.feedsite-staging-busy", O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        _ = try site.build()
        #expect(site.read(".output.feedsite-staging-busy/index.html") == "being written")
        #expect(site.exists("output/alice/index.html"))
    }
}
