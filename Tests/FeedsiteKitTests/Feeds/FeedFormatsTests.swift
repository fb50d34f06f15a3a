import Testing
@testable import FeedsiteKit

@Suite struct FeedFormatsTests {
    @Test("RSS 2.0: guid, absolute link, plain title, content:encoded over description, date in UTC, author and media")
    func rss2() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item>
              <title>Hello &amp; &lt;b&gt;welcome&lt;/b&gt;</title>
              <link>/posts/1</link>
              <guid isPermaLink="false">post-1</guid>
              <description>short</description>
              <content:encoded><![CDATA[<p>Hello <b>world</b> &amp; more</p>]]></content:encoded>
              <pubDate>Sun, 29 Nov 2026 14:03:00 +0100</pubDate>
              <dc:creator>Ann Example</dc:creator>
              <media:content url="img/cat.jpg" type="image/jpeg" medium="image"><media:description>A cat on a mat</media:description></media:content>
              <enclosure url="https://cdn.example/clip.mp4" type="video/mp4" length="12"/>
            </item>
            """))
        #expect(feed.format == .rss)
        #expect(feed.title == "T")
        #expect(feed.link == "https://example.org/")
        #expect(feed.problems.isEmpty)
        #expect(feed.posts == [Post(
            id: "post-1", url: "https://example.org/posts/1", title: "Hello & welcome", text: "Hello world & more",
            html: "<p>Hello <b>world</b> &amp; more</p>",
            published: "2026-11-29T13:03:00Z", author: "Ann Example",
            media: [PostMedia(url: "https://example.org/img/cat.jpg", type: "image/jpeg", alt: "A cat on a mat"),
                    PostMedia(url: "https://cdn.example/clip.mp4", type: "video/mp4")]),
        ])
    }

    @Test("RSS 0.91: no guid and no dates; the link is the id and the order is the feed's")
    func rss091() throws {
        let feed = try FeedFixture.read("""
            <?xml version="1.0"?>
            <rss version="0.91"><channel><title>Old</title><link>http://old.example/</link><description>d</description>
            <item><title>B</title><link>http://old.example/b</link><description>second written, first listed</description></item>
            <item><title>A</title><link>http://old.example/a</link></item>
            </channel></rss>
            """)
        #expect(feed.posts.map(\.id) == ["http://old.example/b", "http://old.example/a"])
        #expect(feed.posts.map(\.published) == [nil, nil])
        #expect(feed.posts[0].text == "second written, first listed")
    }

    @Test("RSS 1.0 (RDF): items beside the channel, rdf:about as the id, dc:date")
    func rdf() throws {
        let feed = try FeedFixture.read("""
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="https://r.example/"><title>R</title><link>https://r.example/</link></channel>
              <item rdf:about="https://r.example/1"><title>One</title><link>https://r.example/1</link>
                <description>first</description><dc:date>2026-11-29T14:03:00+02:00</dc:date><dc:creator>Bo</dc:creator></item>
            </rdf:RDF>
            """)
        #expect(feed.format == .rdf)
        #expect(feed.title == "R")
        #expect(feed.posts == [Post(id: "https://r.example/1", url: "https://r.example/1", title: "One", text: "first",
                                    html: "first", published: "2026-11-29T12:03:00Z", author: "Bo")])
    }

    @Test("Atom: text, html and xhtml content, xml:base, published and updated, the feed's author, enclosures")
    func atom() throws {
        let feed = try FeedFixture.read("""
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/blog/">
              <title type="html">A &amp;lt;3 B</title>
              <link rel="self" href="feed.atom"/><link href="./"/>
              <author><name>Feed Author</name></author>
              <entry xml:base="2026/">
                <id>tag:a.example,2026:1</id><title>Text</title><link rel="alternate" type="text/html" href="one.html"/>
                <content type="text">1 &lt; 2   and
                  more</content>
                <published>2026-11-29T14:03:00Z</published><updated>2026-11-30T00:00:00-05:00</updated>
                <link rel="enclosure" href="/media/a.png" type="image/png" title="A drawing"/>
              </entry>
              <entry>
                <id>tag:a.example,2026:2</id><title type="html">&lt;i&gt;Html&lt;/i&gt;</title>
                <content type="html">&lt;p&gt;Para&lt;/p&gt;</content>
                <author><name>Entry Author</name></author>
              </entry>
              <entry>
                <id>tag:a.example,2026:3</id><title>Xhtml</title>
                <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi <a href="x">there</a></p></div></summary>
              </entry>
            </feed>
            """)
        #expect(feed.format == .atom)
        #expect(feed.title == "A <3 B")
        #expect(feed.link == "https://a.example/blog/")
        let posts = feed.posts
        #expect(posts.count == 3)
        #expect(posts[0] == Post(id: "tag:a.example,2026:1", url: "https://a.example/blog/2026/one.html", title: "Text",
                                 text: "1 < 2 and more", html: PostHTML.clean("1 &lt; 2   and\n      more", base: nil),
                                 published: "2026-11-29T14:03:00Z", updated: "2026-11-30T05:00:00Z", author: "Feed Author",
                                 media: [PostMedia(url: "https://a.example/media/a.png", type: "image/png", alt: "A drawing")]))
        #expect(posts[1].title == "Html")
        #expect(posts[1].text == "Para")
        #expect(posts[1].author == "Entry Author")
        #expect(posts[2].text == "Hi there")
        #expect(posts[2].html == "<p>Hi <a href=\"https://a.example/blog/x\" rel=\"nofollow ugc noopener noreferrer\">there</a></p>")
    }

    @Test("JSON Feed 1.0: a number id, author as an object, content_html, image")
    func jsonFeed10() throws {
        let feed = try FeedFixture.read("""
            {"version": "https://jsonfeed.org/version/1", "title": "J1", "home_page_url": "https://j.example/",
             "items": [{"id": 42, "url": "/p/42", "title": "Answer", "content_html": "<p>Forty &amp; two</p>",
                        "date_published": "2026-11-29T14:03:00-08:00", "author": {"name": "Deep"}, "image": "/i.png"}]}
            """, source: "feed.json")
        #expect(feed.format == .json)
        #expect(feed.title == "J1")
        #expect(feed.link == "https://j.example/")
        #expect(feed.posts == [Post(id: "42", url: "https://j.example/p/42", title: "Answer", text: "Forty & two",
                                    html: PostHTML.clean("<p>Forty &amp; two</p>", base: nil), published: "2026-11-29T22:03:00Z",
                                    author: "Deep", media: [PostMedia(url: "https://j.example/i.png")])])
    }

    @Test("JSON Feed 1.1: authors, content_text, date_modified, attachments with their title as alt text")
    func jsonFeed11() throws {
        let feed = try FeedFixture.read("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
              {"id": "a", "content_text": "plain <text>", "date_modified": "2026-11-29T14:03:00Z",
               "authors": [{"name": "One"}, {"name": "Two"}],
               "attachments": [{"url": "https://j.example/v.mp4", "mime_type": "video/mp4", "title": "A video"}]},
              {"id": "b", "summary": "only a summary"}
            ]}
            """, source: "feed.json")
        #expect(feed.posts == [
            Post(id: "a", text: "plain <text>", html: PostHTML.clean("plain &lt;text&gt;", base: nil), updated: "2026-11-29T14:03:00Z",
                 author: "One, Two", media: [PostMedia(url: "https://j.example/v.mp4", type: "video/mp4", alt: "A video")]),
            Post(id: "b", text: "only a summary", html: PostHTML.clean("only a summary", base: nil)),
        ])
    }

    @Test("the format comes from the content, not the file name", arguments: [
        ("<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>x</title></feed>", "feed.rss", FeedFormat.atom),
        ("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": []}", "feed.xml", .json),
        ("\n\n  <rss version=\"2.0\"><channel><title>x</title></channel></rss>", "feed.json", .rss),
    ])
    func detection(text: String, source: String, format: FeedFormat) throws {
        #expect(try FeedFixture.read(text, source: source).format == format)
    }

    @Test("post HTML goes through PostHTML.clean, the sanitizer: scripts and javascript: links do not pass, benign markup does")
    func cleanSanitizes() throws {
        #expect(PostHTML.clean("<script>alert(1)</script><a href=\"javascript:x\">", base: nil)
            == "<a rel=\"nofollow ugc noopener noreferrer\"></a>")
        let feed = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid><description>&lt;script&gt;x()&lt;/script&gt;&lt;b&gt;ok&lt;/b&gt;</description></item>"))
        #expect(feed.posts[0].html == "<b>ok</b>")
        #expect(feed.posts[0].text == "ok")
    }
}
