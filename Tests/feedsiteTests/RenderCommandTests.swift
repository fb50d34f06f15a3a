import Testing

@Suite struct RenderCommandTests {
    @Test("render writes exactly the rendered bytes to stdout, with partials from --partials")
    func rendersWithPartials() throws {
        let folder = try TemporaryFolder(files: [
            "t.html": "Hello {{name}}! {{> foot}}\n{{#items}}- {{.}}\n{{/items}}",
            "p/foot.html": "({{year}})",
            "d.yml": "name: \"A & B\"\nyear: 2026\nitems: [1, 2.5, x]\n",
        ])
        let result = try ProcessRunner.run(["render", "t.html", "--data", "d.yml", "--partials", "p"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out == "Hello A &amp; B! (2026)\n- 1\n- 2.5\n- x\n")
        #expect(result.err.isEmpty)
    }

    @Test("render reads JSON data whose top level is any value")
    func jsonTopLevel() throws {
        let folder = try TemporaryFolder(files: ["t.html": "{{#.}}<{{.}}>{{/.}}", "d.json": "[\"a\", 2, null]"])
        let result = try ProcessRunner.run(["render", "t.html", "--data", "d.json"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out == "<a><2><>")
    }

    @Test("without --partials, partials are read beside the template; a missing one renders nothing")
    func partialsBesideTemplate() throws {
        let folder = try TemporaryFolder(files: ["t/page.html": "[{{> head}}|{{> missing}}]", "t/head.html": "H"])
        let result = try ProcessRunner.run(["render", "t/page.html"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out == "[H|]")
    }

    @Test("--partials naming no folder is an error, exit 2, nothing rendered", arguments: [
        ("nope", "error: nope: no such folder (expected the folder of partials given by --partials)\n"),
        ("t.html", "error: t.html: is a file, expected the folder of partials given by --partials\n"),
    ])
    func partialsFolderMissing(_ partials: String, _ message: String) throws {
        let folder = try TemporaryFolder(files: ["t.html": "[{{> head}}]"])
        let result = try ProcessRunner.run(["render", "t.html", "--partials", partials], in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix(message), "\(result.err)")
    }

    @Test("a template error goes to stderr with its position and exits 2; nothing goes to stdout")
    func templateError() throws {
        let folder = try TemporaryFolder(files: ["t.html": "<ul>\n  {{#items}}\n"])
        let result = try ProcessRunner.run(["render", "t.html"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "t.html:2:3: error: section 'items' opened here is never closed\n  hint: add {{/items}} where it should end\n")
    }

    @Test("a data file error names the data file's line and column")
    func dataError() throws {
        let folder = try TemporaryFolder(files: ["t.html": "x", "d.yml": "a: 1\na: 2\n"])
        let result = try ProcessRunner.run(["render", "t.html", "--data", "d.yml"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("d.yml:2:1: error: duplicate key 'a' (first defined at line 1, column 1)"))
    }

    @Test("a missing template file is an I/O error, exit 2")
    func missingTemplate() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["render", "nope.html"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err == "error: nope.html: no such file (expected a template)\n")
    }

    @Test("numbers in the data print as written", arguments: ["d.yml", "d.json"])
    func numbersAsWritten(_ data: String) throws {
        let folder = try TemporaryFolder(files: [
            "t.html": "{{#.}}{{.}} {{/.}}",
            "d.yml": "[1.10, 12345678901234567890, 85, 1.21, 0x1F, 1e3, -0, +5, .inf, 2.50e-3]",
            "d.json": "[1.10, 12345678901234567890, 85, 1.21, 1e3, -0, 2.50e-3]",
        ])
        let result = try ProcessRunner.run(["render", "t.html", "--data", data], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out == (data == "d.yml" ? "1.10 12345678901234567890 85 1.21 0x1F 1e3 -0 +5 .inf 2.50e-3 "
                                                : "1.10 12345678901234567890 85 1.21 1e3 -0 2.50e-3 "))
    }
}
