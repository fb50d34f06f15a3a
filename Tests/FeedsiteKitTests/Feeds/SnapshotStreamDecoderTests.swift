import Testing
@testable import FeedsiteKit

/// The stream decoder reads what fetch writes into the very `Snapshot` the tree decoder makes, and
/// gives up on everything the tree decoder must report.
@Suite struct SnapshotStreamDecoderTests {
    /// A snapshot text, whether the stream decoder must read it itself, and the slug of its file.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        /// True: the stream decoder reads it; false: it leaves it to the tree decoder.
        let streamed: Bool
        var slug: String? = "x"
        var testDescription: String { name }
    }

    static func file(posts: String = "", fetch: String = #""source": "s""#, handle: String = "\"x\"") -> String {
        "{\"format\": 1, \"handle\": \(handle),\n \"fetch\": {\(fetch)},\n \"posts\": [\(posts)\n]}"
    }

    /// Noncharacters, which Swift refuses in literals.
    static let noncharacters = [0xFDD0, 0xFFFE, 0x10FFFF].map { String(Unicode.Scalar(UInt32($0))!) }.joined()

    static let cases: [Case] = [
        Case(name: "keys in another order, no white space", json: #"{"posts":[{"media":[],"id":"1","text":"t"}],"fetch":{"source":"s"},"handle":"x","format":1}"#,
             streamed: true),
        Case(name: "a byte order mark and white space everywhere", json: "\u{FEFF}\r\n\t{ \"format\" : 1 , \"handle\" : \"x\" , \"fetch\" : { \"source\" : \"s\" } , \"posts\" : [ ] }\n ",
             streamed: true),
        Case(name: "format 1.0 and 1e0", json: #"{"format": 1.0, "handle": "x", "fetch": {"source": "s"}, "posts": []}"#, streamed: true),
        Case(name: "the handle in upper case", json: file(handle: "\"X\""), streamed: true),
        Case(name: "the handle of another file", json: file(handle: "\"y\""), streamed: false),
        Case(name: "no slug to compare", json: file(handle: "\"y\""), streamed: true, slug: nil),
        Case(name: "escapes of every kind", json: file(posts: #"{"id": "a\"b\\c\/d\n\t\r\b\f\u00e9\ud83d\ude00\ud800x\u0007", "text": "\u0000\u009f\ufffe", "title": "\u202e"}"#),
             streamed: true),
        Case(name: "raw control characters and noncharacters in strings", json: file(posts: "{\"id\": \"1\u{7F}\u{85}\", \"author\": \"a" + noncharacters + "b\"}"),
             streamed: true),
        Case(name: "two ids that differ by a control character", json: file(posts: #"{"id": "1"}, {"id": "1\u0007"}"#), streamed: true),
        Case(name: "links and media that are not http", json: file(posts: #"{"id": "1", "url": "javascript:alert(1)", "media": [{"url": "data:x"}, {"url": "https://a.example/a b.png", "type": null}]}"#),
             streamed: true),
        Case(name: "HTML edited into something unsafe", json: file(posts: #"{"id": "1", "html": "<p onclick=\"x()\">a</p><script>x()</script></div>"}"#),
             streamed: true),
        Case(name: "flags true, false and null; media null", json: file(posts: #"{"id": "1", "is_reply": true, "is_repost": null, "media": null}, {"id": "2", "is_reply": false, "is_repost": true}"#),
             streamed: true),
        Case(name: "a full fetch record", json: file(fetch: #""source": "s\u0001", "etag": "\"e\"", "last_modified": "l", "fetched_at": "2026-11-29T15:03:00+01:00", "changed_at": "2026-11-29t14:03:00.5z", "error": "e", "posts_limit": 20, "x_user_id": "123""#),
             streamed: true),
        Case(name: "a copy with every field", json: file(posts: #"{"id": "1", "media": [{"url": "https://a.example/a.png", "type": "image/png", "alt": "A", "copy": {"file": "0123456789abcdef.png", "type": "image/png", "width": 3, "height": 2.0, "etag": null, "last_modified": "m"}}, {"url": "https://a.example/b.png", "copy": null}]}"#),
             streamed: true),
        Case(name: "long texts with accents, CJK, emoji and the escapes fetch writes",
             json: file(posts: #"{"id": "https://example.com/p/1", "title": "café naïve Ünïcode über déjà vu, 漢字かな 😀", "text": "a \"b\" \\ c\nd\te\r \u2028 \u00e9 \/", "html": "<p>Zoë&#39;s <a href=\"https://example.com/?a=1&amp;b=2\" rel=\"nofollow ugc noopener noreferrer\">https://example.com/?a=1&amp;b=2</a></p><p>über <em>#0</em></p>"}"#),
             streamed: true),
        Case(name: "an escaped surrogate pair and escaped noncharacters", json: file(posts: #"{"id": "\ud83d\ude00", "text": "a\uffffb\ufdd0"}"#), streamed: true),
        Case(name: "ids that are the same id in another normal form", json: file(posts: "{\"id\": \"caf\u{E9}\"}, {\"id\": \"cafe\u{301}\"}"), streamed: false),
        Case(name: "ids that are the same id, one with the Kelvin sign", json: file(posts: "{\"id\": \"K\"}, {\"id\": \"\u{212A}\"}"), streamed: false),
        Case(name: "a huge format", json: #"{"format": 1e999, "handle": "x", "fetch": {"source": "s"}, "posts": []}"#, streamed: false),
        Case(name: "a huge posts_limit", json: file(fetch: #""source": "s", "posts_limit": 123456789012345678901234567890"#), streamed: false),
        Case(name: "a huge width", json: file(posts: #"{"id": "1", "media": [{"url": "u", "copy": {"file": "0123456789abcdef.png", "type": "t", "width": 1e400}}]}"#),
             streamed: false),
        Case(name: "arrays nested deeper than the reader allows", json: file(posts: String(repeating: "[", count: 10_000)), streamed: false),
        Case(name: "objects nested in a string's place", json: file(posts: #"{"id": {"id": {"id": "1"}}}"#), streamed: false),
        Case(name: "a file cut inside a string", json: String(file(posts: #"{"id": "1", "text": "abcdefghijklmnop"}"#).dropLast(20)), streamed: false),
        Case(name: "a file cut after a backslash", json: #"{"format": 1, "handle": "x", "fetch": {"source": "s"}, "posts": [{"id": "1", "text": "abc\"#,
             streamed: false),
        Case(name: "a file cut inside a \\u escape", json: #"{"format": 1, "handle": "x", "fetch": {"source": "s"}, "posts": [{"id": "1", "text": "abc\u00"#,
             streamed: false),
        Case(name: "invalid UTF-8", json: "", streamed: false),
        Case(name: "a trailing comma", json: file(posts: #"{"id": "1",}"#), streamed: false),
        Case(name: "text after the object", json: file() + " {}", streamed: false),
        Case(name: "a key with an escape", json: file(posts: #"{"\u0069d": "1"}"#), streamed: false),
        Case(name: "a repeated key", json: file(posts: #"{"id": "1", "text": "a", "text": "b"}"#), streamed: false),
        Case(name: "an unknown key", json: file(posts: #"{"id": "1", "txt": "a"}"#), streamed: false),
        Case(name: "a repeated id", json: file(posts: #"{"id": "1"}, {"id": "1"}"#), streamed: false),
        Case(name: "a number for a string", json: file(posts: #"{"id": 1}"#), streamed: false),
        Case(name: "a string for a flag", json: file(posts: #"{"id": "1", "is_reply": "true"}"#), streamed: false),
        Case(name: "a date that is not RFC 3339", json: file(posts: #"{"id": "1", "published": "2026-11-29"}"#), streamed: false),
        Case(name: "a date with a control character inside", json: file(posts: #"{"id": "1", "published": "2026-11-29T14:03:00\u0007Z"}"#), streamed: true),
        Case(name: "posts_limit 2.5", json: file(fetch: #""source": "s", "posts_limit": 2.5"#), streamed: false),
        Case(name: "an X user id with letters", json: file(fetch: #""source": "s", "x_user_id": "12a""#), streamed: false),
        Case(name: "a copy named like a path", json: file(posts: #"{"id": "1", "media": [{"url": "https://a.example/a.png", "copy": {"file": "../a.png", "type": "image/png"}}]}"#),
             streamed: false),
        Case(name: "a width of zero", json: file(posts: #"{"id": "1", "media": [{"url": "u", "copy": {"file": "0123456789abcdef.png", "type": "t", "width": 0}}]}"#),
             streamed: false),
        Case(name: "format 2", json: #"{"format": 2, "handle": "x", "fetch": {"source": "s"}, "posts": []}"#, streamed: false),
        Case(name: "no format", json: #"{"handle": "x", "fetch": {"source": "s"}, "posts": []}"#, streamed: false),
        Case(name: "a media item without a url", json: file(posts: #"{"id": "1", "media": [{"type": "t"}]}"#), streamed: false),
        Case(name: "an unterminated string", json: #"{"format": 1, "handle": "x"#, streamed: false),
        Case(name: "true misspelt", json: file(posts: #"{"id": "1", "is_reply": tru}"#), streamed: false),
    ]

    /// `case.json` as bytes; "invalid UTF-8" gets a byte that no UTF-8 text holds inside a string.
    static func bytes(_ testCase: Case) -> [UInt8] {
        guard testCase.json.isEmpty else { return Array(testCase.json.utf8) }
        return Array(file(posts: #"{"id": "1", "text": "a"#).utf8) + [0xFF] + Array("\"}\n]}".utf8)
    }

    @Test("the stream decoder reads a snapshot into what the tree decoder reads, or leaves it to the tree decoder", arguments: cases)
    func sameAsTree(_ testCase: Case) {
        let bytes = Self.bytes(testCase)
        var tree = SnapshotDecoder(bytes, file: "snapshots/x.json", slug: testCase.slug)
        let expected = tree.decodeTree()
        var stream = SnapshotStreamDecoder(bytes, slug: testCase.slug)
        let streamed = stream.decode()
        if testCase.streamed {
            #expect(streamed != nil)
            #expect(streamed == expected, "\(tree.diagnostics.map(\.description))")
        } else {
            #expect(streamed == nil)
        }
        var both = SnapshotDecoder(bytes, file: "snapshots/x.json", slug: testCase.slug)
        #expect(both.decode() == expected)
        #expect(both.diagnostics == tree.diagnostics)
    }

    @Test("a link is kept as FeedLink.webURL keeps it", arguments: [
        "https://example.com/p/1?a=1&b=2#c", "http://example.com", "HTTPS://EXAMPLE.COM/", "https://example.com/a b", " https://example.com/",
        "https://example.com/\t", "https://example.com/caf\u{E9}", "https://example.com/\u{7F}", "https://example.com/\u{85}", "https://",
        "http://", "https:/x", "javascript:alert(1)", "ftp://example.com/", "", "/relative", "https:example.com",
    ])
    func links(_ link: String) {
        #expect(SnapshotDecoder.webURL(link) == FeedLink.webURL(link))
    }

    @Test("every snapshot broken by hand is left to the tree decoder", arguments: SnapshotTests.broken)
    func brokenLeftToTree(_ broken: SnapshotTests.Broken) {
        var stream = SnapshotStreamDecoder(Array(broken.json.utf8), slug: broken.slug)
        #expect(stream.decode() == nil)
    }

    @Test("what fetch writes is read by the stream decoder as the tree decoder reads it")
    func written() throws {
        let copy = MediaCopy(file: "0123456789abcdef.webp", type: "image/webp", width: 640, height: nil, etag: "\"q\"", lastModified: "Tue")
        let snapshot = Snapshot(
            handle: "Jack",
            record: SnapshotRecord(source: "https://u:***@bridge.example/jack.rss", etag: "W/\"v\\1\"", fetchedAt: "2026-12-01T00:51:00Z",
                                   error: "HTTP 500\n\"x\"", postLimit: 7, xUserID: "42"),
            posts: (0..<30).map { index in
                Post(id: "tag:example.com,2026:\(index)\u{1F600}", url: index % 3 == 0 ? nil : "https://example.com/p/\(index)?a=1&b=2",
                     title: index % 2 == 0 ? "Tïtle \"\(index)\" \\ / <b>" : nil, text: "line\nbreak\ttab \u{2028} \(index)",
                     html: "<p>Hi <a href=\"https://example.com/?a=1&amp;b=2\" rel=\"nofollow ugc noopener noreferrer\">x</a></p>",
                     published: index % 4 == 0 ? nil : "2026-11-30T10:00:\(10 + index)Z", updated: index % 5 == 0 ? "2026-12-01T00:00:00Z" : nil,
                     author: "@jack", media: index % 2 == 0 ? [] : [PostMedia(url: "https://cdn.example/\(index).png", type: "image/png", alt: "Ä \(index)",
                                                                              copy: index % 3 == 1 ? copy : nil)],
                     isReply: index % 7 == 0, isRepost: index % 11 == 0)
            })
        var stream = SnapshotStreamDecoder(snapshot.json, slug: "jack")
        let decoded = stream.decode()
        let streamed = try #require(decoded)
        var tree = SnapshotDecoder(snapshot.json, file: "snapshots/jack.json", slug: "jack")
        let fromTree = tree.decodeTree()
        #expect(streamed == fromTree)
        #expect(streamed == snapshot)
    }
}
