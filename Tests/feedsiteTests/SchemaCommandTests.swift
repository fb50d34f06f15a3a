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
        let plain = try ProcessRunner.run(["schema", "--write"], in: folder.path)
        #expect(plain.out == "site.schema.json: written\n" && folder.read("site.schema.json") == SiteSchema.text)
    }

    @Test("schema --write into a folder that does not exist fails with exit 2, the path and a hint")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["schema", "--write", "--config", "nowhere/site.yml"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: nowhere/site.schema.json: cannot be written (No such file or directory)\n  hint: "))
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

    @Test("after init, the next steps are printed in order: cd, edit site.yml, fetch, build, serve")
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

            """)
        let empty = try TemporaryFolder()
        let here = try ProcessRunner.run(["init"], in: empty.path)
        #expect(here.out.contains("Next steps:\n  1. edit site.yml"), "no cd when the site is the current folder")
    }
}
