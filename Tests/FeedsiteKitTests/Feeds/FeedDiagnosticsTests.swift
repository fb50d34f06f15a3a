import Testing
@testable import FeedsiteKit

/// Where the feed readers' warnings and errors point, and how many repeats of one warning are shown.
@Suite struct FeedDiagnosticsTests {
    @Test("a date that cannot be read is a warning at the date's element (RSS, Atom) or value (JSON Feed), not at the item")
    func dateWarningsPointAtTheDate() throws {
        let rss = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid>\n  <title>T</title>\n  <pubDate>yesterday</pubDate></item>"))
        let rssWarning = try #require(rss.problems.first { $0.message.contains("cannot read the date 'yesterday'") })
        #expect(rssWarning.location == SourceLocation(file: "feed.xml", line: 6, column: 3))
        let atom = try FeedFixture.read("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
            <entry><id>1</id>
              <updated>2026-11-29T14:03:00Z</updated>
                <published>soon</published></entry></feed>
            """)
        let atomWarning = try #require(atom.problems.first { $0.message.contains("cannot read the date 'soon'") })
        #expect(atomWarning.location == SourceLocation(file: "feed.xml", line: 4, column: 5))
        let json = try FeedFixture.read("""
            {"version": "https://jsonfeed.org/version/1.1", "items": [
              {"id": "1",
               "date_modified": "later"}]}
            """, source: "feed.json")
        let jsonWarning = try #require(json.problems.first { $0.message.contains("cannot read the date 'later'") })
        #expect(jsonWarning.location == SourceLocation(file: "feed.json", line: 3, column: 21))
    }

    @Test("repeated warnings of one kind are shown ten times, then counted in one last warning: 'and N more'")
    func repeatedWarningsAreCapped() throws {
        let items = (1...25).map { "<item><guid>same</guid><title>\($0)</title></item>" }.joined(separator: "\n")
        let feed = try FeedFixture.read(FeedFixture.rss(items))
        #expect(feed.posts.count == 1)
        let duplicates = feed.problems.filter { $0.message.hasPrefix("a second post with the id 'same'") }
        #expect(duplicates.count == 10)
        let more = feed.problems.filter { $0.message == "and 14 more posts with an id seen before (left out)" }
        #expect(more.count == 1)
        #expect(more.first?.location == duplicates.last?.location)
        #expect(feed.problems.count == 11)
    }

    @Test("an encoding the system cannot read is an error at its value in the XML declaration; from HTTP it has no place")
    func unknownEncodingHasAPosition() throws {
        let text = "<?xml version=\"1.0\"  encoding='x-no-such-charset'?>\n<rss><channel><title>A</title></channel></rss>"
        let error = try #require(FeedFixture.error(text))
        #expect(error.kind == .unsupportedEncoding)
        #expect(error.location == SourceLocation(file: "feed.xml", line: 1, column: 32))
        #expect(error.message == "the feed's encoding 'x-no-such-charset' is not one this system can read")
        let http = #expect(throws: FeedError.self) {
            try FeedFixture.read("<rss><channel><title>A</title></channel></rss>", contentType: "application/rss+xml; charset=x-no-such-charset")
        }
        #expect(http?.kind == .unsupportedEncoding)
        #expect(http?.location == nil)
    }
}
