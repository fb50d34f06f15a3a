import Foundation
import FeedsiteTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite clean`: removes only what the manifest says feedsite wrote.
@Suite struct CleanCommandTests {
    static let siteYAML = "title: Clean\naccounts:\n  - handle: outputdd\n"

    @Test("clean removes every file and folder a build wrote, and the output folder itself")
    func cleansEverything() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        let result = try ProcessRunner.run(["clean", "--verbose"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("removed output/index.html\n"))
        #expect(result.err.contains("removed .output.feedsite-cache\n"), "the build's summary cache beside the folder goes too")
        #expect(!folder.exists(".output.feedsite-cache"))
        #expect(result.err.hasSuffix("removed 8 files and 4 folders from output\n"), "\(result.err)")
        #expect(!folder.exists("output"))
        let again = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(again.status == 0)
        #expect(again.err == "nothing to clean: output holds nothing feedsite wrote\n")
        // The output folder gone by hand, its cache left: clean removes the cache and says so.
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try FileManager.default.removeItem(atPath: folder.path + "/output")
        let cacheOnly = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(cacheOnly.err == "nothing to clean: output holds nothing feedsite wrote (removed the build cache .output.feedsite-cache)\n")
        #expect(!folder.exists(".output.feedsite-cache"))
    }

    /// An `output:` the build refuses, and the error both build and clean give for it.
    static let badOutputs: [(yaml: String, error: String)] = [
        ("output: [public]\n", "site.yml:3:9: error: expected a string, found a list"),
        ("output: public\noutput: elsewhere\n", "site.yml:4:1: error: duplicate key 'output' (first defined at line 3, column 1)"),
        ("output: ~/public\n", "site.yml:3:9: error: 'output' starts with '~', which feedsite does not expand"),
    ]

    @Test("clean reads output: by the build's rule: an output: the build refuses is the same error, exit 2, and nothing is removed",
          arguments: badOutputs)
    func badOutput(yaml: String, error: String) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try folder.write("site.yml", "title: Clean\naccounts: [{handle: outputdd}]\n" + yaml)
        let build = try ProcessRunner.run(["build", "-q"], in: folder.path)
        #expect(build.status == 2)
        #expect(build.err.contains(error + "\n"), "\(build.err)")
        let result = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.contains(error + "\n"), "\(result.err)")
        #expect(folder.exists("output/index.html"))
        #expect(folder.exists("output/.feedsite-manifest"))
    }

    @Test("clean with a damaged manifest names its bad line, removes nothing and exits 2")
    func damagedManifest() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        let manifest = try #require(folder.read("output/.feedsite-manifest"))
        try folder.write("output/.feedsite-manifest", manifest + "1 1.1 1 ../x\n")
        let line = manifest.split(separator: "\n").count + 1
        let result = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.contains(".feedsite-manifest:\(line): the path '../x' leaves the output folder; the manifest was edited or damaged, so nothing was removed"), "\(result.err)")
        #expect(folder.exists("output/index.html"))
    }

    @Test("clean leaves files feedsite did not write, files changed since, and anything through a symbolic link, and lists them")
    func leavesForeignFiles() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let outside = try TemporaryFolder()
        try outside.write("keep.html", "mine")
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try folder.write("output/CNAME", "example.com")
        try folder.write("output/outputdd/notes.txt", "mine")
        try folder.write("output/404.html", "edited by hand")
        // A folder feedsite wrote, replaced by a link to a folder outside: nothing is removed through it.
        try FileManager.default.removeItem(atPath: folder.path + "/output/assets")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/output/assets", withDestinationPath: outside.path)
        try outside.write("site.css", "outside")
        let result = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.err.contains("left output/CNAME: feedsite did not write it\n"))
        #expect(result.err.contains("left output/outputdd/notes.txt: feedsite did not write it\n"))
        #expect(result.err.contains("left output/404.html: changed since feedsite wrote it\n"))
        #expect(result.err.contains("left output/assets/site.css: below assets, a symbolic link\n"))
        #expect(folder.read("output/CNAME") == "example.com")
        #expect(folder.read("output/404.html") == "edited by hand")
        #expect(outside.read("site.css") == "outside")
        #expect(outside.read("keep.html") == "mine")
        #expect(!folder.exists("output/index.html"))
        #expect(!folder.exists("output/.feedsite-manifest"))
        #expect(folder.exists("output/outputdd/notes.txt"))
    }

    @Test("a file feedsite wrote that became a symbolic link is left, and its target untouched")
    func linkedFile() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let outside = try TemporaryFolder()
        try outside.write("target.html", "precious")
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try FileManager.default.removeItem(atPath: folder.path + "/output/index.html")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/output/index.html", withDestinationPath: outside.path + "/target.html")
        let result = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.err.contains("left output/index.html: a symbolic link now"))
        #expect(outside.read("target.html") == "precious")
    }

    @Test("a manifest that names paths outside the output folder removes nothing outside it")
    func tamperedManifest() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try folder.write("output/.feedsite-manifest", "feedsite-manifest 3 complete\n1 1.1 1 ../site.yml\n")
        let result = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(result.status == 2)
        #expect(folder.exists("site.yml"))
        #expect(folder.exists("output/index.html"), "an unreadable manifest is an error: nothing is removed")
    }

    @Test("clean without a manifest removes nothing and says so; --output cleans another folder; a missing site.yml exits 2")
    func noManifestAndOutput() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        try folder.write("output/index.html", "by hand")
        let result = try ProcessRunner.run(["clean"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.err.contains("left output/index.html: feedsite did not write it\n"))
        #expect(result.err.hasSuffix("nothing removed: output has no manifest of files feedsite wrote\n"))
        #expect(try ProcessRunner.run(["build", "-q", "--output", "public"], in: folder.path).status == 0)
        #expect(folder.exists("public/index.html"))
        #expect(try ProcessRunner.run(["clean", "-q", "--output", "public"], in: folder.path).status == 0)
        #expect(!folder.exists("public"))
        let empty = try TemporaryFolder()
        let missing = try ProcessRunner.run(["clean"], in: empty.path)
        #expect(missing.status == 2)
        #expect(missing.err.contains("site.yml: no such file"))
    }

    @Test("clean refuses an output folder no build may use, whatever a manifest there says", arguments: [
        (["clean", "--output", "/"], "refusing to clean: '/'"), (["clean", "--output", "."], "refusing to clean: the site folder itself"),
        (["clean", "--output", ".."], "which contains the site folder"),
    ])
    func refusesDangerous(_ arguments: [String], _ message: String) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        // A manifest planted in the site folder that names site.yml with its true stamp.
        var status = stat()
        #expect(stat(folder.path + "/site.yml", &status) == 0)
        try folder.write(".feedsite-manifest", "feedsite-manifest 3 complete\n\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino) site.yml\n")
        let result = try ProcessRunner.run(arguments, in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: "))
        #expect(result.err.contains(message), "\(result.err)")
        #expect(folder.exists("site.yml"))
    }
}
