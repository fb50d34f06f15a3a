import Testing
@testable import FeedsiteKit

/// What a new user's review found wrong in reading feeds: references XML forbids, titles with escaped
/// angle brackets, control characters, URLs with spaces and impossible dates.
@Suite struct FeedTextTests {
    /// The feed of the review: an invalid reference in the first item, escaped text and a link with `&amp;` in a later one.
    static let invalidReferenceFeed = FeedFixture.rss("""
        <item><guid>1</guid><title>First &#7; bell</title><description>ring &#x1B;[31m</description></item>
        <item><guid>3</guid><title>Third &lt;3 &amp; more</title><link>https://example.org/p?c=1&amp;d=2</link></item>
        """)

    @Test("an invalid character reference becomes U+FFFD with a plain warning, and every later &amp; &lt; &gt; stays intact")
    func invalidCharacterReference() throws {
        let feed = try FeedFixture.read(Self.invalidReferenceFeed)
        #expect(feed.posts.map(\.title) == ["First \u{FFFD} bell", "Third <3 & more"])
        #expect(feed.posts.map(\.text) == ["ring \u{FFFD}[31m", ""])
        #expect(feed.posts.last?.url == "https://example.org/p?c=1&d=2")
        #expect(feed.problems.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "4:34 the character reference '&#7;' stands for U+0007, which XML does not allow; read as U+FFFD",
            "4:69 the character reference '&#x1B;' stands for U+001B, which XML does not allow; read as U+FFFD",
        ])
    }

    @Test("after any error libxml2 recovers from, later &amp; &lt; &gt; stay intact (found by the xmlfeed fuzz target)")
    func referencesAfterAnError() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><title a="1" b>Broken tag</title></item>            <item><guid>2</guid><title>Third &lt;3 &amp; more</title><link>https://example.org/p?c=1&amp;d=2</link>            <description>&lt;b&gt;bold&lt;/b&gt;</description></item>
            """))
        #expect(!feed.problems.isEmpty)
        #expect(feed.posts.last?.title == "Third <3 & more")
        #expect(feed.posts.last?.url == "https://example.org/p?c=1&d=2")
        #expect(feed.posts.last?.html == "<b>bold</b>")
    }

    @Test("a link holding C1 controls (windows-1252's undefined bytes) loses them when read, as a snapshot reads it back (found by the xmlfeed fuzz target)")
    func controlsInLinks() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid><link>https://exa\u{90}\u{8F}mple.com/1</link></item>"))
        let url = try #require(feed.posts.first?.url)
        #expect(url == "https://example.com/1")
        let snapshot = Snapshot(handle: "x", record: SnapshotRecord(source: "https://example.com/feed"), posts: feed.posts)
        var decoder = SnapshotDecoder(snapshot.json, file: "x.json", slug: "x")
        #expect(decoder.decode() == snapshot)
    }

    @Test("a media type holding C1 controls (windows-1252's undefined bytes) loses them when read, as a snapshot reads it back (found by the xmlfeed fuzz target)",
          arguments: [
              FeedFixture.rss("<item><guid>1</guid><enclosure url=\"https://example.com/v.mp4\" type=\"vide\u{8F}/mp4\" length=\"1\"/></item>"),
              FeedFixture.rss("<item><guid>1</guid><media:content url=\"https://example.com/v.mp4\" type=\"vide\u{8F}/mp4\"/></item>"),
              """
              <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:x</id><entry><id>1</id><title>One</title>\
              <link rel="enclosure" href="https://example.com/v.mp4" type="vide\u{8F}/mp4"/></entry></feed>
              """,
              """
              {"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [{"id": "1", "content_text": "x",
               "attachments": [{"url": "https://example.com/v.mp4", "mime_type": "vide\\u008f/mp4"}]}]}
              """,
          ])
    func controlsInMediaTypes(feedText: String) throws {
        let feed = try FeedFixture.read(feedText)
        #expect(feed.posts.first?.media.map(\.type) == ["vide/mp4"])
        let snapshot = Snapshot(handle: "x", record: SnapshotRecord(source: "https://example.com/feed"), posts: feed.posts)
        var decoder = SnapshotDecoder(snapshot.json, file: "x.json", slug: "x")
        #expect(decoder.decode() == snapshot)
    }

    @Test("a post without an id takes its link as id without C1 controls, as a snapshot reads it back")
    func controlsInLinkIDs() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("<item><title>One</title><link>https://exa\u{8F}mple.com/1</link></item>"))
        #expect(feed.posts.first?.id == "https://example.com/1")
        let snapshot = Snapshot(handle: "x", record: SnapshotRecord(source: "https://example.com/feed"), posts: feed.posts)
        var decoder = SnapshotDecoder(snapshot.json, file: "x.json", slug: "x")
        #expect(decoder.decode() == snapshot)
    }

    @Test("references in CDATA and comments are text, left alone; allowed references are untouched")
    func referencesOutsideMarkup() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <!-- &#7; --><item><guid>1</guid><title>&#65;&#x42; &#x1F600; x</title>\
            <description><![CDATA[<p>&amp;#7; &#0;</p>]]></description></item>
            """))
        #expect(feed.problems.isEmpty)
        #expect(feed.posts.first?.title == "AB 😀 x")
        let beyond = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid><title>a&#1114112;&#xD800;b</title></item>"))
        #expect(beyond.posts.first?.title == "a\u{FFFD}\u{FFFD}b")
        #expect(beyond.problems.map(\.message).first?.contains("a number beyond Unicode") == true)
    }

    @Test("an RSS title is plain text unless it looks like HTML (an end tag or a reference, known elements only)")
    func rssTitles() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><title>Use the &lt;details&gt; element for a&lt;b and c&gt;d</title></item>
            <item><guid>2</guid><title>&lt;b&gt;Bold&lt;/b&gt; news &amp;amp; more</title></item>
            <item><guid>3</guid><title>Caf&amp;eacute; at 5 &lt; 6</title></item>
            <item><guid>4</guid><title>&lt;script&gt;x&lt;/script&gt; stays</title></item>
            <item><guid>5</guid><title>AT&amp;T &amp; R&amp;D</title></item>
            """, channel: "<title>Tips on &lt;dialog&gt;</title>"))
        #expect(feed.title == "Tips on <dialog>")
        #expect(feed.posts.map(\.title) == ["Use the <details> element for a<b and c>d", "Bold news & more", "Café at 5 < 6",
                                            "<script>x</script> stays", "AT&T & R&D"])
        #expect(RSSTitle.looksLikeHTML("a &unknownname; b") == false)
    }

    @Test("control characters, C1 controls and noncharacters never reach a post; tab, line feed and bidi controls do")
    func controlCharacters() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "J\\u0000\\u009b",
             "items": [{"id": "a\\u0007", "title": "esc \\u001b[31m red\\u007f \\u0085 \\uffff\\ufffe \\ufdd0 \\u202e\\u2067x\\u2069",
                        "content_text": "t\\u009bext\\u0000", "content_html": "<p>h\\u001b\\u009btml <img src=\\"https://i.example/a.png\\" alt=\\"A\\u0001\\u009b\\"></p>",
                        "authors": [{"name": "Ann\\u001b"}],
                        "attachments": [{"url": "https://i.example/b.png", "mime_type": "image/png"}]}]}
            """
        let feed = try FeedFixture.read(json, source: "feed.json")
        let post = try #require(feed.posts.first)
        #expect(feed.title == "J")
        #expect(post.id == "a")
        #expect(post.title == "esc [31m red    \u{202E}\u{2067}x\u{2069}")
        #expect(post.author == "Ann")
        let rss = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid><title>x\u{9B}y\u{85}</title><description>a\u{9B}b\tc</description></item>"))
        #expect(rss.posts.first?.title == "xy")
        #expect(rss.posts.first?.text == "ab c")
        #expect(PostHTML.clean("<p title=\"t\u{9B}\">a\u{1B}\u{9B}\u{7F}\u{FFFF}b\tc\nd</p>", base: nil) == "<p title=\"t\">ab\tc\nd</p>")
    }

    @Test("a hand-edited snapshot's strings lose the same control characters")
    func snapshotControlCharacters() throws {
        let text = """
            {"format": 1, "handle": "jack", "fetch": {"source": "feed.xml"},
             "posts": [{"id": "1", "title": "a\\u001b\\u009bb", "text": "c\\u0000d", "author": "e\\uffff",
                        "media": [{"url": "https://i.example/a.png", "alt": "f\\u0085g"}]}]}
            """
        var decoder = SnapshotDecoder(Array(text.utf8), file: "snapshots/jack.json", slug: "jack")
        let post = try #require(decoder.decode()?.posts.first)
        #expect(post.title == "ab" && post.text == "cd" && post.author == "e")
        #expect(post.media.first?.alt == "fg")
    }

    @Test("an enclosure or link whose URL holds a space or non-ASCII is kept, percent-encoded as a browser would")
    func urlsWithSpaces() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><link>http://h.example/a page?q=a b</link>\
            <enclosure url="http://h.example/img/a b.png" type="image/png"/>\
            <media:content url="img/café\t1.jpg?x=&quot;1&quot;"/></item>
            """, channel: "<link>https://site.example/dir/</link>"))
        let post = try #require(feed.posts.first)
        #expect(post.url == "http://h.example/a%20page?q=a%20b")
        #expect(post.media.map(\.url) == ["https://site.example/dir/img/caf%C3%A9%201.jpg?x=%221%22", "http://h.example/img/a%20b.png"])
        #expect(post.media.allSatisfy { HTTPURLSyntax.problem(in: $0.url) == nil })
        #expect(feed.problems.isEmpty)
        #expect(FeedLink.encoded("https://ex.example/a%20b") == "https://ex.example/a%20b", "an encoded URL is not encoded twice")
    }

    @Test("a day the month does not have is refused with a warning at the date; the post is kept undated")
    func impossibleDates() throws {
        #expect(FeedDate.rfc3339("Tue, 31 Nov 2026 10:00:00 GMT") == nil)
        #expect(FeedDate.rfc3339("2026-02-29T10:00:00Z") == nil)
        #expect(FeedDate.rfc3339("2028-02-29T10:00:00Z") == "2028-02-29T10:00:00Z")
        #expect(FeedDate.rfc3339("Mon, 30 Nov 2026 23:00:00 -0200") == "2026-12-01T01:00:00Z", "a zone may still move a real date into the next month")
        let feed = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid><pubDate>Tue, 31 Nov 2026 10:00:00 GMT</pubDate></item>"))
        #expect(feed.posts.first?.published == nil)
        #expect(feed.posts.count == 1)
        #expect(feed.problems.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "4:21 the date 'Tue, 31 Nov 2026 10:00:00 GMT' does not exist: its month has no such day; the post is kept without a date",
        ])
    }
}
