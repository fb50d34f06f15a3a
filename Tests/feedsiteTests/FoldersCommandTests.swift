import Foundation
import Testing

/// `feedsite folders`: where site.yml puts the templates, output and snapshots, for scripts.
@Suite struct FoldersCommandTests {
    @Test("folders prints each folder as site.yml resolves it, relative to the working folder when inside it; a name prints that path alone")
    func prints() throws {
        let folder = try TemporaryFolder(files: [
            "site/site.yml": "title: T\noutput: public\nsnapshots: state/snaps\ntemplates: ../shared-templates\naccounts:\n  - handle: jack\n",
        ])
        let all = try ProcessRunner.run(["folders"], in: folder.path + "/site")
        #expect(all.status == 0, "\(all.err)")
        #expect(all.out == "templates: \(folder.path)/shared-templates\noutput: public\nsnapshots: state/snaps\n")
        #expect(all.err.isEmpty)
        let fromAbove = try ProcessRunner.run(["folders", "--config", "site/site.yml", "snapshots"], in: folder.path)
        #expect(fromAbove.out == "site/state/snaps\n")
        let defaults = try TemporaryFolder(files: ["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        #expect(try ProcessRunner.run(["folders"], in: defaults.path).out == "templates: templates\noutput: output\nsnapshots: snapshots\n")
        #expect(try ProcessRunner.run(["folders", "output"], in: defaults.path).out == "output\n")
    }

    @Test("folders refuses a name it does not know (usage, exit 2), and a site.yml with errors or none at all (exit 2, nothing on stdout)", arguments: [
        (["folders", "snapshot"], "error: unknown folder 'snapshot'; expected one of templates, output, snapshots\n  hint: did you mean 'snapshots'?\n"),
        (["folders", "--config", "broken.yml"], "broken.yml:1:1: error: missing required key 'accounts'\n"),
        (["folders", "--config", "missing.yml"], "error: missing.yml: no such file (expected the site configuration)\n"),
        (["folders", "output", "snapshots"], "error: unexpected argument 'snapshots'\n"),
    ])
    func refuses(_ arguments: [String], _ start: String) throws {
        let folder = try TemporaryFolder(files: ["broken.yml": "title: T\n"])
        let result = try ProcessRunner.run(arguments, in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix(start), "\(result.err)")
    }
}
