import Foundation
import Testing

@Suite struct PostsCommandTests {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
        <channel><title>News &amp; notes</title><link>https://news.example/</link>
        <item><guid>2</guid><title>Second</title><link>/2</link><description>&lt;p&gt;Two&nbsp;words&lt;/p&gt;</description>
          <pubDate>Mon, 30 Nov 2026 08:00:00 +0100</pubDate>
          <media:content url="/2.jpg" type="image/jpeg"><media:description>A photo</media:description></media:content></item>
        <item><guid>1</guid><title>First</title><description>one</description></item>
        </channel></rss>
        """

    @Test("--format json prints exactly the documented shape, posts in the feed's order, absent values null; warnings exit 0")
    func json() throws {
        let folder = try TemporaryFolder(files: ["feed.xml": Self.feed])
        let result = try ProcessRunner.run(["posts", "feed.xml", "--format", "json"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        #expect(result.out == """
            {
              "source": "feed.xml",
              "format": "rss",
              "title": "News & notes",
              "link": "https://news.example/",
              "posts": [
                {
                  "id": "2",
                  "url": "https://news.example/2",
                  "title": "Second",
                  "text": "Two\u{A0}words",
                  "html": "<p>Two\u{A0}words</p>",
                  "published": "2026-11-30T07:00:00Z",
                  "updated": null,
                  "author": null,
                  "media": [{"url": "https://news.example/2.jpg", "type": "image/jpeg", "alt": "A photo"}]
                },
                {
                  "id": "1",
                  "url": null,
                  "title": "First",
                  "text": "one",
                  "html": "one",
                  "published": null,
                  "updated": null,
                  "author": null,
                  "media": []
                }
              ],
              "problems": [
                {"line": 4, "column": 82, "severity": "warning", "message": "'&nbsp;' is an HTML entity, not an XML one; read as 'U+A0'"}
              ]
            }

            """)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(object.map { Set($0.keys) } == ["source", "format", "title", "link", "posts", "problems"])
    }

    @Test("text for people: the feed, then each post's date, title, link, text and media; warnings on stderr; --limit")
    func text() throws {
        let folder = try TemporaryFolder(files: ["feed.xml": Self.feed])
        let result = try ProcessRunner.run(["posts", "feed.xml", "--limit", "1"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out == """
            News & notes (rss) https://news.example/
            1 post

            2026-11-30T07:00:00Z  Second
              https://news.example/2
              Two\u{A0}words
              media: https://news.example/2.jpg (A photo)

            """)
        #expect(result.err.hasPrefix("feed.xml:4:82: warning: '&nbsp;' is an HTML entity"))
    }

    @Test("a file that is not a feed exits 1 with its place and why; with --format json stdout stays one JSON document")
    func notAFeed() throws {
        let folder = try TemporaryFolder(files: ["page.html": "<!DOCTYPE html>\n<html><body>hi</body></html>\n"])
        let result = try ProcessRunner.run(["posts", "page.html"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("page.html:1:1: error: not a feed: expected <rss>, <feed> (Atom) or <rdf:RDF> as the root element, found an HTML page\n"))
        let json = try ProcessRunner.run(["posts", "page.html", "--format", "json"], in: folder.path)
        #expect(json.status == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) is [String: Any])
    }

    @Test("usage mistakes exit 2: a URL (fetch reads the web), a missing file, a bad --limit or --format", arguments: [
        (["posts", "https://example.org/feed.xml"], "error: 'https://example.org/feed.xml' is a URL; 'feedsite posts' reads feed files"),
        (["posts", "missing.xml"], "error: missing.xml: no such file (expected a feed (RSS, Atom or JSON Feed))"),
        (["posts", "f.xml", "--limit", "0"], "error: --limit expects a whole number of at least 1, found '0'"),
        (["posts", "f.xml", "--format", "jsn"], "error: unknown format 'jsn'; expected text or json"),
        (["posts"], "error: missing the feed to read"),
    ])
    func usage(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(arguments, in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix(message), "\(result.err)")
    }
}
