import Foundation
import Testing
@testable import FeedsiteKit

/// `feedsite fetch` with `media: copy`, run as a binary: an image that is not copied is one line on
/// stderr and a count in the summary, and does not change the exit status.
@Suite(.serialized) struct FetchMediaCommandTests {
    @Test("an image not copied prints the account, its URL and why; the summary counts it; the fetch still exits 0")
    func imageNotCopied() throws {
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>F</title>
            <item><guid>1</guid><description>One</description><media:content url="/fake.png" type="image/png"/></item></channel></rss>
            """
        let server = try LocalHTTPServer { request in
            switch request.path {
            case "/feed.rss": .full(status: 200, body: Array(feed.utf8))
            case "/fake.png": .full(status: 200, headers: ["Content-Type": "image/png"], body: Array("<html>".utf8))
            default: .full(status: 404)
            }
        }
        defer { server.stop() }
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: \(server.url("/feed.rss"))\n    media: copy\n"],
                                     withDefaultTemplates: false)
        let result = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(result.status == 0)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.first == "jack: image \(server.url("/fake.png")): not an image (PNG, JPEG, GIF, WebP or AVIF), "
            + "whatever its Content-Type says; the post links to it instead")
        #expect(lines.last?.hasSuffix(" s: 1 updated, 0 unchanged, 0 failed; 1 image not copied") == true)
    }
}
