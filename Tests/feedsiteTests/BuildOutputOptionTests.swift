import Foundation
import FeedsiteTestSupport
import Testing

/// `build --output DIR` and `build --format json`.
@Suite struct BuildOutputOptionTests {
    static let siteYAML = "title: Out\naccounts:\n  - handle: outputdd\n"

    @Test("--output builds into DIR instead of output:, relative to the working folder, and rebuilds it in place")
    func buildsElsewhere() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let result = try ProcessRunner.run(["build", "--output", "public"], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(folder.exists("public/index.html"))
        #expect(!folder.exists("output"))
        let again = try ProcessRunner.run(["build", "--output", "public"], in: folder.path)
        #expect(again.status == 0)
        #expect(again.err.contains("(0 written, "))
    }

    @Test("--output refuses the site folder, a folder above it and /, explaining the rule", arguments: [
        (".", "refusing to build into the site folder itself"), ("..", "which contains the site folder"), ("/", "refusing to build into '/'"),
        ("templates", "which contains the templates folder"),
    ])
    func refusesDangerous(_ output: String, _ message: String) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let result = try ProcessRunner.run(["build", "--output", output], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: --output "), "\(result.err)")
        #expect(result.err.contains(message))
        #expect(result.err.contains("hint: give --output a folder of its own"))
    }

    @Test("--output refuses a folder with files feedsite did not write, unless it is empty; --force builds there anyway")
    func refusesForeignFolder() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        #expect(try ProcessRunner.run(["build", "-q", "--output", "empty"], in: folder.path).status == 0)
        try folder.write("docs/notes.md", "mine")
        let result = try ProcessRunner.run(["build", "--output", "docs"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: refusing to build into docs: it holds 1 file (notes.md) that feedsite did not write\n"))
        #expect(result.err.contains("hint: --output takes a new or empty folder, or one feedsite built before that holds nothing else"))
        #expect(!folder.exists("docs/index.html"))
        // A folder feedsite built, with a file added by hand, is refused as well.
        try folder.write("empty/extra.txt", "mine")
        #expect(try ProcessRunner.run(["build", "--output", "empty"], in: folder.path).err.contains("it holds 1 file (extra.txt)"))
        #expect(try ProcessRunner.run(["build", "-q", "--force", "--output", "docs"], in: folder.path).status == 0)
        #expect(folder.read("docs/notes.md") == "mine")
    }

    @Test("--output through a symbolic link is judged by the folder the link names: refused when that holds files feedsite did not write",
          arguments: ["outlink", "outlink/"])
    func refusesForeignFolderThroughLink(_ output: String) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let target = try TemporaryFolder()
        try "mine".write(toFile: target.path + "/notes.md", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/outlink", withDestinationPath: target.path)
        let canonical = URL(fileURLWithPath: target.path).resolvingSymlinksInPath().path
        let result = try ProcessRunner.run(["build", "--output", output], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: refusing to build into outlink (a link to \(canonical)): it holds 1 file (notes.md) "
                                     + "that feedsite did not write\n"), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["notes.md"])
        // A link to an empty folder is built into, and the folder it names holds the site.
        try FileManager.default.removeItem(atPath: target.path + "/notes.md")
        #expect(try ProcessRunner.run(["build", "-q", "--output", output], in: folder.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: target.path + "/index.html"))
    }

    @Test("site.yml's output: through a symbolic link never overwrites a file feedsite did not write, as when named directly",
          arguments: [true, false])
    func configOutputThroughLink(_ throughLink: Bool) throws {
        let target = try TemporaryFolder()
        try "mine".write(toFile: target.path + "/index.html", atomically: false, encoding: .utf8)
        let folder = try TemporarySite(["site.yml": Self.siteYAML + "output: \(throughLink ? "outlink" : target.path)\n"])
        if throughLink { try FileManager.default.createSymbolicLink(atPath: folder.path + "/outlink", withDestinationPath: target.path) }
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.contains(": 1 file that feedsite did not write would be overwritten: index.html\n"), "\(result.err)")
        #expect(try String(contentsOfFile: target.path + "/index.html", encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["index.html"])
    }

    @Test("--output with an empty value is a usage error")
    func emptyValue() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let result = try ProcessRunner.run(["build", "--output", ""], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: --output needs a folder"))
    }

    @Test("build --format json prints check's JSON document on stdout: totals on success, findings with exit 1, the error with exit 2")
    func json() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let built = try ProcessRunner.run(["build", "--format", "json"], in: folder.path)
        #expect(built.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(built.out.utf8)) as? [String: Any])
        #expect((document["findings"] as? [Any])?.isEmpty == true)
        #expect((document["totals"] as? [String: Any])?["errors"] as? Int == 0)
        #expect(built.err.contains("built "))

        try folder.write("templates/index.html", "<a href=\"https://x.com/intent/post?text=a b\">x</a>\n")
        let findings = try ProcessRunner.run(["build", "--format", "json"], in: folder.path)
        #expect(findings.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(findings.out.utf8)) as? [String: Any])
        let first = try #require((report["findings"] as? [[String: Any]])?.first)
        #expect(first["file"] as? String == "index.html")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 10)
        #expect(first["severity"] as? String == "error")

        try folder.write("templates/index.html", "{{#accounts}}\n")
        let broken = try ProcessRunner.run(["build", "--format", "json"], in: folder.path)
        #expect(broken.status == 2)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(broken.out.utf8)) as? [String: Any])
        #expect(error["exit_code"] as? Int == 2)
        let diagnostic = try #require((error["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["file"] as? String == "templates/index.html")
        #expect(diagnostic["line"] as? Int == 1)
        #expect(broken.err.contains("templates/index.html:1:1: error:"))

        let usage = try ProcessRunner.run(["build", "--format", "yaml"], in: folder.path)
        #expect(usage.status == 2)
        #expect(usage.err.hasPrefix("error: unknown format 'yaml'; expected text or json"))
    }
}

/// `serve --output DIR`.
@Suite(.serialized) struct ServeOutputOptionTests {
    @Test("serve --output builds into DIR and serves it")
    func servesChosenFolder() throws {
        let folder = try TemporarySite(["site.yml": BuildOutputOptionTests.siteYAML])
        let server = try ServeCommandTests.RunningServer(in: folder.path, arguments: ["--output", "public", "--no-watch"])
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<title>&#x2068;Out&#x2069;</title>"))
        #expect(folder.exists("public/index.html"))
        #expect(!folder.exists("output"))
        #expect(server.stop().status == 0)
    }

    @Test("a usage error of build or check with --format json is the one JSON document on stdout, its keys those of every diagnostic", arguments: [
        ["build", "--format", "json", "--bogus"], ["build", "--format", "json", "--format", "json"], ["build", "--format=json", "--watch"],
        ["check", "--format", "json", "--bogus"], ["check", "out", "--format", "json", "--format", "json"],
    ])
    func usageErrorAsJSON(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(arguments, in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: "))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(document["exit_code"] as? Int == 2)
        let problem = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(Set(problem.keys) == ["file", "line", "column", "severity", "message", "hint"])
        #expect(problem["file"] is NSNull && problem["line"] is NSNull && problem["column"] is NSNull)
    }
}
