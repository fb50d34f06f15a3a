import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SnapshotStoreCommitTests {
    @Test("a staged snapshot that cannot be put in place is returned with why; the others are still put in place")
    func partialCommit() throws {
        let folder = try TemporaryFolder()
        let store = SnapshotStore(folder: folder.path + "/snapshots")
        for slug in ["a", "b", "c"] {
            try store.stage(Snapshot(handle: slug, record: SnapshotRecord(source: "feeds/\(slug).xml"), posts: []), slug: slug)
        }
        // A temporary file gone before the commit fails like one the disk could not make durable.
        unlink(store.temporaryPath(of: "b"))
        let failures = store.commit(["a", "b", "c"])
        #expect(failures.map(\.slug) == ["b"])
        #expect(failures.first?.error.message == store.folder + "/b.json: cannot write the snapshot: No such file or directory")
        #expect(try store.read("a")?.handle == "a" && store.read("c")?.handle == "c")
        #expect(try store.read("b") == nil)
        #expect(folder.list("snapshots") == ["a.json", "c.json"])
    }
}
