import Foundation
import Testing
@testable import FeedsiteKit

/// How the default account template shows a post's images under each `media:` policy, and what the
/// build publishes for `media: copy`.
@Suite struct MediaPolicyPageTests {
    static let copyName = "0123456789abcdef.png"

    /// A snapshot whose post has a copied image, an image never copied, a video, and hostile alt and URL values.
    static let snapshot = """
    {"format": 1, "handle": "jack", "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z"},
     "posts": [{"id": "1", "text": "Hello", "published": "2026-11-29T14:03:00Z", "media": [
       {"url": "https://cdn.example/cat.png", "type": "image/png", "alt": "A cat \\"on\\" <b>a mat</b>",
        "copy": {"file": "\(copyName)", "type": "image/png", "width": 3, "height": 2, "etag": "\\"v1\\"", "last_modified": null}},
       {"url": "https://cdn.example/dog.jpg?a=1&b=\\"><script>alert(1)</script>", "type": "image/jpeg", "alt": null},
       {"url": "https://cdn.example/clip.mp4", "type": "video/mp4", "alt": "A clip"}
     ]}]}
    """

    static func built(_ media: String?, extra: [String: String] = [:], copy: Bool = true) throws -> TemporarySite {
        let site = try TemporarySite([
            "site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n" + (media.map { "    media: \($0)\n" } ?? ""),
            "snapshots/jack.json": snapshot,
        ].merging(extra) { $1 })
        if copy {
            try FileManager.default.createDirectory(atPath: site.path + "/snapshots/media", withIntermediateDirectories: true)
            try Data(TestImages.png(width: 3, height: 2)).write(to: URL(fileURLWithPath: site.path + "/snapshots/media/" + copyName))
        }
        _ = try site.build()
        return site
    }

    /// Every `src` or `srcset` value of the page that points at another host.
    static func thirdPartySources(_ page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\b(?:src|srcset)\s*=\s*["']?\s*(?:https?:)?//[^"'\s>]*"#, options: [.caseInsensitive])
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).map { String(page[Range($0.range, in: page)!]) }
    }

    @Test("link (the default): each attachment is a link with its alt text; the page loads nothing from another host and no copy is published")
    func link() throws {
        let site = try Self.built(nil)
        let page = try #require(site.read("output/jack/index.html"))
        #expect(page.contains("Attachment: <a href=\"https://cdn.example/cat.png\" rel=\"noopener noreferrer\">A cat &quot;on&quot; &lt;b&gt;a mat&lt;/b&gt;</a>"))
        #expect(page.contains("Attachment: <a href=\"https://cdn.example/clip.mp4\" rel=\"noopener noreferrer\">A clip</a>"))
        #expect(!page.contains("<img"))
        #expect(Self.thirdPartySources(page) == [])
        #expect(!site.exists("output/media"))
    }

    @Test("hotlink: images are <img> from the original host, lazy, without a referrer, escaped; what is not an image stays a link")
    func hotlink() throws {
        let page = try #require(try Self.built("hotlink").read("output/jack/index.html"))
        #expect(page.contains("<img src=\"https://cdn.example/cat.png\" alt=\"A cat &quot;on&quot; &lt;b&gt;a mat&lt;/b&gt;\" width=\"3\" height=\"2\" loading=\"lazy\" referrerpolicy=\"no-referrer\">"))
        #expect(page.contains("<img src=\"https://cdn.example/dog.jpg?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" alt=\"\" loading=\"lazy\" referrerpolicy=\"no-referrer\">"))
        #expect(page.contains("Attachment: <a href=\"https://cdn.example/clip.mp4\" rel=\"noopener noreferrer\">A clip</a>"))
        #expect(!page.contains("<script>alert"))
        #expect(Self.thirdPartySources(page).count == 2)
    }

    @Test("copy: the copy is published under media/ and shown with a relative URL and its size; an image without a copy stays a link")
    func copy() throws {
        let site = try Self.built("copy")
        let page = try #require(site.read("output/jack/index.html"))
        #expect(page.contains("<img src=\"../media/\(Self.copyName)\" alt=\"A cat &quot;on&quot; &lt;b&gt;a mat&lt;/b&gt;\" width=\"3\" height=\"2\" loading=\"lazy\">"))
        #expect(page.contains("Attachment: <a href=\"https://cdn.example/dog.jpg?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" rel=\"noopener noreferrer\">a file (image/jpeg), no description</a>"))
        #expect(Self.thirdPartySources(page) == [])
        #expect(FileManager.default.contents(atPath: site.path + "/output/media/" + Self.copyName) == Data(TestImages.png(width: 3, height: 2)))
        let again = try site.build()
        #expect(again.written == 0)
    }

    @Test("the river shows each post's images by its own account's media:, with the path to the copies from the river page")
    func river() throws {
        let copied = try #require(try Self.built("copy").read("output/latest/index.html"))
        #expect(copied.contains("<img src=\"../media/\(Self.copyName)\" alt=\"A cat &quot;on&quot; &lt;b&gt;a mat&lt;/b&gt;\" width=\"3\" height=\"2\" loading=\"lazy\">"))
        #expect(Self.thirdPartySources(copied) == [])
        let linked = try #require(try Self.built(nil).read("output/latest/index.html"))
        #expect(linked.contains("Attachment: <a href=\"https://cdn.example/cat.png\" rel=\"noopener noreferrer\">"))
        #expect(!linked.contains("<img"))
    }

    @Test("copy: a copy changed by hand in snapshots/media/ makes the next build run and publish it")
    func changedCopy() throws {
        let site = try Self.built("copy")
        try Data(TestImages.png(width: 3, height: 2, padding: 1)).write(to: URL(fileURLWithPath: site.path + "/snapshots/media/" + Self.copyName))
        let again = try site.build()
        #expect(!again.upToDate)
        #expect(FileManager.default.contents(atPath: site.path + "/output/media/" + Self.copyName) == Data(TestImages.png(width: 3, height: 2, padding: 1)))
    }

    @Test("copy: a copy missing from snapshots/media/ is shown as a link to the original, and nothing is published for it")
    func missingCopy() throws {
        let site = try Self.built("copy", copy: false)
        let page = try #require(site.read("output/jack/index.html"))
        #expect(page.contains("Attachment: <a href=\"https://cdn.example/cat.png\""))
        #expect(!page.contains("<img"))
        #expect(!site.exists("output/media"))
    }

    @Test("copy: only copies of shown posts of accounts with media: copy are published, and one left unused is removed from the output")
    func onlyReferenced() throws {
        let site = try Self.built("copy", extra: ["snapshots/media/fedcba9876543210.png": "unused"])
        #expect(site.exists("output/media/" + Self.copyName))
        #expect(!site.exists("output/media/fedcba9876543210.png"))
        try site.write("site.yml", "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n")
        _ = try site.build()
        #expect(!site.exists("output/media/" + Self.copyName))
    }

    @Test("a snapshot whose copy names a file outside snapshots/media/ is refused at its line and column")
    func hostileFileName() throws {
        let hostile = Self.snapshot.replacingOccurrences(of: Self.copyName, with: "../../site.yml")
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    media: copy\n", "snapshots/jack.json": hostile])
        #expect {
            _ = try site.build()
        } throws: { error in
            let diagnostics = (error as? DiagnosticError)?.diagnostics ?? []
            return diagnostics.count == 1 && diagnostics[0].location.line == 4
                && diagnostics[0].message.contains("\"../../site.yml\" is not the name of a copy feedsite made")
        }
        #expect(!site.exists("output"))
    }
}
