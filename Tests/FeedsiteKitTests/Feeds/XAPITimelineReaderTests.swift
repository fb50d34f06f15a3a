import Testing
@testable import FeedsiteKit

/// X API v2 answers read into posts, without a network: the shapes of X's documentation.
@Suite struct XAPITimelineReaderTests {
    static func read(_ json: String, showReplies: Bool = false) throws(FeedError) -> Feed {
        try XAPITimelineReader(handle: "jack", showReplies: showReplies).read(XAPIDocument(Array(json.utf8), source: "x-api"))
    }

    @Test("links keep their t.co address when what they point to is not http(s); a video shows its preview image; unknown fields are ignored")
    func linksAndMedia() throws {
        let feed = try Self.read(#"""
            {"data": [{"id": "20", "text": "see https://t.co/a and\nhttps://t.co/v", "lang": "en", "possibly_sensitive": false,
                       "entities": {"urls": [{"start": 4, "end": 17, "url": "https://t.co/a", "expanded_url": "javascript:alert(1)"},
                                             {"start": 22, "end": 35, "url": "https://t.co/v", "media_key": "7_9"}],
                                    "hashtags": [{"start": 0, "end": 3, "tag": "x"}]},
                       "attachments": {"media_keys": ["7_9", "7_missing"]}}],
             "includes": {"media": [{"media_key": "7_9", "type": "video", "preview_image_url": "https://pbs.twimg.com/v.png",
                                     "width": 640, "height": 360, "variants": []}]},
             "meta": {"result_count": 1, "newest_id": "20", "oldest_id": "20"}}
            """#)
        let post = try #require(feed.posts.first)
        #expect(feed.format == .xAPI)
        #expect(post.html.contains("<a href=\"https://t.co/a\""))
        #expect(!post.html.contains("javascript"))
        #expect(post.text == "see https://t.co/a and")
        #expect(post.media == [PostMedia(url: "https://pbs.twimg.com/v.png", type: "image/png", alt: nil)])
        #expect(post.published == nil)
    }

    @Test("an empty timeline has no posts; a post without an id is left out with a warning")
    func emptyAndBroken() throws {
        #expect(try Self.read(#"{"meta": {"result_count": 0}}"#).posts.isEmpty)
        let feed = try Self.read(#"{"data": [{"text": "no id"}, {"id": "5", "text": "kept"}]}"#)
        #expect(feed.posts.map(\.id) == ["5"])
        #expect(feed.problems.map(\.message) == ["a post without an \"id\" of digits; left out"])
    }

    @Test("a post with neither text nor media is left out with a warning; one of media alone has no empty paragraph")
    func noText() throws {
        let feed = try Self.read(#"""
            {"data": [{"id": "5", "text": null}, {"id": "6", "attachments": {"media_keys": ["3_1"]}}],
             "includes": {"media": [{"media_key": "3_1", "type": "photo", "url": "https://pbs.twimg.com/m.jpg"}]}}
            """#)
        #expect(feed.posts.map(\.id) == ["6"])
        #expect(feed.posts.first?.html == "")
        #expect(feed.problems.map(\.message) == ["a post without a \"text\" or media; left out"])
    }

    @Test("a long post is read whole from note_tweet, its links from its entities; a repost from the post it reposts")
    func longPosts() throws {
        let feed = try Self.read(#"""
            {"data": [{"id": "7", "text": "The first 280 characters… https://t.co/cut",
                       "entities": {"urls": [{"start": 26, "end": 41, "url": "https://t.co/cut", "expanded_url": "https://x.com/i/web/status/7"}]},
                       "note_tweet": {"text": "The whole long post, read https://t.co/n1",
                                      "entities": {"urls": [{"start": 26, "end": 41, "url": "https://t.co/n1", "expanded_url": "https://example.com/n"}]}}},
                      {"id": "8", "text": "RT @bob: the start of bob's long po…", "referenced_tweets": [{"type": "retweeted", "id": "9"}]}],
             "includes": {"tweets": [{"id": "9", "text": "the start of bob's long po…", "note_tweet": {"text": "the start of bob's long post, all of it"}}]}}
            """#, showReplies: true)
        #expect(feed.posts.map(\.text) == ["The whole long post, read https://example.com/n", "RT @bob: the start of bob's long post, all of it"])
    }

    @Test("an answer with errors and no data fails in X's words; data that is not a list fails at its place", arguments: [
        (#"{"errors": [{"title": "Not Found Error", "detail": "Could not find user with id: [1]."}, {"message": "b"}]}"#,
         "X did not give @jack's posts: Not Found Error: Could not find user with id: [1]. (and 1 more)", nil),
        (#"{"data": {"id": "1"}}"#, "expected \"data\" to be a list of posts, found an object", (1, 10)),
        (#"[1]"#, "expected X's answer to be a JSON object, found an array", (1, 1)),
        (#"{"data": "#, "X's answer is not valid JSON: ", (1, 10)),
    ] as [(String, String, (Int, Int)?)])
    func failures(_ json: String, _ message: String, _ place: (Int, Int)?) throws {
        let error = try #require(throws: FeedError.self) { try Self.read(json) }
        #expect(error.message.hasPrefix(message), "\(error.message)")
        #expect(error.location?.line == place?.0 && error.location?.column == place?.1)
    }

    @Test("the user id of a lookup is read, and must be digits")
    func userID() throws {
        #expect(try XAPIDocument(Array(#"{"data": {"id": "2244994945", "name": "X", "username": "jack"}}"#.utf8), source: "x-api")
            .userID(handle: "jack") == "2244994945")
        #expect(throws: FeedError.self) {
            try XAPIDocument(Array(#"{"data": {"id": "../admin"}}"#.utf8), source: "x-api").userID(handle: "jack")
        }
    }

    @Test("a snapshot keeps the X user id, reads it back, and refuses one that is not digits")
    func snapshotUserID() throws {
        let snapshot = Snapshot(handle: "jack", record: SnapshotRecord(source: "x-api", postLimit: 20, xUserID: "2244994945"), posts: [])
        let text = String(decoding: snapshot.json, as: UTF8.self)
        #expect(text.contains("    \"posts_limit\": 20,\n    \"x_user_id\": \"2244994945\"\n  },"))
        var decoder = SnapshotDecoder(snapshot.json, file: "snapshots/jack.json")
        #expect(decoder.decode() == snapshot)
        var broken = SnapshotDecoder(Array(text.replacing("2244994945", with: "1/tweets?x=").utf8), file: "snapshots/jack.json")
        #expect(broken.decode() == nil)
        #expect(broken.diagnostics.first?.message == "expected \"x_user_id\" to be an X user id (digits), found '1/tweets?x='")
    }
}
