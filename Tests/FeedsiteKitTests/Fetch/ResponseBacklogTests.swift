import Dispatch
import Foundation
import Synchronization
import Testing
@testable import FeedsiteKit

@Suite(.serialized) struct ResponseBacklogTests {
    @Test("room is the limit less the running transfers and the responses not yet taken; a response taken wakes the transfers only when they found no room, and never once detached")
    func room() {
        let backlog = ResponseBacklog(limit: 3)
        let wakes = Mutex(0)
        backlog.attach { wakes.withLock { $0 += 1 } }
        #expect(backlog.room(running: 1) == 2)
        backlog.queued()
        backlog.queued()
        #expect(backlog.room(running: 1) == 0)
        backlog.taken()
        #expect(wakes.withLock { $0 } == 1)
        #expect(backlog.room(running: 0) == 2)
        backlog.taken()
        #expect(wakes.withLock { $0 } == 1, "the transfers had room: nothing to wake")
        backlog.queued()
        #expect(backlog.room(running: 2) == 0)
        backlog.detach()
        backlog.taken()
        #expect(wakes.withLock { $0 } == 1)
        #expect(backlog.room(running: 0) == 3)
    }

    @Test("with a backlog, a request reaches the server only while fewer than its limit of responses wait or run: each one a reader takes lets the next start")
    func pacesTransfers() throws {
        let limit = 2, count = 8
        // The responses the reader has taken, as the server sees it when each request arrives.
        let taken = Atomic<Int>(0)
        let seen = Mutex<[Int]>([])
        let arrived = DispatchSemaphore(value: 0)
        let server = try LocalHTTPServer { _ in
            seen.withLock { $0.append(taken.load(ordering: .sequentiallyConsistent)) }
            arrived.signal()
            return .full(status: 200, body: Array("feed".utf8))
        }
        defer { server.stop() }
        var limits = FetchLimits()
        limits.transfers = count
        limits.transfersPerHost = count
        let backlog = ResponseBacklog(limit: limit)
        let responses = WorkQueue<Int>()
        let readerDone = DispatchSemaphore(value: 0)
        // The reader takes a response only once every request the backlog lets start has arrived: without
        // the backlog, all of them would have arrived before the first was taken.
        Thread {
            var arrivals = 0
            var read = 0
            while responses.take() != nil {
                while arrivals < min(count, read + limit) {
                    arrived.wait()
                    arrivals += 1
                }
                read += 1
                taken.store(read, ordering: .sequentiallyConsistent)
                backlog.taken()
            }
            readerDone.signal()
        }.start()
        var statuses: [Int] = []
        CurlTransfers(limits: limits).run((0..<count).map { FetchRequest(url: server.url("/feed/\($0)")) }, backlog: backlog) { index, response in
            if case .body(let body) = response { statuses.append(body.status) }
            responses.put(index)
        }
        responses.close(consumers: 1)
        readerDone.wait()
        #expect(statuses == Array(repeating: 200, count: count))
        let arrivals = seen.withLock { $0 }
        #expect(arrivals.count == count)
        for (number, takenThen) in zip(1..., arrivals) {
            #expect(number <= takenThen + limit, "request \(number) arrived when \(takenThen) responses were taken")
        }
    }
}
