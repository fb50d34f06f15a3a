import Testing
@testable import FeedsiteKit

@Suite struct SchedulerTests {
    static func scheduler(_ urls: [String], transfers: Int = 16, perHost: Int = 4, notBefore: [Int: ContinuousClock.Instant] = [:]) -> Scheduler {
        var limits = FetchLimits()
        limits.transfers = transfers
        limits.transfersPerHost = perHost
        return Scheduler(transfers: urls.enumerated().map { index, url in
            Transfer(index: index, request: FetchRequest(url: url, notBefore: notBefore[index]))
        }, limits: limits)
    }

    @Test("transfers start in request order, at most the per-host limit to one host: a later host's start though an earlier host is full")
    func perHostLimit() {
        var scheduler = Self.scheduler((0..<6).map { "http://a.example/\($0)" } + ["http://B.example:8080/x", "http://u:p@a.example/7"])
        let first = scheduler.startable(active: 0)
        #expect(first.map(\.index) == [0, 1, 2, 3, 6])
        #expect(scheduler.startable(active: first.count).isEmpty)
        scheduler.finished(first[1])
        #expect(scheduler.startable(active: first.count - 1).map(\.index) == [4])
        scheduler.finished(first[0])
        scheduler.finished(first[2])
        scheduler.finished(first[4])
        // b.example's slot is free but it waits for nothing; a.example gets two more (its user info is not part of the host).
        #expect(scheduler.startable(active: 2).map(\.index) == [5, 7])
        #expect(scheduler.isFinished)
    }

    @Test("the total limit holds across hosts")
    func totalLimit() {
        var scheduler = Self.scheduler((0..<10).map { "http://h\($0).example/" }, transfers: 3)
        #expect(scheduler.startable(active: 0).map(\.index) == [0, 1, 2])
        #expect(scheduler.startable(active: 3).isEmpty)
        #expect(scheduler.startable(active: 1).map(\.index) == [3, 4])
    }

    @Test("no more than `most` transfers start at once, in request order; the rest start later")
    func most() {
        var scheduler = Self.scheduler((0..<6).map { "http://h\($0).example/" })
        #expect(scheduler.startable(active: 0, most: 2).map(\.index) == [0, 1])
        #expect(scheduler.startable(active: 2, most: 0).isEmpty)
        #expect(scheduler.startable(active: 2, most: 3).map(\.index) == [2, 3, 4])
        #expect(scheduler.startable(active: 5).map(\.index) == [5])
    }

    @Test("a transfer waiting for its Retry-After time lets the later ones of its host start; a requeued one counts for its new host")
    func waitingAndRequeued() {
        let later = ContinuousClock.now + .seconds(3600)
        var scheduler = Self.scheduler(["http://a.example/0", "http://a.example/1", "http://b.example/2"], perHost: 1, notBefore: [0: later])
        let started = scheduler.startable(active: 0)
        #expect(started.map(\.index) == [1, 2])
        #expect(!scheduler.isFinished)
        // A redirect of transfer 2 to a.example: a.example is full, b.example now free.
        started[1].url = "http://a.example/moved"
        scheduler.requeue(started[1])
        #expect(scheduler.startable(active: 1).isEmpty)
        scheduler.finished(started[0])
        #expect(scheduler.startable(active: 0).map(\.index) == [2])
    }
}
