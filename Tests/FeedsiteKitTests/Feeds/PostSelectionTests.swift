import Testing
@testable import FeedsiteKit

/// Which posts a snapshot keeps: the newest by date, and future dates brought back to the fetch time.
@Suite struct PostSelectionTests {
    @Test("the newest N by date are kept, newest first, whatever the feed's order; undated posts follow in feed order")
    func newest() {
        let oldestFirst = (1...30).map { day in Post(id: "\(day)", published: "2026-11-\(day < 10 ? "0" : "")\(day)T10:00:00Z") }
        #expect(PostSelection.newest(oldestFirst, limit: 3).map(\.id) == ["30", "29", "28"])
        let mixed = [Post(id: "u1"), Post(id: "a", published: "2026-11-01T00:00:00Z"), Post(id: "u2"),
                     Post(id: "b", updated: "2026-11-03T00:00:00Z"), Post(id: "c", published: "2026-11-01T00:00:00Z")]
        #expect(PostSelection.newest(mixed, limit: 10).map(\.id) == ["b", "a", "c", "u1", "u2"])
        #expect(PostSelection.newest(mixed, limit: 0).isEmpty)
    }

    @Test("a date later than a day after the fetch is brought back to the fetch time, and keeps that date on later fetches")
    func futureDates() {
        let now = "2026-12-01T10:00:00Z"
        let latest = FeedDate.adding(days: 1, to: now) ?? ""
        #expect(latest == "2026-12-02T10:00:00Z")
        let posts = [Post(id: "far", published: "2999-01-01T00:00:00Z", updated: "2999-01-02T00:00:00Z"),
                     Post(id: "soon", published: "2026-12-02T09:00:00Z"), Post(id: "past", published: "2026-11-01T00:00:00Z")]
        let first = PostSelection.clampingFutureDates(posts, now: now, latest: latest, previous: nil)
        #expect(first.map(\.published) == [now, "2026-12-02T09:00:00Z", "2026-11-01T00:00:00Z"])
        #expect(first.first?.updated == now)
        let later = PostSelection.clampingFutureDates(posts, now: "2026-12-05T10:00:00Z", latest: "2026-12-06T10:00:00Z", previous: first)
        #expect(later == first, "the date given at the first fetch stays")
    }
}
