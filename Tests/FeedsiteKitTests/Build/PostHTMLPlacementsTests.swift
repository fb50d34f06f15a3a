import FeedsiteTestSupport
import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct PostHTMLPlacementsTests {
    @Test("only a placement of a post's own HTML string is taken, not equal text from elsewhere nor a short string")
    func ownStringsOnly() throws {
        let html = PostHTML.clean("<p>a post with <a href=\"https://example.com/\">a link</a></p>", base: nil)
        let post = Post(id: "1", html: html)
        // The same bytes, made again: a template value from site.yml or data could hold them.
        let copy = String(decoding: Array(html.utf8), as: UTF8.self)
        let short = Post(id: "2", html: "<p>hi</p>")
        let placements = [TemplatePlacement(range: 0..<html.utf8.count, text: html),
                          TemplatePlacement(range: 100..<(100 + copy.utf8.count), text: copy),
                          TemplatePlacement(range: 300..<309, text: short.html)]
        #expect(copy == html)
        #expect(PostHTMLPlacements.ranges(placements, posts: [post, short]) == [0..<html.utf8.count])
        #expect(PostHTMLPlacements.ranges(placements, posts: []) == [])
    }

    @Test("posts placed out of their order, or more than once, are all found")
    func anyOrder() {
        let posts = (0..<5).map { Post(id: "\($0)", html: PostHTML.clean("<p>the post number \($0) of five</p>", base: nil)) }
        let order = [3, 0, 1, 1, 4, 2, 0]
        var offset = 0
        var placements: [TemplatePlacement] = []
        for index in order {
            let html = posts[index].html
            placements.append(TemplatePlacement(range: offset..<(offset + html.utf8.count), text: html))
            offset += html.utf8.count + 10
        }
        #expect(PostHTMLPlacements.ranges(placements, posts: posts) == placements.map(\.range))
        #expect(PostHTMLPlacements.ranges(placements, posts: Array(posts.prefix(2))) == [placements[1].range, placements[2].range,
                                                                                             placements[3].range, placements[6].range])
    }

    /// A site whose one account's posts hold intent URLs and links of every kind, and whose post
    /// template puts each post's HTML in the data state and in places that are not.
    static func hostileSite(postContent: String) throws -> TemporarySite {
        let posts = [
            "<p>plain <a href=\\\"https://example.com/x?a=1&amp;b=2\\\">x</a> &amp; <em>more</em></p>",
            "<p><abbr title=\\\"https://twitter.com/intent/tweet?text=%e2%9c%93&amp;foo=1\\\">t</abbr> and text</p>",
            "<p>Share <a href=\\\"https://twitter.com/intent/tweet?text=a b\\\">tweet</a></p>",
            "<p lang=\\\"en\\\" title=\\\"x &amp; y\\\">text &lt;b&gt;</p><ul><li>a</li></ul>",
            "<blockquote><p>long quote, é ü 😀, with <a href=\\\"https://example.com/share/it\\\">share</a></p></blockquote>",
            "<p>a <a href=\\\"missing.html\\\">relative</a> link, dropped</p>",
        ]
        let entries = posts.enumerated().map { index, html in
            "{\"id\": \"\(index)\", \"url\": \"https://example.com/\(index)\", \"text\": \"t\", \"html\": \"\(html)\", \"published\": \"2026-11-2\(index)T10:00:00Z\", \"media\": []}"
        }
        return try TemporarySite([
            "site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
            "snapshots/jack.json": """
            {"format": 1, "handle": "jack", "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z"},
             "posts": [\(entries.joined(separator: ",\n"))]}
            """,
            "templates/partials/post-content.html": postContent,
        ])
    }

    /// Each finding as `feedsite check` prints what matters of it.
    static func lines(_ report: CheckReport) -> [String] {
        report.findings.sorted().map { "\($0.location) \($0.rule) \($0.severity) \($0.message) \($0.url) \($0.suggestion ?? "-")" }
    }

    @Test("a build that passes over posts finds what checking its written pages finds, wherever the template puts the posts", arguments: [
        "<div class=\"post-content\">{{{html}}}</div>\n<p>after <a href=\"https://twitter.com/intent/tweet?text=%e2%9c%93\">x</a></p>",
        "<p>text {{{html}}} text</p><p title=\"https://x.com/intent/post?text=ok&amp;bar=2\">x</p>",
        "<div title=\"{{{html}}}\">t</div><p title='{{{html}}}'>u</p>",
        "<textarea>{{{html}}}</textarea><title>{{{html}}}</title><p title=\"https://x.com/intent/post?text=%e2%9c%93&amp;a=1\">x</p>",
        "<!--{{{html}}}--><svg>{{{html}}}</svg><math>{{{html}}}</math>",
        "<div {{{html}}}></div><img alt={{{html}}}>x",
    ])
    func buildMatchesCheck(_ postContent: String) throws {
        // After the posts, an intent URL of the site's own with a warning: the check must still find it.
        let site = try Self.hostileSite(postContent: postContent + "\n<p title=\"https://x.com/intent/post?text=%e2%9c%93\">x</p>\n")
        let result = try site.build()
        let written = try LinkChecker().check(folder: site.path + "/output")
        #expect(Self.lines(result.check) == Self.lines(written))
        #expect(result.check.intentURLs == written.intentURLs)
        #expect(result.check.links == written.links)
        // The site's own intent URLs and the posts' title are found: the comparison is not between two empty lists.
        #expect(!result.check.findings.isEmpty)
    }
}
