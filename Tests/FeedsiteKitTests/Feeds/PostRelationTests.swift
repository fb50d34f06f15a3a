import Testing
@testable import FeedsiteKit

/// Replies and reposts, by the one rule every format follows (`PostRelation`).
@Suite struct PostRelationTests {
    @Test("Atom: an entry with thr:in-reply-to (RFC 4685) is a reply; titles beginning 'R to @' and 'RT by @' mark a reply and a repost")
    func atom() throws {
        let feed = try FeedFixture.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:thr="http://purl.org/syndication/thread/1.0">
              <title>T</title><id>urn:t</id>
              <entry><id>urn:1</id><title>Agreed, and thanks</title><content>yes</content>
                <thr:in-reply-to ref="urn:0" href="https://example.org/0"/></entry>
              <entry><id>urn:2</id><title>R to @ana: nice launch</title><content>r</content></entry>
              <entry><id>urn:3</id><title>RT by @bob: the shuttle is back</title><content>rt</content></entry>
              <entry><id>urn:4</id><title>Rocket to @space? A plain post</title><content>p</content></entry>
            </feed>
            """)
        #expect(feed.posts.map { [$0.isReply, $0.isRepost] } == [[true, false], [true, false], [false, true], [false, false]])
    }

    @Test("RSS: the X bridges' title prefixes and thr:in-reply-to mark replies and reposts; other items are neither")
    func rss() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><title>R to @SwiftLang: which release?</title><description>q</description></item>
            <item><guid>2</guid><title>RT by @NASA: Moon photos</title><description>m</description></item>
            <item><guid>3</guid><title>RT @NASA: older style</title><description>o</description></item>
            <item><guid>4</guid><title>Reply guy</title><description>x</description>
              <thr:in-reply-to xmlns:thr="http://purl.org/syndication/thread/1.0" ref="0"/></item>
            <item><guid>5</guid><title>A post about RT by @someone</title><description>y</description></item>
            """))
        #expect(feed.posts.map { [$0.isReply, $0.isRepost] } == [[true, false], [false, true], [false, true], [true, false], [false, false]])
    }

    @Test("JSON Feed: the _feedsite extension's is_reply and is_repost mark an item; other values and other items are neither")
    func jsonFeed() throws {
        let feed = try FeedFixture.read("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
              {"id": "1", "content_text": "a reply", "_feedsite": {"is_reply": true}},
              {"id": "2", "content_text": "a repost", "_feedsite": {"is_repost": true}},
              {"id": "3", "content_text": "not a boolean", "_feedsite": {"is_reply": "yes"}},
              {"id": "4", "content_text": "plain"}
            ]}
            """, source: "feed.json")
        #expect(feed.posts.map { [$0.isReply, $0.isRepost] } == [[true, false], [false, true], [false, false], [false, false]])
    }

    @Test("a snapshot keeps is_reply and is_repost only when true and reads them back; a non-boolean is an error at its place")
    func snapshot() throws {
        let snapshot = Snapshot(handle: "ana", record: SnapshotRecord(source: "feeds/ana.xml"), posts: [
            Post(id: "1", text: "r", isReply: true), Post(id: "2", text: "rt", isRepost: true), Post(id: "3", text: "p"),
        ])
        let text = String(decoding: snapshot.json, as: UTF8.self)
        #expect(text.components(separatedBy: "\"is_reply\": true,").count - 1 == 1)
        #expect(text.components(separatedBy: "\"is_repost\": true,").count - 1 == 1)
        #expect(!text.contains("false"))
        var decoder = SnapshotDecoder(snapshot.json, file: "snapshots/ana.json")
        #expect(decoder.decode() == snapshot)
        let broken = #"{"format": 1, "handle": "x", "fetch": {"source": "s"}, "posts": [{"id": "1", "is_reply": "yes"}]}"#
        var bad = SnapshotDecoder(Array(broken.utf8), file: "snapshots/x.json")
        #expect(bad.decode() == nil)
        #expect(bad.diagnostics.first?.message == "expected true or false for \"is_reply\", found a string")
        #expect(bad.diagnostics.first?.location == SourceLocation(file: "snapshots/x.json", line: 1, column: 90))
    }
}
