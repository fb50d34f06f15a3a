import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct SnapshotTests {
    static let snapshot = Snapshot(
        handle: "jack",
        record: SnapshotRecord(source: "https://bridge.example/jack.rss", etag: "\"v1\"", lastModified: "Tue, 01 Dec 2026 00:00:00 GMT",
                               fetchedAt: "2026-12-01T00:51:00Z", changedAt: "2026-12-01T00:51:00Z"),
        posts: [
            Post(id: "1", url: "https://example.com/1", title: "One", text: "Hello \"world\"", html: "<p>Hello</p>",
                 published: "2026-11-30T10:00:00Z", author: "Jack", media: [PostMedia(url: "https://example.com/a.jpg", type: "image/jpeg")]),
            Post(id: "2", text: "Two"),
        ])

    @Test("a snapshot is written with keys in a fixed order, two spaces, one key per line and a final newline")
    func format() {
        let expected = """
            {
              "format": 1,
              "handle": "jack",
              "fetch": {
                "source": "https://bridge.example/jack.rss",
                "etag": "\\"v1\\"",
                "last_modified": "Tue, 01 Dec 2026 00:00:00 GMT",
                "fetched_at": "2026-12-01T00:51:00Z",
                "changed_at": "2026-12-01T00:51:00Z",
                "error": null
              },
              "posts": [
                {
                  "id": "1",
                  "url": "https://example.com/1",
                  "title": "One",
                  "text": "Hello \\"world\\"",
                  "html": "<p>Hello</p>",
                  "published": "2026-11-30T10:00:00Z",
                  "updated": null,
                  "author": "Jack",
                  "media": [
                    {
                      "url": "https://example.com/a.jpg",
                      "type": "image/jpeg",
                      "alt": null
                    }
                  ]
                },
                {
                  "id": "2",
                  "url": null,
                  "title": null,
                  "text": "Two",
                  "html": "",
                  "published": null,
                  "updated": null,
                  "author": null,
                  "media": []
                }
              ]
            }

            """
        #expect(String(decoding: Self.snapshot.json, as: UTF8.self) == expected)
    }

    @Test("a snapshot read back is the snapshot written, and an empty one has \"posts\": []")
    func roundTrip() throws {
        var decoder = SnapshotDecoder(Self.snapshot.json, file: "snapshots/jack.json")
        #expect(decoder.decode() == Self.snapshot)
        let empty = Snapshot(handle: "bob", record: SnapshotRecord(source: "feeds/bob.xml", error: "HTTP 404 Not Found"), posts: [])
        #expect(String(decoding: empty.json, as: UTF8.self).hasSuffix("  },\n  \"posts\": []\n}\n"))
        var again = SnapshotDecoder(empty.json, file: "snapshots/bob.json")
        #expect(again.decode() == empty)
    }

    /// A snapshot broken by hand and the first problem it must report.
    struct Broken: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let line: Int
        let column: Int
        let message: String
        var hint: String?
        /// The slug the file is named after, when the handle is compared with it.
        var slug: String?
        var testDescription: String { name }
    }

    /// A snapshot of handle `x` whose posts are `posts` (a JSON array's content) and fetch record `fetch`.
    static func snapshot(posts: String = "", fetch: String = #""source": "s""#) -> String {
        "{\"format\": 1, \"handle\": \"x\",\n \"fetch\": {\(fetch)},\n \"posts\": [\(posts)\n]}"
    }

    static let broken: [Broken] = [
        Broken(name: "not JSON", json: "{\n  \"format\": 1,\n  \"handle\" \"x\"\n}\n", line: 3, column: 12, message: "expected ':'"),
        Broken(name: "a list", json: "[]\n", line: 1, column: 1, message: "expected a snapshot (an object with format, handle, fetch and posts), found an array"),
        Broken(name: "another account's handle", json: "{\"format\": 1,\n \"handle\": \"bob\", \"fetch\": {\"source\": \"s\"}, \"posts\": []}",
               line: 2, column: 12, message: "the snapshot's handle 'bob' is not the one its file is named after: expected 'x' (in any case)",
               hint: "a snapshot belongs to the account its file is named after: write \"handle\": \"x\", or rename the file to bob.json", slug: "x"),
        Broken(name: "a duplicate key", json: "{\"format\": 1,\n \"handle\": \"x\",\n \"fetch\": {\"source\": \"s\"},\n \"handle\": \"y\", \"posts\": []}",
               line: 4, column: 2, message: "the key \"handle\" appears a second time in this object; the first is on line 2"),
        Broken(name: "a duplicate key in a post", json: snapshot(posts: "\n  {\"id\": \"1\",\n   \"id\": \"2\"}"),
               line: 5, column: 4, message: "the key \"id\" appears a second time in this object; the first is on line 4"),
        Broken(name: "two posts with one id", json: snapshot(posts: "\n  {\"id\": \"a\"},\n  {\"id\": \"b\"},\n  {\"id\": \"a\"}"),
               line: 6, column: 10, message: "a second post with the id 'a'; the first is on line 4",
               hint: "each post's id appears once: remove one of the two posts, or give it its own id"),
        Broken(name: "a misspelt key", json: "{\"format\": 1, \"handle\": \"x\",\n \"fetch\": {\"source\": \"s\", \"etg\": null}, \"posts\": []}", line: 2, column: 27,
               message: "unknown key 'etg' in a snapshot", hint: "did you mean 'etag'?"),
        Broken(name: "a post without an id", json: "{\"format\": 1, \"handle\": \"x\", \"fetch\": {\"source\": \"s\"},\n \"posts\": [\n  {\"text\": \"t\"}]}",
               line: 3, column: 3, message: "this object has no \"id\""),
        Broken(name: "a number for a title", json: "{\"format\": 1, \"handle\": \"x\", \"fetch\": {\"source\": \"s\"}, \"posts\": [{\"id\": \"1\", \"title\": 5}]}",
               line: 1, column: 87, message: "expected a string or null for \"title\", found a number"),
        Broken(name: "no fetch record", json: "{\"format\": 1, \"handle\": \"x\", \"posts\": []}", line: 1, column: 1,
               message: "this object has no \"fetch\""),
        Broken(name: "posts_limit 0", json: snapshot(fetch: "\"source\": \"s\", \"posts_limit\": 0"), line: 2, column: 42,
               message: "expected a whole number from 1 or null for \"posts_limit\", found 0"),
    ] + ["2", "2.0"].map { format in
        Broken(name: "format \(format)", json: "{\"format\": \(format), \"handle\": \"x\", \"fetch\": {\"source\": \"s\"}, \"posts\": []}",
               line: 1, column: 12, message: "snapshot format \(format) is not one this feedsite reads: it reads \"format\": 1 only",
               hint: "a newer feedsite wrote this file: upgrade feedsite, or delete the file and run 'feedsite fetch' to write it again")
    } + [
        badDate("published", "Sun, 29 Nov 2026 14:03:00 GMT", inPost: true), badDate("updated", "2026-13-01T00:00:00Z", inPost: true),
        badDate("fetched_at", "2026-11-29T14:03:00", inPost: false), badDate("changed_at", "2026-11-29", inPost: false),
    ]

    /// A snapshot whose `key` holds `value`, not an RFC 3339 date, in a post or in the fetch record; reported at the value.
    static func badDate(_ key: String, _ value: String, inPost: Bool) -> Broken {
        let member = "\"\(key)\": \"\(value)\""
        return Broken(name: "\(key) '\(value)'", json: inPost ? snapshot(posts: "\n  {\(member), \"id\": \"1\"}") : snapshot(fetch: member + ", \"source\": \"s\""),
                      line: inPost ? 4 : 2, column: key.count + (inPost ? 8 : 16), message: "\"\(key)\" is not an RFC 3339 date: '\(value)'",
                      hint: "write it as 2026-11-29T14:03:00Z (or with an offset, 2026-11-29T15:03:00+01:00), or null")
    }

    @Test("a post's HTML as the sanitizer wrote it reads back as it is; HTML edited into anything else is sanitized again", arguments: [
        ("<p>Hi <a href=\"https://example.com/?a=1&amp;b=2\" rel=\"nofollow ugc noopener noreferrer\">x</a></p>",
         "<p>Hi <a href=\"https://example.com/?a=1&amp;b=2\" rel=\"nofollow ugc noopener noreferrer\">x</a></p>"),
        ("<a href=\"javascript:steal()\" rel=\"nofollow ugc noopener noreferrer\">x</a>", "<a rel=\"nofollow ugc noopener noreferrer\">x</a>"),
        ("<p>x</p></div></main>", "<p>x</p>"),
        ("<p title=\"t\" onclick=\"steal()\">x</p>", "<p title=\"t\">x</p>"),
        ("<em>open", "<em>open</em>"),
    ])
    func storedHTML(html: String, read: String) throws {
        let written = Snapshot(handle: "jack", record: Self.snapshot.record, posts: [Post(id: "1", html: html)])
        var decoder = SnapshotDecoder(written.json, file: "snapshots/jack.json")
        let decoded = decoder.decode()
        let snapshot = try #require(decoded)
        #expect(snapshot.posts.first?.html == read)
    }

    @Test("a snapshot broken by hand is reported at its line and column with what was expected", arguments: broken)
    func brokenSnapshot(_ broken: Broken) throws {
        var decoder = SnapshotDecoder(Array(broken.json.utf8), file: "snapshots/x.json", slug: broken.slug)
        #expect(decoder.decode() == nil)
        let first = try #require(decoder.diagnostics.first { $0.message.contains(broken.message) },
                                 "no diagnostic contains \"\(broken.message)\"; got \(decoder.diagnostics.map(\.description))")
        #expect(first.location == SourceLocation(file: "snapshots/x.json", line: broken.line, column: broken.column))
        if let hint = broken.hint { #expect(first.hint == hint) }
    }

    @Test("dates in RFC 3339 with Z or an offset, fractions and a lower-case t or z are read; the handle matches its file in any case",
          arguments: ["2026-11-29T14:03:00Z", "2026-11-29t14:03:00.123z", "2026-11-29T15:03:00+01:00", "2026-11-29T09:03:00-05:00"])
    func validDates(_ date: String) throws {
        let json = "{\"format\": 1, \"handle\": \"X\", \"fetch\": {\"source\": \"s\", \"fetched_at\": \"\(date)\"},"
            + " \"posts\": [{\"id\": \"1\", \"published\": \"\(date)\", \"updated\": \"\(date)\"}]}"
        var decoder = SnapshotDecoder(Array(json.utf8), file: "snapshots/x.json", slug: "x")
        #expect(decoder.decode()?.posts.first?.published == date, "\(decoder.diagnostics.map(\.description))")
    }

    @Test("the store writes a snapshot in place of the old one and leaves no temporary file; it lists only snapshots")
    func store() throws {
        let folder = try TemporaryFolder()
        let store = SnapshotStore(folder: folder.path + "/snapshots")
        #expect(try store.read("jack") == nil)
        #expect(store.files.isEmpty)
        try store.write(Self.snapshot, slug: "jack")
        var changed = Self.snapshot
        changed.posts.removeLast()
        try store.write(changed, slug: "jack")
        #expect(try store.read("jack") == changed)
        try folder.write("snapshots/.fetch.lock", "")
        try folder.write("snapshots/notes.txt", "")
        #expect(store.files == ["jack.json"])
        #expect(folder.list("snapshots").sorted() == [".fetch.lock", "jack.json", "notes.txt"])
    }
}
