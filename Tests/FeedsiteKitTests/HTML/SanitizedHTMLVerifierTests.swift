import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

/// The verifier stands in for sanitizing a snapshot's HTML again, so it must say yes exactly when
/// sanitizing would change nothing: it accepts every output of the sanitizer, and whatever it accepts
/// the sanitizer leaves byte for byte as it is.
@Suite struct SanitizedHTMLVerifierTests {
    static func sanitize(_ html: String) -> String {
        HTMLSanitizer().sanitize(html)
    }

    /// A noncharacter as text (Swift refuses them in literals).
    static func character(_ value: UInt32) -> String {
        String(Unicode.Scalar(value)!)
    }

    /// Checks both directions on `input`: the verifier accepts its sanitized form, and accepts `input`
    /// itself exactly when sanitizing leaves it unchanged. Returns false (after recording) on a failure.
    @discardableResult
    static func check(_ input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let clean = sanitize(input)
        let acceptsClean = SanitizedHTMLVerifier.accepts(clean)
        #expect(acceptsClean, "the sanitizer's output is refused: \(clean.debugDescription)", sourceLocation: sourceLocation)
        let fixed = clean == input
        let acceptsInput = SanitizedHTMLVerifier.accepts(input)
        #expect(acceptsInput == fixed, "accepted \(acceptsInput), but sanitizing \(fixed ? "keeps" : "changes") \(input.debugDescription)\(fixed ? "" : " into \(clean.debugDescription)")",
                sourceLocation: sourceLocation)
        return acceptsClean && acceptsInput == fixed
    }

    @Test("the sanitizer's own forms are accepted, and the sanitizer indeed keeps them", arguments: [
        "", "plain text", "é😀 \t\nline", "1 &lt; 2 &amp;&amp; &quot;q&quot; &#39;a&#39; &gt;",
        "<p>a</p><p></p>", "<br><hr><hr title=\"rule\" lang=\"en\" dir=\"rtl\">",
        "<p>Hello <em>you</em> &amp; <strong>me</strong><br>bye</p>",
        "<a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"nofollow ugc noopener noreferrer\">link</a>",
        "<a title=\"T\" href=\"HTTP://EXAMPLE.COM\" dir=\"auto\" lang=\"fr\" rel=\"nofollow ugc noopener noreferrer\">x</a>",
        "<a href=\"mailto:amy@example.com\" rel=\"nofollow ugc noopener noreferrer\">m</a>",
        "<a href=\"http:\" rel=\"nofollow ugc noopener noreferrer\"></a>", "<a rel=\"nofollow ugc noopener noreferrer\">no link</a>",
        "<em title=\"a\tb\nc\rd &amp; &quot;e&quot; &#39;f&#39; &lt;g&gt;\" lang=\"\">x</em>",
        "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><ol><li><ul><li>d</li></ul></li></ol>",
        "<blockquote><p>q</p></blockquote><pre><code>x &lt; y</code></pre><dl><dt>t</dt><dd>d</dd></dl>",
        "<li><ul><li>x</li></ul></li>", "<p><a rel=\"nofollow ugc noopener noreferrer\">a</a><a rel=\"nofollow ugc noopener noreferrer\">b</a></p>",
        "<b><i><u><s><del><ins><sub><sup><small><mark><q><cite><code><kbd><samp><abbr>x</abbr></samp></kbd></code></cite></q></mark></small></sup></sub></ins></del></s></u></i></b>",
        String(repeating: "<em>", count: 64) + "deep<br>" + String(repeating: "</em>", count: 64),
    ])
    func accepted(html: String) {
        #expect(SanitizedHTMLVerifier.accepts(html))
        #expect(Self.sanitize(html) == html)
    }

    @Test("near misses are refused, and the sanitizer indeed changes each of them", arguments: [
        // Text: every character the writer escapes or leaves out.
        "a & b", "&nbsp;", "&#x27;", "&apos;", "&AMP;", "&amp", "'", "\"", ">", "a\rb", "\u{1}", "\u{C}", "\u{7F}", "\u{85}", "\u{9F}",
        Self.character(0xFDD0), Self.character(0xFDEF), Self.character(0xFFFE), Self.character(0xFFFF), Self.character(0x1FFFE), Self.character(0x10FFFF), "<", "a<", "</", "<!-- c -->", "<!DOCTYPE html>",
        // Elements: only the kept ones, in lower case, each closed by its own end tag, none closing another.
        "<p>a", "a</p>", "<P>a</P>", "<p >a</p>", "<p>a</p >", "<br/>", "<br />", "</br>", "<hr></hr>", "<h1>x</h1>", "<div>x</div>",
        "<span>x</span>", "<em><strong>x</em></strong>", "<p>a<p>b</p></p>", "<p><ul><li>x</li></ul></p>", "<p><hr></p>",
        "<p><blockquote>q</blockquote></p>", "<ul><li>a<li>b</li></li></ul>", "<li>a<li>b</li></li>",
        String(repeating: "<em>", count: 65) + "deep" + String(repeating: "</em>", count: 65),
        // Attributes: only these, each once, in the writer's form, and every link's rel last.
        "<a href=\"https://x.example\">t</a>", "<a href=\"https://x.example\" rel=\"nofollow\">t</a>",
        "<a rel=\"nofollow ugc noopener noreferrer\" href=\"https://x.example\">t</a>",
        "<a href=\"https://x.example\" rel=\"nofollow ugc noopener noreferrer\" title=\"t\">t</a>",
        "<a href=\"https://x.example\" rel=\"nofollow ugc noopener noreferrer\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a rel=\"nofollow ugc noopener noreferrer\"><a rel=\"nofollow ugc noopener noreferrer\">t</a></a>",
        "<a href=\"javascript:alert(1)\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"/relative\" rel=\"nofollow ugc noopener noreferrer\">t</a>", "<a href=\"\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"https://x.example/a b\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\" https://x.example\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"https://x.example/\ta\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"https://x.example/&y\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"https://x.example/\u{7F}\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"ftp://x.example\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"https+x://x.example\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=\"https://a\" href=\"https://b\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a HREF=\"https://x.example\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href='https://x.example' rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a href=https://x.example rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<a  href=\"https://x.example\" rel=\"nofollow ugc noopener noreferrer\">t</a>",
        "<p href=\"https://x.example\">t</p>", "<p rel=\"nofollow ugc noopener noreferrer\">t</p>", "<p class=\"x\">t</p>",
        "<p onclick=\"x()\">t</p>", "<em title=\"a\" title=\"b\">x</em>", "<em title=\"a\" lang=\"b\" title=\"c\">x</em>",
        "<em dir=\"LTR\">x</em>", "<em dir=\"up\">x</em>", "<em dir=\"\">x</em>", "<em title='x'>x</em>", "<em title=x>x</em>",
        "<em title>x</em>", "<em title=\"x\"y>x</em>", "<em title=\"a'b\">x</em>", "<em title=\"a>b\">x</em>", "<em title=\"a&b\">x</em>",
        "<em title=\"\u{C}\">x</em>", "<em title=\"\u{85}\">x</em>", "<em title=\"x", "<em",
    ])
    func refused(html: String) {
        #expect(!SanitizedHTMLVerifier.accepts(html))
        #expect(Self.sanitize(html) != html)
    }

    @Test("it knows every element the writer keeps, by its name, and no other")
    func elementNames() {
        for element in SanitizedHTMLWriter.Kept.allCases {
            let html = element.isVoid ? "<\(element.rawValue)>" : "<\(element.rawValue)></\(element.rawValue)>"
            #expect(SanitizedHTMLVerifier.accepts(element == .a ? "<a rel=\"nofollow ugc noopener noreferrer\"></a>" : html), "\(element)")
        }
        for name in ["h1", "div", "span", "img", "pp", "bb", "ab", "blockquotes", "strongest", "abcdefghijklmnop"] {
            #expect(!SanitizedHTMLVerifier.accepts("<\(name)></\(name)>"), "\(name)")
        }
    }
}

extension SanitizedHTMLVerifierTests {
    /// The fuzzer's seeds for the sanitizer and the feed readers, and the sanitizer tests' hostile fragments.
    static var corpus: [String] {
        var inputs = HTMLSanitizerTests.fragments
        for folder in ["sanitizer", "xmlfeed", "jsonfeed", "snapshot", "html"] {
            let path = RepositoryPaths.root + "/Fuzz/corpus/" + folder
            for file in (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] {
                if let data = FileManager.default.contents(atPath: path + "/" + file) { inputs.append(String(decoding: data, as: UTF8.self)) }
            }
        }
        return inputs
    }

    @Test("on the fuzzers' seeds and the hostile fragments, and on each one sanitized with a byte removed or doubled")
    func fuzzCorpus() {
        let inputs = Self.corpus
        #expect(inputs.count > 60)
        for input in inputs {
            guard Self.check(input) else { return }
            guard Self.mutations(of: Self.sanitize(input)).allSatisfy({ Self.check($0) }) else { return }
        }
    }

    @Test("on every input of the html5lib tokenizer tests", .enabled(if: SharedData.exists(SharedData.html5libTokenizer), "../shared/html5lib-tests is not present"))
    func html5lib() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedData.html5libTokenizer).filter { $0.hasSuffix(".test") }.sorted()
        var checked = 0
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: SharedData.html5libTokenizer + "/" + file))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for test in root["tests"] as? [[String: Any]] ?? [] {
                guard var input = test["input"] as? String else { continue }
                if test["doubleEscaped"] as? Bool == true { input = HTML5LibTokenizerTests.unescape(input) }
                guard Self.check(input) else { return }
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    @Test("a character that ends a run of plain text or of a link is seen at every offset from an eight-byte step")
    func runOffsets() {
        let inserts = ["é", "漢", "😀", "&amp;", "&", "<", ">", "\"", "'", "#", "\t", "\n", "\r", " ", "\u{85}", "\u{A0}", "\u{7F}", "\u{1}",
                       Self.character(0xFDD0), Self.character(0xFFFE), Self.character(0x1FFFF), "</p>", "<br>"]
        for insert in inserts {
            for before in 0..<18 {
                let run = String(repeating: "a", count: before)
                for after in ["", "b", "bbbbbbbbb"] {
                    Self.check("<p>" + run + insert + after + "</p>")
                    Self.check(run + insert + after)
                    Self.check("<a href=\"https://x.example/" + run + insert + after + "\" rel=\"nofollow ugc noopener noreferrer\">x</a>")
                }
            }
        }
    }

    /// Tokens that the sanitizer's output is made of, and each one's near misses.
    static let tokens = [
        "<p>", "</p>", "<br>", "<hr>", "<em>", "</em>", "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>", "<blockquote>", "</blockquote>",
        "<pre>", "</pre>", "<code>", "</code>", "<dl>", "</dl>", "<dt>", "</dt>", "<a rel=\"nofollow ugc noopener noreferrer\">", "</a>",
        "<a href=\"https://x.example/?a=1&amp;b=2\" rel=\"nofollow ugc noopener noreferrer\">", "<a href=\"https://x.example/\">",
        "<a href=\"mailto:a@b\" title=\"m\" rel=\"nofollow ugc noopener noreferrer\">", "<a href=\"/rel\" rel=\"nofollow ugc noopener noreferrer\">",
        "<p title=\"t &amp; &#39;q&#39;\" lang=\"en\">", "<p dir=\"ltr\">", "<p dir=\"LTR\">", "<em title=\"a\" title=\"b\">", "<br/>", "</br>",
        "<P>", "<p >", "<h2>", "</h2>", "<div>", "<script>", "</script>", "<!--", "-->", "<textarea>", "<svg>", "</svg>",
        "text", " ", "é", "😀", "\t", "\n", "\r", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&", "&amp", "&nbsp;", "'", "\"", ">", "<",
        "\u{85}", "\u{7F}", Self.character(0xFFFE), "\u{0}", "=", "/",
    ]

    @Test("on 20,000 mixes of the output's tokens and their near misses (seeded, the same every run)")
    func tokenMixes() {
        var generator = SeededGenerator(seed: 22)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 16) + 1
            let input = (0..<count).map { _ in Self.tokens[Int(generator.next() % UInt64(Self.tokens.count))] }.joined()
            guard Self.check(input), Self.check(Self.sanitize(input) + Self.tokens[Int(generator.next() % UInt64(Self.tokens.count))]) else { return }
        }
    }

    /// `html` with a byte removed, and with a byte doubled, at up to 400 places spread over it (kept
    /// only when still UTF-8).
    static func mutations(of html: String) -> [String] {
        let bytes = Array(html.utf8)
        var variants: [String] = []
        for index in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
            for variant in [Array(bytes[..<index] + bytes[(index + 1)...]), Array(bytes[...index] + bytes[index...])] {
                if let text = String(validating: variant, as: UTF8.self) { variants.append(text) }
            }
        }
        return variants
    }
}
