import FeedsiteKit
import Foundation
import Testing

/// `feedsite schema`, `schema --write`, and what `init` writes for editors.
@Suite struct SchemaCommandTests {
    @Test("schema prints the JSON Schema of site.yml to stdout and nothing else")
    func prints() throws {
        let result = try ProcessRunner.run(["schema"])
        #expect(result.status == 0)
        #expect(result.out == SiteSchema.text)
        #expect(result.out.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\","))
        #expect(result.err.isEmpty)
    }

    @Test("schema --write writes site.schema.json beside --config, leaves it alone while it is current, and replaces a stale one whole")
    func writes() throws {
        let folder = try TemporaryFolder(files: ["sub/site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        let first = try ProcessRunner.run(["schema", "--write", "--config", "sub/site.yml"], in: folder.path)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out == "sub/site.schema.json: written\n")
        #expect(folder.read("sub/site.schema.json") == SiteSchema.text)
        let written = try folder.modificationDate("sub/site.schema.json")
        let second = try ProcessRunner.run(["schema", "--write", "--config", "sub/site.yml"], in: folder.path)
        #expect(second.out == "sub/site.schema.json: up to date\n")
        #expect(try folder.modificationDate("sub/site.schema.json") == written)
        try folder.write("sub/site.schema.json", "{}\n")
        let third = try ProcessRunner.run(["schema", "--write", "--config", "sub/site.yml"], in: folder.path)
        #expect(third.out == "sub/site.schema.json: written\n")
        #expect(folder.read("sub/site.schema.json") == SiteSchema.text)
        #expect(folder.list("sub").sorted() == ["site.schema.json", "site.yml"], "no temporary file is left behind")
        let plain = try ProcessRunner.run(["schema", "--write"], in: folder.path + "/sub")
        #expect(plain.out == "site.schema.json: up to date\n")
    }

    @Test("schema --write without a site.yml there (or at --config) writes nothing and exits 2 with a hint", arguments: [
        ([], "site.yml"), (["--config", "nowhere/site.yml"], "nowhere/site.yml"), (["--config", "other.yml"], "other.yml"),
    ])
    func noSite(_ extra: [String], _ config: String) throws {
        let folder = try TemporaryFolder(files: ["nowhere/.keep": ""])
        let result = try ProcessRunner.run(["schema", "--write"] + extra, in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: \(config): no such file, so there is no site to write site.schema.json for\n"
            + "  hint: run it in the site's folder (where site.yml is), or name the site's site.yml with --config PATH; "
            + "'feedsite init' makes a new site\n")
        #expect(folder.list().sorted() == ["nowhere/.keep"], "nothing is written")
    }

    @Test("a site.schema.json that is a link is refused, exit 2, naming it: neither the file it points to nor the link changes")
    func linkRefused() throws {
        let folder = try TemporaryFolder(files: ["site/site.yml": "title: T\n", "elsewhere/mine.json": "{}\n"])
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/site/site.schema.json", withDestinationPath: "../elsewhere/mine.json")
        for arguments in [["schema", "--write", "--config", "site/site.yml"], ["schema", "--write"]] {
            let result = try ProcessRunner.run(arguments, in: folder.path + (arguments.count == 2 ? "/site" : ""))
            #expect(result.status == 2)
            let shown = arguments.count == 2 ? "site.schema.json" : "site/site.schema.json"
            #expect(result.err == "error: \(shown) is a link, and schema --write never writes through a link or replaces one\n"
                + "  hint: remove the link (or put a plain copy of the file in its place), then run feedsite schema --write again\n")
            #expect(folder.read("elsewhere/mine.json") == "{}\n")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/site/site.schema.json") == "../elsewhere/mine.json")
            #expect(folder.list("site").sorted() == ["site.schema.json", "site.yml"], "no temporary file is left")
        }
    }

    @Test("schema --write where site.schema.json cannot be written (a folder of that name) fails with exit 2, the system's reason and a hint")
    func unwritable() throws {
        let folder = try TemporaryFolder(files: ["site.yml": "title: T\n", "site.schema.json/keep": ""])
        let result = try ProcessRunner.run(["schema", "--write"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err == "error: site.schema.json: cannot be written (Is a directory)\n"
            + "  hint: check that the folder exists and that you may write to it\n")
        #expect(folder.list().sorted() == ["site.schema.json/keep", "site.yml"], "no temporary file is left")
    }

    @Test("init writes the current schema beside a site.yml whose first line points editors at it")
    func initWritesSchema() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", "site"], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(folder.read("site/site.schema.json") == SiteSchema.text)
        #expect(folder.read("site/site.yml")?.hasPrefix(SiteSchema.modeline + "\n") == true)
        #expect(SiteSchema.modeline == "# yaml-language-server: $schema=site.schema.json")
        let refreshed = try ProcessRunner.run(["schema", "--write", "--config", "site/site.yml"], in: folder.path)
        #expect(refreshed.out == "site/site.schema.json: up to date\n")
    }

    @Test("after init, the next steps are printed in order: cd, edit site.yml, fetch, build, serve, and with the workflow the release repository to set")
    func nextSteps() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", "my site"], in: folder.path)
        let steps = try #require(result.out.range(of: "Next steps:\n")).upperBound
        #expect(String(result.out[steps...]) == """
              cd 'my site'
              1. edit site.yml: list your own accounts (handle, network)
              2. feedsite fetch    reads each account's feed into snapshots/
              3. feedsite build    writes the site into output/
              4. feedsite serve    previews it on http://127.0.0.1:8080 and rebuilds on every change
              5. before the first push to GitHub: in .github/workflows/feedsite.yml, set FEEDSITE_REPOSITORY
                 (feedsite/feedsite is a placeholder) to the GitHub repository that publishes the feedsite releases you use

            """)
        let empty = try TemporaryFolder()
        let here = try ProcessRunner.run(["init", "--ci", "none"], in: empty.path)
        #expect(here.out.contains("Next steps:\n  1. edit site.yml"), "no cd when the site is the current folder")
        #expect(here.out.hasSuffix("rebuilds on every change\n"), "no step 5 without the workflow")
        #expect(!here.out.contains("FEEDSITE_REPOSITORY"))
    }
}
