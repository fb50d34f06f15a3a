import Foundation
import Testing

@Suite struct CheckCommandTests {
    static let files = [
        "index.html": "<a href=\"sub/\">sub</a>\n<a href=\"https://twitter.com/intent/tweet?text=Hello world\">post</a>\n",
        "sub/index.html": "<a href=\"https://x.com/intent/post?text=%40OUTPUT.DD\">ok</a><a href=\"https://x.com/intent/post?text=%7e\">w</a>",
        "notes.txt": "<a href=\"https://twitter.com/intent/tweet?text=not html\">",
    ]

    @Test("text output: one line per finding sorted by position, then the summary; exit 1 on errors")
    func textOutput() throws {
        let folder = try TemporaryFolder(files: Self.files)
        let result = try ProcessRunner.run(["check", folder.path])
        #expect(result.status == 1)
        #expect(result.err.isEmpty)
        #expect(result.out == """
        index.html:2:10: error: the URL contains a raw space at character 44; encode spaces as %20 [raw-space] — suggested: https://twitter.com/intent/tweet?text=Hello%20world
        sub/index.html:1:70: warning: '%7e' for '~' at character 32 encodes a character that needs no encoding [encoded-unreserved] — suggested: https://x.com/intent/post?text=~
        sub/index.html:1:70: warning: '%7e' at character 32 uses lower-case hex; write upper-case (RFC 3986 recommends it) [lowercase-hex] — suggested: https://x.com/intent/post?text=~
        1 error, 2 warnings in 2 of 2 files; 3 intent URLs checked

        """)
    }

    @Test("--format json prints one JSON document with findings and totals")
    func jsonOutput() throws {
        let folder = try TemporaryFolder(files: Self.files)
        let result = try ProcessRunner.run(["check", folder.path, "--format", "json"])
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 3)
        #expect(findings.first?["code"] as? String == "raw-space")
        #expect(findings.first?["line"] as? Int == 2)
        #expect(findings.first?["column"] as? Int == 10)
        #expect(findings.first?["url"] as? String == "https://twitter.com/intent/tweet?text=Hello world")
        let totals = try #require(document["totals"] as? [String: Any])
        #expect(totals["errors"] as? Int == 1)
        #expect(totals["warnings"] as? Int == 2)
        #expect(totals["intent_urls"] as? Int == 3)
    }

    @Test("warnings alone exit 0, and 1 with --strict")
    func strictExit() throws {
        let folder = try TemporaryFolder(files: ["a.html": "<a href=\"https://x.com/intent/post?text=%7E\">"])
        #expect(try ProcessRunner.run(["check", folder.path]).status == 0)
        #expect(try ProcessRunner.run(["check", folder.path, "--strict"]).status == 1)
    }

    @Test("a clean folder exits 0 and says so")
    func clean() throws {
        let folder = try TemporaryFolder(files: ["a.html": "<a href=\"https://x.com/intent/post?text=%40OUTPUT.DD\">"])
        let result = try ProcessRunner.run(["check", folder.path, "--strict"])
        #expect(result.status == 0)
        #expect(result.out == "no problems in 1 file; 1 intent URL checked\n")
    }

    @Test("a missing folder, a bad format and a missing argument exit 2", arguments: [
        (["check", "/nonexistent-folder"], "error: /nonexistent-folder: no such folder"),
        (["check", ".", "--format", "jsn"], "error: unknown format 'jsn'; expected text or json\n  hint: did you mean 'json'?"),
        (["check"], "error: missing the folder to check"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try ProcessRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix(message))
    }

    @Test("with --format json an unreadable folder still prints one JSON document: the error, exit 2")
    func jsonError() throws {
        let result = try ProcessRunner.run(["check", "/nonexistent-folder", "--format", "json"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: /nonexistent-folder: no such folder"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(document["exit_code"] as? Int == 2)
        let problems = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect((problems.first?["message"] as? String)?.hasPrefix("/nonexistent-folder: no such folder") == true)
    }

    @Test("a folder without HTML files says so on stderr and exits 0")
    func noHTMLFiles() throws {
        let folder = try TemporaryFolder(files: ["notes.txt": "text"])
        let result = try ProcessRunner.run(["check", folder.path])
        #expect(result.status == 0)
        #expect(result.err == "no HTML files found in \(folder.path)\n")
        #expect(result.out == "no problems in 0 files; 0 intent URLs checked\n")
    }

    @Test("a file as argument is checked alone, whatever the case of its extension; findings name it as given")
    func singleFile() throws {
        let folder = try TemporaryFolder(files: ["PAGE.HTML": "<a href=\"https://x.com/intent/post?text=a b\">x</a><img src=\"logo.png\">",
                                                 "logo.png": "", "other.html": "<a href=\"missing.html\">m</a>"])
        let result = try ProcessRunner.run(["check", folder.path + "/PAGE.HTML"])
        #expect(result.status == 1)
        #expect(result.err.isEmpty)
        #expect(result.out.hasPrefix("\(folder.path)/PAGE.HTML:1:10: error: the URL contains a raw space"))
        #expect(result.out.hasSuffix("1 error, 0 warnings in 1 of 1 file; 1 intent URL checked\n"))
        #expect(try ProcessRunner.run(["check", folder.path]).out.hasSuffix("2 errors, 0 warnings in 2 of 2 files; 1 intent URL checked\n"))
    }

    @Test("<base href> moves relative links: a root-relative base is taken from the checked folder")
    func baseHref() throws {
        let folder = try TemporaryFolder(files: [
            "app/deep/index.html": "<base href=\"/app/\"><link rel=stylesheet href=\"style.css\"><script src=\"main.js\"></script><img src=\"x.png\">",
            "app/main.js": "", "app/style.css": "", "app/x.png": "",
        ])
        let result = try ProcessRunner.run(["check", folder.path])
        #expect(result.status == 0)
        #expect(result.out == "no problems in 1 file; 0 intent URLs checked\n")
    }
}
