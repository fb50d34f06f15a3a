import Foundation
import Testing

/// `feedsite posts` reading a URL (through the fetch layer) and standard input, not only files.
@Suite struct PostsSourceCommandTests {
    static let feed = """
        <rss version="2.0"><channel><title>Served</title><link>https://news.example/</link>
        <item><guid>1</guid><title>One</title><link>/1</link><description>one</description></item></channel></rss>
        """

    @Test("a URL is read through the fetch layer: posts printed, relative links resolved against where the feed was found, exit 0")
    func url() throws {
        let server = try LocalHTTPServer { request in
            switch request.path {
            case "/old.xml": .full(status: 301, headers: ["Location": "/x/feed.xml"])
            case "/x/feed.xml": .full(status: 200, headers: ["Content-Type": "application/rss+xml"],
                                      body: Array(Self.feed.replacingOccurrences(of: "<link>/1</link>", with: "<link>2</link>").utf8))
            default: .full(status: 404)
            }
        }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["posts", server.url("/old.xml"), "--format", "json"], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(document["source"] as? String == server.url("/old.xml"))
        #expect(document["title"] as? String == "Served")
        let posts = try #require(document["posts"] as? [[String: Any]])
        #expect(posts.map { $0["url"] as? String } == [server.url("/x/2")])
    }

    @Test("a URL that cannot be fetched exits 2 naming the URL and why, and never waits past --timeout")
    func failingURL() throws {
        let server = try LocalHTTPServer { request in request.path == "/slow" ? .silence : .full(status: 404) }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let missing = try ProcessRunner.run(["posts", server.url("/gone.xml")], in: folder.path)
        #expect(missing.status == 2)
        #expect(missing.err.hasPrefix("error: \(server.url("/gone.xml")): HTTP 404 Not Found\n"), "\(missing.err)")
        let start = ContinuousClock.now
        let slow = try ProcessRunner.run(["posts", server.url("/slow"), "--timeout", "1"], in: folder.path)
        #expect(slow.status == 2)
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("- reads the feed from standard input, named <stdin> in messages")
    func standardInput() throws {
        let folder = try TemporaryFolder(files: ["feed.xml": Self.feed, "broken.xml": "<rss version=\"2.0\"><channel>&bogus;<title>T</title></channel></rss>"])
        let shell = ["-c", "exec \"$0\" posts - < feed.xml", ProcessRunner.executable.path]
        let result = try ProcessRunner.run(shell, executable: "/bin/sh", in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("Served (rss) https://news.example/\n1 post\n"))
        let empty = try ProcessRunner.run(["-c", "exec \"$0\" posts - < /dev/null", ProcessRunner.executable.path],
                                          executable: "/bin/sh", in: folder.path)
        #expect(empty.status == 1)
        #expect(empty.err.hasPrefix("error: <stdin>: the feed is empty"), "\(empty.err)")
    }
}
