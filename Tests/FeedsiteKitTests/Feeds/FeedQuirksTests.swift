import Testing
@testable import FeedsiteKit

/// What real feeds get wrong, read the way a reader expects.
@Suite struct FeedQuirksTests {
    /// An RSS feed whose channel title is `title` (raw bytes) with an optional XML declaration encoding.
    static func rssBytes(title: [UInt8], declared: String?) -> [UInt8] {
        let declaration = declared.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        return Array("\(declaration)<rss version=\"2.0\"><channel><title>".utf8) + title + Array("</title></channel></rss>".utf8)
    }

    @Test("ISO-8859-1 in the XML declaration is read as windows-1252, as browsers do")
    func windows1252() throws {
        // café “quoted” – €
        let title: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0x80]
        for declared in ["ISO-8859-1", "windows-1252", "us-ascii"] {
            let feed = try FeedFixture.read(bytes: Self.rssBytes(title: title, declared: declared))
            #expect(feed.title == "café “q” – €", "declared \(declared)")
            #expect(feed.problems.isEmpty)
        }
    }

    @Test("the HTTP charset wins over the XML declaration")
    func httpCharset() throws {
        let bytes = Self.rssBytes(title: [0x63, 0x61, 0x66, 0xE9], declared: "UTF-8")
        let feed = try FeedFixture.read(bytes: bytes, contentType: "application/rss+xml; charset=\"ISO-8859-1\"")
        #expect(feed.title == "café")
        #expect(FeedEncoding.charset(inContentType: "text/xml;Charset=utf-8 ") == "utf-8")
        #expect(FeedEncoding.charset(inContentType: "text/xml") == nil)
    }

    @Test("a byte order mark wins over everything: UTF-8, UTF-16 little and big endian")
    func byteOrderMarks() throws {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>Grüße 😀</title></channel></rss>"
        let utf8: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [utf8, little, big] {
            #expect(try FeedFixture.read(bytes: bytes, contentType: "text/xml; charset=iso-8859-1").title == "Grüße 😀")
        }
    }

    @Test("UTF-16 declared in the XML declaration but sent without a byte order mark is detected")
    func utf16WithoutMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss><channel><title>ü</title></channel></rss>"
        let little: [UInt8] = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try FeedFixture.read(bytes: little).title == "ü")
    }

    @Test("other encodings are converted by the system: ISO-8859-15 has the euro sign at 0xA4")
    func otherEncoding() throws {
        let feed = try FeedFixture.read(bytes: Self.rssBytes(title: [0x31, 0x30, 0xA4], declared: "ISO-8859-15"))
        #expect(feed.title == "10€")
        let unknown = #expect(throws: FeedError.self) { try FeedFixture.read(bytes: Self.rssBytes(title: [0x41], declared: "x-no-such-charset")) }
        #expect(unknown?.kind == .unsupportedEncoding)
    }

    @Test("bytes that are not UTF-8 in a UTF-8 feed become U+FFFD with a warning at their place")
    func invalidUTF8() throws {
        let feed = try FeedFixture.read(bytes: Self.rssBytes(title: [0x61, 0xFF, 0x62], declared: nil))
        #expect(feed.title == "a\u{FFFD}b")
        #expect(feed.problems.map(\.location) == [SourceLocation(file: "feed.xml", line: 1, column: 37)])
        #expect(feed.problems.first?.severity == .warning)
    }

    @Test("HTML entities in RSS: escaped HTML decodes in the text; an undeclared &nbsp; is read with a warning at its place")
    func htmlEntities() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><title>Caf&eacute;&nbsp;time &unknown; x</title>
            <description>&lt;p&gt;A&amp;nbsp;B &amp;hellip; &amp;#8212; &amp;#x1F600;&lt;/p&gt;</description></item>
            """))
        let post = try #require(feed.posts.first)
        #expect(post.title == "Café\u{A0}time &unknown; x")
        #expect(post.text == "A\u{A0}B … — 😀")
        #expect(feed.problems.map { "\($0.location.line):\($0.location.column) \($0.severity)" }
            == ["4:31 warning", "4:39 warning", "4:50 warning"])
        #expect(feed.problems[2].message == "undefined entity '&unknown;'; kept as written")
    }

    @Test("references in attribute values are decoded: &amp; and &#38; in a URL are '&'")
    func attributeReferences() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><enclosure url="https://x.example/a?b=1&amp;c=2&#38;d=&lt;3&amp;#38;" type="image/png"/></item>
            """))
        #expect(feed.posts[0].media == [PostMedia(url: "https://x.example/a?b=1&c=2&d=<3&#38;", type: "image/png")])
    }

    @Test("CDATA sections are text, entities in them are not decoded by XML")
    func cdata() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><title><![CDATA[Q&A <3 today]]></title><description><![CDATA[<p>a &amp; b]]>&lt;/p&gt;</description></item>
            """))
        #expect(feed.posts[0].title == "Q&A <3 today")
        #expect(feed.posts[0].text == "a & b")
        #expect(feed.posts[0].html == PostHTML.clean("<p>a &amp; b</p>", base: nil))
    }

    @Test("relative links resolve against xml:base, then the feed's URL, then (for a file) the feed's own link")
    func relativeLinks() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>x</title>
            <entry><id>1</id><link href="a.html"/></entry>
            <entry xml:base="/sub/dir/"><id>2</id><link href="../b.html"/></entry>
            <entry><id>3</id><link href="https://other.example/c"/></entry>
            </feed>
            """
        let fromWeb = try FeedFixture.read(atom, source: "https://feeds.example/u/feed.atom")
        #expect(fromWeb.posts.map(\.url) == ["https://feeds.example/u/a.html", "https://feeds.example/sub/b.html", "https://other.example/c"])
        let rss = FeedFixture.rss("<item><link>p/1</link></item>", channel: "<title>x</title><link>https://site.example/blog/</link>")
        #expect(try FeedFixture.read(rss, source: "feeds/site.xml").posts.map(\.url) == ["https://site.example/blog/p/1"])
        #expect(try FeedFixture.read(rss, source: "http://mirror.example/f/rss").posts.map(\.url) == ["http://mirror.example/f/p/1"])
    }

    @Test("a post without an id takes its link, then a hash of its content that stays the same on every read")
    func missingIDs() throws {
        let text = FeedFixture.rss("""
            <item><link>https://example.org/one</link><title>One</title></item>
            <item><title>Two</title><description>two's text</description></item>
            <item><title>Three</title></item>
            """)
        let ids = try FeedFixture.read(text).posts.map(\.id)
        #expect(ids[0] == "https://example.org/one")
        #expect(ids[1].hasPrefix("hash:") && ids[1].count == 21)
        #expect(ids[1] != ids[2])
        #expect(try FeedFixture.read(text).posts.map(\.id) == ids)
    }

    @Test("duplicate items keep the first, with a warning at the second")
    func duplicates() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>a</guid><title>first</title></item>
            <item><guid>b</guid><title>other</title></item>
            <item><guid>a</guid><title>second</title></item>
            """))
        #expect(feed.posts.map(\.title) == ["first", "other"])
        #expect(feed.problems.map(\.message) == ["a second post with the id 'a'; the first one is kept"])
        #expect(feed.problems.map(\.location.line) == [6])
    }

    @Test("items without dates, or with dates that cannot be read, are kept in the feed's order")
    func undatedOrder() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><pubDate>Sun, 29 Nov 2026 14:03:00 GMT</pubDate></item>
            <item><guid>2</guid></item>
            <item><guid>3</guid><pubDate>Mon, 30 Nov 2026 14:03:00 GMT</pubDate></item>
            <item><guid>4</guid><pubDate>last tuesday</pubDate></item>
            """))
        #expect(feed.posts.map(\.id) == ["1", "2", "3", "4"])
        #expect(feed.posts.map(\.published) == ["2026-11-29T14:03:00Z", nil, "2026-11-30T14:03:00Z", nil])
        #expect(feed.problems.map(\.message) == ["cannot read the date 'last tuesday'; the post is kept without it"])
    }
}
