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

    /// The shape README gives for a feed that cannot be read.
    static let failureShape = #"`{"exit_code", "diagnostics": [{"file", "line", "column", "severity", "message", "hint"}], "dropped", "summary"}`"#

    @Test("a feed that cannot be read prints, with --format json, exactly the failure shape README documents; a problem without a place has no file, line, column")
    func jsonFailureShape() throws {
        let folder = try TemporaryFolder(files: ["page.html": "<!DOCTYPE html>\n<html><body>hi</body></html>\n", "empty.xml": " \n"])
        let page = try ProcessRunner.run(["posts", "page.html", "--format", "json"], in: folder.path)
        #expect(page.status == 1)
        #expect(page.out == #"""
            {
              "exit_code": 1,
              "diagnostics": [
                {"file": "page.html", "line": 1, "column": 1, "severity": "error", "message": "not a feed: expected <rss>, <feed> (Atom) or <rdf:RDF> as the root element, found an HTML page", "hint": "use the address of the feed itself: a page often names it in <link rel=\"alternate\" type=\"application/rss+xml\">"}
              ],
              "dropped": 0,
              "summary": null
            }

            """#)
        let empty = try ProcessRunner.run(["posts", "empty.xml", "--format", "json"], in: folder.path)
        #expect(empty.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(empty.out.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["exit_code", "diagnostics", "dropped", "summary"])
        let problem = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(Set(problem.keys) == ["file", "line", "column", "severity", "message", "hint"])
        #expect(problem["file"] is NSNull)
        #expect(problem["message"] as? String == "empty.xml: the feed is empty")
        let readme = try String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## Reading feeds: `feedsite posts SOURCE`"))
        #expect(readme[section.upperBound...].prefix(2_000).replacingOccurrences(of: "\n", with: " ").contains(Self.failureShape))
    }

    @Test("usage mistakes exit 2: a URL that is not http(s), a missing file, a bad --limit, --timeout or --format", arguments: [
        (["posts", "ftp://example.org/feed.xml"], "error: 'ftp://example.org/feed.xml' is not an http or https URL"),
        (["posts", "f.xml", "--timeout", "soon"], "error: --timeout expects a number of seconds from 0.1 to 3600, found 'soon'"),
        (["posts", "missing.xml"], "error: missing.xml: no such file (expected an RSS, Atom or JSON feed)"),
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
