import Dispatch
import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct FetchStopTests {
    @Test("snapshot writes on two threads run at the same time; after stop their temporary files are gone and no write starts")
    func concurrentWrites() throws {
        let folder = try TemporaryFolder()
        let store = SnapshotStore(folder: folder.path + "/snapshots")
        let stop = FetchStop()
        stop.writing(into: store.folder)
        let firstIn = DispatchSemaphore(value: 0), secondIn = DispatchSemaphore(value: 0), firstDone = DispatchSemaphore(value: 0)
        let overlapped = DispatchSemaphore(value: 0)
        Thread {
            _ = try? stop.unlessStopped { () throws(InputError) in
                try store.stage(Self.snapshot("a"), slug: "a")
                firstIn.signal()
                // Held until the second write has started: with one write at a time it never does (the wait gives up).
                if secondIn.wait(timeout: .now() + 60) == .success { overlapped.signal() }
            }
            firstDone.signal()
        }.start()
        #expect(firstIn.wait(timeout: .now() + 60) == .success)
        let second: Void? = try stop.unlessStopped { () throws(InputError) in
            try store.stage(Self.snapshot("b"), slug: "b")
            secondIn.signal()
        }
        #expect(second != nil)
        #expect(firstDone.wait(timeout: .now() + 60) == .success)
        #expect(overlapped.wait(timeout: .now()) == .success)
        #expect(folder.list("snapshots").count == 2)
        stop.stop()
        #expect(folder.list("snapshots").isEmpty)
        var ran = false
        #expect(stop.unlessStopped { ran = true } == nil)
        #expect(!ran)
    }

    static func snapshot(_ slug: String) -> Snapshot {
        Snapshot(handle: slug, record: SnapshotRecord(source: "feeds/\(slug).xml"), posts: [])
    }
}
