import Foundation
import Testing
@testable import FeedsiteKit

/// Hostile and broken feeds: nothing leaks, nothing expands, and what cannot be read says where and why.
@Suite struct FeedSafetyTests {
    @Test("an XXE feed leaks nothing: external entities, general or parameter, are never loaded")
    func externalEntities() throws {
        let feed = try FeedFixture.read("""
            <?xml version="1.0"?>
            <!DOCTYPE rss [
              <!ENTITY xxe SYSTEM "file:///etc/passwd">
              <!ENTITY % remote SYSTEM "file:///etc/hostname">
              %remote;
            ]>
            <rss version="2.0"><channel><title>t&xxe;</title>
            <item><guid>1</guid><title>a&xxe;b</title><description>&xxe;</description><link>https://x.example/&xxe;</link></item>
            </channel></rss>
            """)
        let post = try #require(feed.posts.first)
        #expect(feed.title == "t")
        #expect(post.title == "ab")
        #expect(post.text.isEmpty)
        #expect(post.url == "https://x.example/")
        #expect(!FeedJSON.document(feed, source: "f").contains("root:"))
        #expect(feed.problems.contains { $0.message.contains("'&xxe;' is declared in the feed's DTD") && $0.location.line == 7 })
    }

    @Test("an external DTD is never loaded, from a file or the network")
    func externalDTD() throws {
        for system in ["file:///etc/passwd", "http://127.0.0.1:9/evil.dtd"] {
            let feed = try FeedFixture.read("<?xml version=\"1.0\"?>\n<!DOCTYPE rss SYSTEM \"\(system)\">\n<rss><channel><title>t</title></channel></rss>")
            #expect(feed.title == "t")
            #expect(feed.problems.isEmpty, "\(feed.problems)")
        }
    }

    @Test("a billion-laughs feed expands nothing and is read at once")
    func billionLaughs() throws {
        var declarations = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...10 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n\(declarations)]>\n"
            + "<rss><channel><title>&lol10;</title><item><guid>1</guid><description>x&lol10;&lol9;y</description></item></channel></rss>"
        let clock = ContinuousClock()
        var feed: Feed?
        let elapsed = try clock.measure { feed = try FeedFixture.read(text) }
        #expect(feed?.title == nil)
        #expect(feed?.posts.first?.text == "xy")
        #expect(elapsed < .seconds(2))
    }

    @Test("a quadratic blow-up (one large entity used many times) expands nothing either")
    func quadraticBlowup() throws {
        let big = String(repeating: "A", count: 100_000)
        let uses = String(repeating: "&big;", count: 10_000)
        let feed = try FeedFixture.read("<!DOCTYPE rss [<!ENTITY big \"\(big)\">]><rss><channel><title>t\(uses)</title></channel></rss>")
        #expect(feed.title == "t")
    }

    @Test("a long post arrives whole, though libxml2 hands its text over in pieces")
    func longText() throws {
        // Each reference ends a piece: 80,000 pieces.
        let pieces = String(repeating: "ab &amp; ", count: 40_000)
        let clock = ContinuousClock()
        var feed: Feed?
        let elapsed = try clock.measure { feed = try FeedFixture.read(FeedFixture.rss("<item><guid>1</guid><description>\(pieces)</description></item>")) }
        #expect(feed?.posts.first?.text.count == 40_000 * 5 - 1)
        #expect(elapsed < .seconds(3))
    }

    @Test("feeds read on many threads at once read as they do one at a time")
    func concurrent() throws {
        let texts = (0..<16).map { index in
            FeedFixture.rss("<item><guid>\(index)</guid><title>T&nbsp;\(index)</title><pubDate>\(index + 1) Nov 2026 10:00 GMT</pubDate></item>"
                + "<item><title>broken</titl></item>")
        }
        let serial = try texts.map { try FeedFixture.read($0) }
        let lock = NSLock()
        nonisolated(unsafe) var mismatches = 0
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let feed = try? FeedFixture.read(texts[iteration % texts.count])
            lock.withLock { if feed != serial[iteration % texts.count] { mismatches += 1 } }
        }
        #expect(mismatches == 0)
    }

    @Test("an HTML page instead of a feed is 'not a feed', at its doctype or root element", arguments: [
        ("<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>x</title></head><body><p>hi</body></html>", 1, 1),
        ("\n\n  <html><body>Not found</body></html>", 3, 3),
        ("\n<!doctype html><meta charset=utf-8><title>x</title><p>no XML at all", 2, 1),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"x\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>", 3, 1),
    ])
    func htmlPage(text: String, line: Int, column: Int) throws {
        let error = try #require(FeedFixture.error(text, source: "page.html"))
        #expect(error.kind == .notAFeed)
        #expect(error.location == SourceLocation(file: "page.html", line: line, column: column))
        #expect(error.message == "not a feed: expected <rss>, <feed> (Atom) or <rdf:RDF> as the root element, found an HTML page")
        #expect(error.hint?.contains("application/rss+xml") == true)
    }

    @Test("what is not a feed at all says so, with its place when it has one", arguments: [
        ("<opml version=\"2.0\"><body/></opml>", FeedError.Kind.notAFeed, 1, 1,
         "not a feed: expected <rss>, <feed> (Atom) or <rdf:RDF> as the root element, found XML whose root element is <opml>"),
        ("<feed><title>no namespace</title></feed>", .notAFeed, 1, 1,
         "not a feed: expected <rss>, <feed> (Atom) or <rdf:RDF> as the root element, found XML whose root element is <feed>"),
        ("Just some text", .notAFeed, 1, 1, "not a feed: expected '<' (RSS or Atom) or '{' (JSON Feed) at the start"),
        ("{\"title\": \"x\"}", .notAFeed, 1, 1,
         "not a JSON Feed: expected \"version\": \"https://jsonfeed.org/version/1.1\" in the top-level object"),
        ("[1, 2]", .notAFeed, 1, 1, "expected a JSON Feed object, found an array"),
        ("{\"version\": \"https://jsonfeed.org/version/1.1\",\n \"items\": {}}", .malformed, 2, 11,
         "expected \"items\" to be an array, found an object"),
        ("{\"version\": \"https://jsonfeed.org/version/1.1\",\n \"items\": [,]}", .malformed, 2, 12,
         "the JSON Feed is not valid JSON: expected a JSON value (object, array, string, number, true, false or null), found ','"),
    ])
    func notAFeed(text: String, kind: FeedError.Kind, line: Int, column: Int, message: String) throws {
        let error = try #require(FeedFixture.error(text))
        #expect(error.kind == kind)
        #expect(error.location == SourceLocation(file: "feed.xml", line: line, column: column))
        #expect(error.message == message)
    }

    @Test("an empty feed is an error without a place")
    func empty() throws {
        let error = try #require(FeedFixture.error(" \n "))
        #expect(error.location == nil)
        #expect(error.message == "feed.xml: the feed is empty")
    }

    @Test("broken XML that a reader can recover is read, each libxml2 error a warning at its line:column")
    func recovered() throws {
        let feed = try FeedFixture.read("""
            <rss version="2.0"><channel><title>x</title>
            <item><guid>1</guid><title>one</titel></item>
            <item><guid>2</guid><title>a & b</title></item>
            </channel></rss>
            """)
        #expect(feed.posts.map(\.id) == ["1", "2"])
        #expect(feed.problems.allSatisfy { $0.severity == .warning })
        let first = try #require(feed.problems.first)
        #expect((first.location.line, first.location.column) == (2, 39))
        #expect(first.message == "XML: opening and ending tag mismatch: title line 2 and titel")
        #expect(feed.problems.contains { $0.location.line == 3 && $0.message.hasPrefix("XML: entity reference: no name") })
    }

    @Test("XML broken before anything of the feed could be read is an error with libxml2's line:column", arguments: [
        ("<?xml version=\"1.0\"?>\n<rss", 2, 5, "the feed is not well-formed XML: couldn't find end of Start Tag rss"),
        ("<?xml version=\"1.0\"?>\n\n<", 3, 1, "the feed is not well-formed XML: extra content at the end of the document"),
        ("<rss version=\"2.0\"", 1, 19, "the feed is not well-formed XML: attributes construct error"),
    ])
    func unreadable(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(FeedFixture.error(text))
        #expect(error.kind == .malformed)
        #expect(error.location == SourceLocation(file: "feed.xml", line: line, column: column))
        #expect(error.message == message)
    }

    @Test("a feed cut off in the middle (elements still open at the end) is an error, not a shorter feed")
    func cutOff() throws {
        let whole = "<rss version=\"2.0\"><channel><title>x</title>" + (1...30).map { "<item><guid>\($0)</guid><title>t\($0)</title></item>" }.joined()
            + "</channel></rss>"
        #expect(try FeedFixture.read(whole).posts.count == 30)
        for cut in [whole.count / 3, whole.count * 2 / 3, whole.count - 7] {
            let error = try #require(FeedFixture.error(String(whole.prefix(cut))), "cut at \(cut)")
            #expect(error.kind == .malformed)
            #expect(error.hint?.contains("still open") == true)
        }
    }

    @Test("elements nested deeper than 256 are refused at the first too deep, without a crash", arguments: [300, 30_000])
    func tooDeep(depth: Int) throws {
        let text = "<rss version=\"2.0\"><channel><title>d</title><item><guid>g</guid><description>" + String(repeating: "<x>", count: depth)
            + String(repeating: "</x>", count: depth) + "</description></item></channel></rss>"
        let error = try #require(FeedFixture.error(text))
        #expect(error.message == "elements nested more than 256 deep")
        #expect(error.location?.line == 1)
    }
}

extension FeedSafetyTests {
    @Test("a post's link and media keep only http and https URLs, however the scheme is written; others are left out with a warning")
    func unsafeLinks() throws {
        let feed = try FeedFixture.read(FeedFixture.rss("""
            <item><guid>1</guid><link> vbscript:msgbox(1) </link><enclosure url="java&#x09;script:alert(1)" type="image/png"/></item>
            <item><guid>2</guid><link>https://ok.example/2</link><enclosure url="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/></item>
            <item><guid>3</guid><link>	https://ok.example/3 </link><enclosure url="https://ok.example/3.png" type="image/png"/></item>
            """))
        #expect(feed.posts.map(\.url) == [nil, "https://ok.example/2", "https://ok.example/3"])
        #expect(feed.posts.map(\.media.count) == [0, 0, 1])
        #expect(feed.problems.filter { $0.message.contains("not an http or https URL") || $0.message.contains("media that is not") }.count == 3)
    }
}
