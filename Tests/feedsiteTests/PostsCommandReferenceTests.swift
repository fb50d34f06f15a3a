import Foundation
import Testing

/// `feedsite posts` on a feed with a character reference XML forbids: what follows it reads intact.
@Suite struct PostsCommandReferenceTests {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Bells</title><link>https://example.org/</link>
        <item><guid>1</guid><title>First &#7; bell</title><description>ring &#x1B;</description></item>
        <item><guid>https://example.org/p?a=1&amp;b=2</guid><title>Third &lt;3 &amp; more</title><link>https://example.org/p?c=1&amp;d=2</link></item>
        </channel></rss>
        """

    @Test("an invalid reference (&#7;, &#x1B;) reads as U+FFFD with a plain warning; later &amp; and &lt; keep links, ids and text intact")
    func invalidReference() throws {
        let folder = try TemporaryFolder(files: ["feed.xml": Self.feed])
        let result = try ProcessRunner.run(["posts", "feed.xml", "--format", "json"], in: folder.path)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let posts = try #require(object["posts"] as? [[String: Any]])
        #expect(posts.map { $0["title"] as? String } == ["First \u{FFFD} bell", "Third <3 & more"])
        #expect(posts.last?["url"] as? String == "https://example.org/p?c=1&d=2")
        #expect(posts.last?["id"] as? String == "https://example.org/p?a=1&b=2")
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { "\($0["line"] ?? ""):\($0["column"] ?? "") \($0["message"] ?? "")" } == [
            "3:34 the character reference '&#7;' stands for U+0007, which XML does not allow; read as U+FFFD",
            "3:69 the character reference '&#x1B;' stands for U+001B, which XML does not allow; read as U+FFFD",
        ])
    }
}
