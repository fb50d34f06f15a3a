import Foundation
import Testing

/// `feedsite build` with snapshots edited by hand: what is wrong stops the build at its place, exit 2,
/// nothing written.
@Suite struct SnapshotBuildTests {
    static let siteYAML = "title: T\naccounts:\n  - handle: Jack\n    feed: feeds/jack.xml\n"

    @Test("a snapshot whose handle is another account's stops the build at the handle, exit 2, nothing written")
    func handleOfAnotherAccount() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "snapshots/jack.json": """
            {"format": 1,
             "handle": "bob", "fetch": {"source": "feeds/jack.xml"}, "posts": []}
            """])
        let result = try ProcessRunner.run(["build"], in: site.path)
        #expect(result.status == 2)
        #expect(result.err.contains("""
            snapshots/jack.json:2:12: error: the snapshot's handle 'bob' is not the one its file is named after: expected 'jack' (in any case)
              hint: a snapshot belongs to the account its file is named after: write "handle": "jack", or rename the file to bob.json
            """), "\(result.err)")
        #expect(!site.exists("output"))
    }

    @Test("the handle may differ from the file name in case only, as page folders do")
    func handleInAnotherCase() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "snapshots/jack.json": """
            {"format": 1, "handle": "JACK", "fetch": {"source": "feeds/jack.xml"}, "posts": [{"id": "1", "text": "Hello from a snapshot"}]}
            """])
        let result = try ProcessRunner.run(["build", "--quiet"], in: site.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(site.read("output/jack/index.html")?.contains("Hello from a snapshot") == true)
    }

    @Test("a folder named like an account's snapshot stops the build with its path, exit 2, nothing written")
    func folderInPlaceOfASnapshot() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "snapshots/jack.json/notes.txt": "x"])
        let result = try ProcessRunner.run(["build"], in: site.path)
        #expect(result.status == 2)
        #expect(result.err.contains("error: snapshots/jack.json: is a folder; expected the account's snapshot, a file"), "\(result.err)")
        #expect(result.err.contains("hint: move the folder away or delete it"))
        #expect(!site.exists("output"))
    }
}
