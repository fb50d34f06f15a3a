import Foundation
import Testing

@Suite struct BuildCommandTests {
    @Test("build succeeds on the sample site, prints its summary on stderr and nothing on stdout")
    func sample() throws {
        let folder = try TemporarySite.sample()
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out.isEmpty)
        let summary = try #require(result.err.split(separator: "\n").last)
        #expect(summary.hasPrefix("built 9 pages for 6 accounts in "))
        #expect(summary.hasSuffix(" ms (13 written, 0 unchanged, 0 removed); 6 intent URLs checked, no problems"))
        let page = try #require(folder.read("output/outputdd/index.html"))
        #expect(page.contains("https://twitter.com/intent/tweet?text=%40OUTPUT.DD"))
        let quiet = try ProcessRunner.run(["build", "--quiet"], in: folder.path)
        #expect(quiet.status == 0)
        #expect(quiet.err.isEmpty)
        let again = try ProcessRunner.run(["build"], in: folder.path)
        #expect(again.err.hasSuffix(" ms (0 written, 13 unchanged, 0 removed); 6 intent URLs checked, no problems\n"))
        #expect(again.err.hasPrefix("built 9 pages for 6 accounts in "))
    }

    @Test("after a clean build, a broken edit of site.yml is reported, never skipped as unchanged")
    func brokenEditAfterCleanBuild() throws {
        let folder = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        let yaml = try String(contentsOfFile: folder.path + "/site.yml", encoding: .utf8)
        try folder.write("site.yml", yaml.replacingOccurrences(of: "  height: 600", with: "  heigth: 600"))
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.contains("error: unknown key 'heigth' in defaults"))
    }

    @Test("a checker error exits 1 and writes nothing")
    func checkerError() throws {
        let folder = try TemporarySite.sample()
        try folder.write("templates/index.html", "<a href=\"https://x.com/intent/post?text=a b\">x</a>\n")
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.err.contains("index.html:1:10: error: the URL contains a raw space"))
        #expect(result.err.contains("(from templates/index.html:1:10)"))
        #expect(result.err.contains("nothing was written"))
        #expect(!folder.exists("output"))
    }

    @Test("a template error exits 2 with the template's path relative to the working folder")
    func templateError() throws {
        let folder = try TemporarySite.sample()
        try folder.write("templates/index.html", "x\n  {{#accounts}}\n")
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err == "templates/index.html:2:3: error: section 'accounts' opened here is never closed\n  hint: add {{/accounts}} where it should end\n")
        #expect(!folder.exists("output"))
    }

    @Test("an unknown template name is printed as a warning and the build still succeeds")
    func warning() throws {
        let folder = try TemporarySite.sample()
        try folder.write("templates/index.html", "<h1>{{site.tilte}}</h1>\n")
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.err.hasPrefix("templates/index.html:1:5: warning: 'site.tilte' is not part of the page context and always renders empty\n  hint: did you mean 'site.title'?\n"))
    }

    @Test("a build the check stops still shows its own warnings, on stderr and as \"warnings\" in JSON, as a build that passed does")
    func warningsWithFindings() throws {
        let folder = try TemporarySite.sample()
        try folder.write("templates/pages/x.html", "<a href=\"nope.html\">x</a> {{acount.handle}}\n")
        let warning = "templates/pages/x.html:1:27: warning: 'acount.handle' is not part of the page context and always renders empty\n"
            + "  hint: did you mean 'account.handle'?\n"
        let text = try ProcessRunner.run(["build"], in: folder.path)
        #expect(text.status == 1)
        #expect(text.err.hasPrefix(warning), "\(text.err)")
        #expect(text.err.contains("x/index.html:1:10: error: "))

        let json = try ProcessRunner.run(["build", "--format", "json"], in: folder.path)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["file"] as? String } == ["templates/pages/x.html"])
        #expect(warnings.map { $0["line"] as? Int } == [1])
        #expect(warnings.map { $0["column"] as? Int } == [27])
        #expect(warnings.map { $0["hint"] as? String } == ["did you mean 'account.handle'?"])
        #expect((document["findings"] as? [Any])?.count == 1)
        #expect(!folder.exists("output"))
    }

    @Test("the text summary counts the build's own warnings as the JSON totals do, after a build that passed and one the check stopped")
    func summaryCountsBuildWarnings() throws {
        let folder = try TemporarySite.sample()
        try folder.write("templates/pages/x.html", "<p title=\"{{{site.title}}}\">x</p> {{acount.handle}}\n")
        let passed = try ProcessRunner.run(["build"], in: folder.path)
        #expect(passed.status == 0)
        let summary = try #require(passed.err.split(separator: "\n").last)
        #expect(summary.hasSuffix("intent URLs checked, 2 warnings"), "\(passed.err)")
        let passedJSON = try ProcessRunner.run(["build", "--format", "json"], in: folder.path)
        #expect(Self.totals(passedJSON.out)?["warnings"] as? Int == 2)

        try folder.write("templates/pages/x.html", "<a href=\"nope.html\">x</a> {{acount.handle}} {{acount.name}} {{sit.title}}\n")
        let stopped = try ProcessRunner.run(["build"], in: folder.path)
        #expect(stopped.status == 1)
        #expect(stopped.err.contains("build stopped: 1 error, 3 warnings in 1 of "), "\(stopped.err)")
        let stoppedJSON = try ProcessRunner.run(["build", "--format", "json"], in: folder.path)
        #expect(Self.totals(stoppedJSON.out)?["warnings"] as? Int == 3)
        #expect(Self.totals(stoppedJSON.out)?["errors"] as? Int == 1)
    }

    /// The `totals` of a JSON report.
    static func totals(_ json: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["totals"] as? [String: Any]
    }

    @Test("{handle} in defaults' compose.url keeps a Mastodon handle's '@' (allowed in a query), so no account gets a double-encoding warning")
    func handlePlaceholderInComposeURL() throws {
        let folder = try TemporarySite.sample()
        let yaml = try String(contentsOfFile: folder.path + "/site.yml", encoding: .utf8)
        try folder.write("site.yml", yaml.replacingOccurrences(of: "\ndefaults:\n", with: "\ndefaults:\n  compose: {url: \"https://ex.example/?h={handle}\"}\n"))
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 0)
        #expect(!result.err.contains("warning"), "\(result.err)")
        #expect(result.err.hasSuffix("intent URLs checked, no problems\n"), "\(result.err)")
        let page = try #require(folder.read("output/outputdd@fosstodon.org/index.html"))
        #expect(page.contains("%3Fh%3Doutputdd%40fosstodon.org%20"), "the URL in the text is encoded once, with the text")
    }

    @Test("--quiet prints only errors: template warnings are left out")
    func quietWarnings() throws {
        let folder = try TemporarySite.sample()
        try folder.write("templates/index.html", "<h1>{{site.tilte}}</h1>\n")
        let result = try ProcessRunner.run(["build", "--quiet"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.err.isEmpty, "\(result.err)")
    }

    @Test("--config . suggests --config ./site.yml")
    func configDot() throws {
        let folder = try TemporarySite.sample()
        let result = try ProcessRunner.run(["build", "--config", "."], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: --config . is a folder, not the site configuration file\n  hint: pass the file inside it: --config ./site.yml\n"),
                "\(result.err)")
    }

    @Test("a folder starting with '~' is an error asking for the full path; no folder named '~' is made", arguments: [
        ("output: ~/x", "site.yml:2:9: error: 'output' starts with '~', which feedsite does not expand\n  hint: write the full path (/home/you/x) or a path relative to site.yml\n"),
        ("templates: \"~\"", "site.yml:2:12: error: 'templates' starts with '~', which feedsite does not expand\n  hint: write the full path (/home/you/) or a path relative to site.yml\n"),
    ])
    func tildeFolder(_ line: String, _ message: String) throws {
        let folder = try TemporarySite(["site.yml": "title: x\n\(line)\naccounts:\n  - handle: outputdd\n"])
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err == message)
        #expect(!folder.exists("~"))
    }

    @Test("numbers in site.yml's params print as written")
    func paramsNumbersAsWritten() throws {
        let folder = try TemporarySite([
            "site.yml": "title: x\nparams:\n  version: 1.10\n  big: 12345678901234567890\naccounts:\n  - handle: outputdd\n",
            "templates/index.html": "<p>{{site.params.version}} {{site.params.big}}</p>\n",
        ])
        let result = try ProcessRunner.run(["build", "--quiet"], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(folder.read("output/index.html") == "<p>1.10 12345678901234567890</p>\n")
    }
}

extension BuildCommandTests {
    @Test("build refuses to overwrite a file it did not write (exit 2, the file named, --force suggested); --force overwrites it")
    func foreignFilesAndForce() throws {
        let folder = try TemporarySite.sample()
        try folder.write("output/index.html", "my own page")
        let refused = try ProcessRunner.run(["build"], in: folder.path)
        #expect(refused.status == 2)
        #expect(refused.err.contains("1 file that feedsite did not write would be overwritten: index.html"))
        #expect(refused.err.contains("--force"))
        #expect(folder.read("output/index.html") == "my own page")
        let forced = try ProcessRunner.run(["build", "--force"], in: folder.path)
        #expect(forced.status == 0)
        #expect(folder.read("output/index.html")?.contains("<!DOCTYPE html>") == true)
    }
}
