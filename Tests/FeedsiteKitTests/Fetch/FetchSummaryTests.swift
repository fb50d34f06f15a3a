import Testing
@testable import FeedsiteKit

@Suite struct FetchSummaryTests {
    @Test("the summary line groups thousands and rounds the time to tenths")
    func text() {
        var summary = FetchSummary()
        summary.updated = 12
        summary.unchanged = 3_486
        summary.failed = 2
        summary.seconds = 4.06
        #expect(summary.text == "fetched 3,500 feeds in 4.1 s: 12 updated, 3,486 unchanged, 2 failed")
        summary.unchanged = 0
        summary.failed = 0
        summary.updated = 1
        #expect(summary.text.hasPrefix("fetched 1 feed in 4.1 s"))
    }
}
