import Synchronization
import Testing
@testable import FeedsiteKit

@Suite struct ParallelLoopTests {
    struct Stop: Error, Equatable {
        let index: Int
    }

    @Test("every index is visited exactly once, whatever the chunk size", arguments: [
        (0, 1), (1, 1), (1, 64), (2, 1), (7, 3), (1_000, 1), (1_000, 64), (10_000, 7),
    ])
    func visitsEachIndexOnce(count: Int, chunk: Int) {
        let visits = Mutex<[Int]>(Array(repeating: 0, count: count))
        let calls = Atomic<Int>(0)
        ParallelLoop.run(count: count, chunk: chunk) { chunks in
            calls.wrappingAdd(1, ordering: .relaxed)
            var mine: [Int] = []
            for range in chunks {
                #expect(range.count <= chunk && !range.isEmpty)
                mine += range
            }
            visits.withLock { for index in mine { $0[index] += 1 } }
        }
        #expect(visits.withLock { $0 }.allSatisfy { $0 == 1 })
        #expect(calls.load(ordering: .relaxed) == ParallelLoop.threads(count: count, chunk: chunk))
    }

    @Test("no threads for no items, and never more threads than chunks")
    func threadCount() {
        #expect(ParallelLoop.threads(count: 0) == 0)
        #expect(ParallelLoop.threads(count: 1) == 1)
        #expect(ParallelLoop.threads(count: 100, chunk: 64) <= 2)
        #expect(ParallelLoop.threads(count: 1_000) >= 1)
    }

    @Test("an error is rethrown: the first one, after every thread has finished")
    func errorsAreRethrown() {
        let running = Atomic<Int>(0)
        #expect(throws: Stop(index: 10)) {
            try ParallelLoop.run(count: 1_000, chunk: 1) { chunks throws(Stop) in
                running.wrappingAdd(1, ordering: .relaxed)
                defer { running.wrappingSubtract(1, ordering: .relaxed) }
                for range in chunks {
                    for index in range where index == 10 { throw Stop(index: index) }
                }
            }
        }
        #expect(running.load(ordering: .relaxed) == 0)
    }

    @Test("once a thread has failed, no thread takes another chunk")
    func stoppedChunksEnd() {
        let shared = ParallelLoop.Shared()
        var chunks = ParallelLoop.Chunks(shared: shared, count: 100, size: 10)
        #expect(chunks.next() == 0..<10)
        shared.stopped.store(true, ordering: .relaxed)
        #expect(chunks.next() == nil)
        #expect(shared.next.load(ordering: .relaxed) == 10)
    }

    @Test("with one item the body runs once, on one thread")
    func oneItem() throws {
        let seen = Mutex<[Int]>([])
        try ParallelLoop.run(count: 1, chunk: 64) { chunks throws(Stop) in
            for range in chunks { seen.withLock { $0 += range } }
        }
        #expect(seen.withLock { $0 } == [0])
    }
}
