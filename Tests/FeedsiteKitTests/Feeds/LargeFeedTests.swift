import Testing
@testable import FeedsiteKit

/// Feeds larger than libxml2 reads by default: feedsite's own size limit bounds the input, not libxml2's.
@Suite struct LargeFeedTests {
    @Test("a valid RSS feed of 50,000 items and over 10 MB reads every item without a warning")
    func fiftyThousandItems() throws {
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>Big</title>\n"
        let words = String(repeating: "words ", count: 24)
        for index in 0..<50_000 {
            text += "<item><guid>\(index)</guid><title>Post \(index)</title><description>\(words)</description></item>\n"
        }
        text += "</channel></rss>\n"
        #expect(text.utf8.count > 10_000_000)
        let feed = try FeedFixture.read(bytes: Array(text.utf8))
        #expect(feed.problems.map(\.message) == [])
        #expect(feed.posts.count == 50_000)
    }

    @Test("libxml2's messages name what they are about, not its functions", arguments: [
        ("xmlParseEntityRef: no name", "entity reference: no name"),
        ("internal error: Huge input lookup", "Huge input lookup"),
        ("xmlSAX2Characters: huge text node", "huge text node"),
        ("Opening and ending tag mismatch: a line 1 and b", "Opening and ending tag mismatch: a line 1 and b"),
    ])
    func reworded(message: String, expected: String) {
        #expect(XMLTreeReader.reworded(message) == expected)
    }
}
