import Foundation
import Testing
@testable import FeedsiteKit

/// `media: copy` at build time: each copy's bytes are read again; what is not the image its name says
/// is refused (a warning, the image shown as a link), and a size is published only when it is sane.
@Suite struct PublishedMediaCheckTests {
    static let copyName = "0123456789abcdef.png"

    /// A site whose one post has an image the feed calls `image/jpeg`, copied as `copyName` with `bytes`.
    static func built(_ bytes: [UInt8]) throws -> (site: TemporarySite, result: BuildResult) {
        let site = try TemporarySite([
            "site.yml": "title: T\nbase_url: https://example.com\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n    media: copy\n",
            "snapshots/jack.json": """
            {"format": 1, "handle": "jack", "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z"},
             "posts": [{"id": "1", "url": "https://example.com/1", "text": "Hello", "published": "2026-11-29T14:03:00Z", "media": [
               {"url": "https://cdn.example/cat.jpg", "type": "image/jpeg", "alt": "A cat",
                "copy": {"file": "\(copyName)", "type": "image/png", "width": 3, "height": 2, "etag": null, "last_modified": null}}]}]}
            """,
        ])
        try FileManager.default.createDirectory(atPath: site.path + "/snapshots/media", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: site.path + "/snapshots/media/" + copyName))
        return (site, try site.build())
    }

    @Test("a copy that is not a whole PNG (truncated, or replaced by text) is not published: a warning, and the image is a link", arguments: [
        Array(TestImages.png(width: 4, height: 3).prefix(20)), Array("not an image at all\n".utf8),
    ])
    func refused(bytes: [UInt8]) throws {
        let (site, result) = try Self.built(bytes)
        #expect(!site.exists("output/media/" + Self.copyName))
        let page = try #require(site.read("output/jack/index.html"))
        #expect(!page.contains("<img"))
        #expect(page.contains("Attachment: <a href=\"https://cdn.example/cat.jpg\""))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.location.file.hasSuffix("snapshots/media/" + Self.copyName) == true)
        #expect(result.warnings.first?.message.contains("not a whole PNG image") == true)
    }

    @Test("a PNG whose header claims 100000×100000 is published without width and height")
    func insaneSize() throws {
        // A small PNG whose header is edited to claim the size: the pixels of such an image would not fit in memory.
        var bytes = TestImages.png(width: 1, height: 1)
        bytes.replaceSubrange(16..<24, with: TestImages.bigEndian32(100_000) + TestImages.bigEndian32(100_000))
        let (site, result) = try Self.built(bytes)
        #expect(result.warnings.isEmpty)
        #expect(site.exists("output/media/" + Self.copyName))
        let page = try #require(site.read("output/jack/index.html"))
        #expect(page.contains("<img src=\"../media/\(Self.copyName)\" alt=\"A cat\" loading=\"lazy\">"))
    }

    @Test("a good copy is published with the size its bytes give, and its Atom enclosure has the type its bytes give")
    func goodCopy() throws {
        let (site, result) = try Self.built(TestImages.png(width: 5, height: 7))
        #expect(result.warnings.isEmpty)
        let page = try #require(site.read("output/jack/index.html"))
        #expect(page.contains("<img src=\"../media/\(Self.copyName)\" alt=\"A cat\" width=\"5\" height=\"7\" loading=\"lazy\">"))
        let feed = try #require(site.read("output/jack/feed.xml"))
        #expect(feed.contains("rel=\"enclosure\" type=\"image/png\""), "\(feed)")
    }
}
