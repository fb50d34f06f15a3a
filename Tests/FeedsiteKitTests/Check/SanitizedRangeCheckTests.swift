import Testing
@testable import FeedsiteKit

/// The checker passes over sanitized HTML a template put on a page (`LinkChecker.inspect(_:sanitized:)`):
/// whatever the post and wherever the template puts it, the result is the one of reading the whole page.
@Suite struct SanitizedRangeCheckTests {
    /// Posts as feeds write them; each goes through the sanitizer as fetch does.
    static let posts = [
        "<p>see <a href=\"https://example.com/x?a=1&b=2\">x</a> and <em>more</em> &amp; <b>bold</b></p>",
        "<p>Share <a href=\"https://twitter.com/intent/tweet?text=a b\">tweet</a> or <a href=\"https://bsky.app/intent/compose?text=a b\">sky</a></p>",
        "<p><abbr title=\"https://twitter.com/intent/tweet?text=a b\">t</abbr> <q title='https://mastodon.social/share?text=%e2'>q</q></p>",
        "<p lang=\"en\" dir=\"rtl\" title=\"x &amp; y &quot;z&quot;\">text &lt;script&gt; &#39;</p><hr><ul><li>a<li>b</ul>",
        "<a href=\"../missing.html\">relative</a> <a href=\"/root.html\">root</a> <a href=\"#top\">top</a>",
        "text only<br>&amp; more &lt;!-- not a comment --&gt; <br/>",
        "<script>document.write('<a href=missing.html>')</script><textarea><p></textarea><style>p{}</style><title>t</title>",
        "</p><svg><a href=\"https://twitter.com/intent/tweet?text=a b\">x</a><![CDATA[<p>]]></svg><math><p>m</p></math>",
        "<a href=\"mailto:jack@example.com?subject=a b\">mail</a><pre><code>&lt;/pre&gt;</code></pre>",
        "<blockquote><p>quoted <a href=\"https://example.com/share/this\">share</a></p></blockquote>",
        "<base href=\"https://evil.example/\"><iframe src=\"missing.html\"></iframe><img src=\"missing.png\" alt=\"alt <b>\">",
        "<p>" + String(repeating: "long text é ", count: 40) + "</p>",
        "",
        "x",
    ].map { PostHTML.clean($0, base: "https://example.com/a/") }

    /// Where a template may put a post (`%`): as text, and in every place that is not text. What
    /// follows each checks the tokenizer's state after the post: a broken link and an intent URL.
    static let placements = [
        "<div>%</div>", "<p>before %after</p>", "%%", "% %", "<div title=\"%\">x</div>", "<div title='%'>x</div>",
        "<a href=%>x</a>", "<div %>", "<%", "</%", "<!%>", "<?%>", "<!--%-->", "<!-- % -->", "<!DOCTYPE %>",
        "<script>var a = \"%\";</script>", "<script><!--%--></script>", "<script><!--<script>%</script>--></script>",
        "<textarea>%</textarea>", "<title>%</title>", "<style>%</style>", "<xmp>%</xmp>", "<noscript>%</noscript>",
        "<iframe>%</iframe>", "<svg>%</svg>", "<svg><![CDATA[%]]></svg>", "<math><mi>%</mi></math>",
        "<base href=\"sub/\">%", "<a href=\"https://twitter.com/intent/tweet?text=%\">x</a>", "<a href=\"%", "<a href='%",
        "&%", "&amp%", "<table><tr><td>%</td></tr></table>", "%<plaintext>%", "<p>%\n%\n%</p>",
    ]

    static let after = "\n<a href=\"missing.html\">x</a> <a href=\"https://twitter.com/intent/tweet?text=a b\">t</a> <img src=\"../up.png\">"

    /// A page with `post` at each `%` of `placement`, and the ranges the post fills.
    static func page(_ placement: String, post: String) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var bytes: [UInt8] = Array("<!DOCTYPE html>\n<p>".utf8)
        var ranges: [Range<Int>] = []
        for (index, piece) in placement.split(separator: "%", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                ranges.append(bytes.count..<(bytes.count + post.utf8.count))
                bytes += post.utf8
            }
            bytes += piece.utf8
        }
        return (bytes + Array(after.utf8), ranges)
    }

    /// Everything a page's check gives, its relative links resolved against `files`.
    static func outcome(_ page: [UInt8], sanitized: [Range<Int>], files: Set<String> = ["a/index.html", "a/present.html"]) -> String {
        let checker = LinkChecker()
        var result = checker.inspect(LinkChecker.Page(path: "a/index.html", bytes: page), sanitized: sanitized)
        let pending = result.links.map { "\($0.location) \($0.value)" }
        var memo = RelativeLink.Memo()
        checker.resolveLinks(of: &result, existingFiles: files, memo: &memo)
        let findings = result.findings.sorted().map { "\($0.location) \($0.rule) \($0.severity) \($0.message) \($0.url) \($0.suggestion ?? "-")" }
        return "\(findings)\n\(pending)\n\(result.intentURLs) \(result.resolvedLinks) \(result.linkBase ?? "-")"
    }

    @Test("a post in any place of a page: the findings, their lines and columns, and the counts are those of reading the whole page",
          arguments: placements)
    func everyPlacement(_ placement: String) {
        for post in Self.posts {
            let (bytes, ranges) = Self.page(placement, post: post)
            let whole = Self.outcome(bytes, sanitized: [])
            #expect(Self.outcome(bytes, sanitized: ranges) == whole, "post \(post)")
        }
    }

    @Test("pages made at random of template pieces and sanitized posts check as the whole page does")
    func randomPages() {
        let pieces = ["<div>", "</div>", "<p class=\"a\">", "text ", "\n", "<", ">", "\"", "'", "=", "<a href=\"", "<a href='", "<a href=",
                      "<!--", "-->", "<!", "<?", "<script>", "</script>", "<!--<script>", "<textarea>", "</textarea>", "<title>",
                      "</title>", "<style>", "</style>", "<svg>", "</svg>", "<math>", "<![CDATA[", "]]>", "<base href=\"b/\">", "&", "&amp;",
                      "<a href=\"missing.html\">", "<img src=\"present.html\">", "<a href=\"https://twitter.com/intent/tweet?text=a b\">",
                      "<p title=\"https://x.com/intent/post?text=%41\">", "<plaintext>", "</p>", "<br/>", "<div title=", " ", "/"]
        var random = SplitMix(seed: 0x5EED_2024)
        var skippedSomewhere = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for _ in 0..<Int(random.next() % 12) {
                if random.next() % 3 == 0 {
                    let post = Self.posts[Int(random.next() % UInt64(Self.posts.count))]
                    ranges.append(bytes.count..<(bytes.count + post.utf8.count))
                    bytes += post.utf8
                } else {
                    bytes += pieces[Int(random.next() % UInt64(pieces.count))].utf8
                }
            }
            bytes += Self.after.utf8
            let whole = Self.outcome(bytes, sanitized: [])
            let skipping = Self.outcome(bytes, sanitized: ranges)
            #expect(skipping == whole, "\(String(decoding: bytes, as: UTF8.self))")
            if skipping != whole { return }
            if !SkippedRanges.read(bytes, skipping: ranges).isEmpty { skippedSomewhere += 1 }
        }
        // The comparison means something only if many of these pages had posts passed over.
        #expect(skippedSomewhere > 500)
    }

    @Test("a post that holds an intent path anywhere is read, not passed over: its title's intent URL is reported")
    func intentPathsAreRead() throws {
        let post = PostHTML.clean("<p><abbr title=\"https://twitter.com/intent/tweet?text=a b\">t</abbr></p>", base: nil)
        let (bytes, ranges) = Self.page("<div>%</div>", post: post)
        #expect(bytes.withUnsafeBufferPointer { SanitizedHTMLFacts.inert(ranges, in: $0) }.isEmpty)
        let result = LinkChecker().inspect(LinkChecker.Page(path: "a/index.html", bytes: bytes), sanitized: ranges)
        let finding = try #require(result.findings.first { $0.url.contains("a b") && $0.location.line == 2 })
        #expect(finding.rule == .rawSpace)
        #expect(finding.location.column == 25)
    }

    @Test("ranges out of order, repeated, empty or past the end change nothing")
    func oddRanges() {
        let post = Self.posts[0]
        let (bytes, ranges) = Self.page("<div>%</div><p>%</p>", post: post)
        let whole = Self.outcome(bytes, sanitized: [])
        for odd in [ranges.reversed(), [ranges[0], ranges[0]], [0..<0, ranges[1]],
                    [ranges[1].lowerBound..<(bytes.count + 5)]] {
            #expect(Self.outcome(bytes, sanitized: Array(odd)) == whole)
        }
    }
}

/// Which ranges the tokenizer really passed over: the start tags it reports with and without them differ.
enum SkippedRanges {
    struct Recorder: HTMLTokenSink {
        static var wantsText: Bool { false }
        static var wantsComments: Bool { false }
        var names: [String] = []
        mutating func startTag(_ tag: HTMLTag) { names.append(String(decoding: tag.name, as: UTF8.self)) }
        mutating func endTag(name: UnsafeBufferPointer<UInt8>) { names.append("/" + String(decoding: name, as: UTF8.self)) }
        mutating func text(_ bytes: [UInt8]) {}
        mutating func comment(_ bytes: [UInt8]) {}
        mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {}
    }

    /// The tags read with `skipping` that differ from those read without, as a list of names missing.
    static func read(_ bytes: [UInt8], skipping: [Range<Int>]) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var plain = HTMLTokenizer(input: buffer, sink: Recorder())
            var skipped = HTMLTokenizer(input: buffer, sink: Recorder(), skipping: SanitizedHTMLFacts.inert(skipping, in: buffer))
            let all = plain.run().names
            let seen = skipped.run().names
            return seen == all ? [] : all
        }
    }
}

@Suite struct HTMLTokenizerSkipTests {
    static func names(_ html: String, skipping ranges: [Range<Int>]) -> [String] {
        Array(html.utf8).withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: SkippedRanges.Recorder(), skipping: ranges)
            return tokenizer.run().names
        }
    }

    static func range(of part: String, in html: String, from start: Int = 0) -> Range<Int> {
        let bytes = Array(html.utf8), needle = Array(part.utf8)
        let offset = (start...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }!
        return offset..<(offset + needle.count)
    }

    @Test("a range that starts where the data state is passed over, after a tag or after text, the rest read as before")
    func passesOverText() {
        let html = "<div><em>a</em></div><p>text <b>b</b> more</p><i>"
        #expect(Self.names(html, skipping: [Self.range(of: "<em>a</em>", in: html)]) == ["div", "/div", "p", "b", "/b", "/p", "i"])
        #expect(Self.names(html, skipping: [Self.range(of: "text <b>b</b> ", in: html)]) == ["div", "em", "/em", "/div", "p", "/p", "i"])
        #expect(Self.names(html, skipping: [Self.range(of: "<b>b</b>", in: html)]) == ["div", "em", "/em", "/div", "p", "/p", "i"])
        // A `<` that starts no tag is text, and the data state reads the next `<` again.
        #expect(Self.names("<<em>a</em><i>", skipping: [1..<11]) == ["i"])
    }

    @Test("a range that starts inside a tag, an attribute, a comment or raw text is read as usual", arguments: [
        "<div title=\"<em>a</em>\"></div><i>", "<div <em>a</em>></div><i>", "<!--<em>a</em>--><i>", "<textarea><em>a</em></textarea><i>",
        "<script><em>a</em></script><i>", "<title><em>a</em></title><i>", "<!<em>a</em>><i>",
    ])
    func readsElsewhere(_ html: String) {
        #expect(Self.names(html, skipping: [Self.range(of: "<em>a</em>", in: html)]) == Self.names(html, skipping: []))
    }
}

/// A small seeded generator (SplitMix64), so that a failing random page can be found again.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
