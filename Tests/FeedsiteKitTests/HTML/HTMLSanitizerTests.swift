import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct HTMLSanitizerTests {
    static let sanitizer = HTMLSanitizer(base: "https://example.social/@amy/1")

    @Test("benign structure is kept: paragraphs, breaks, links, emphasis, quotes, lists, code", arguments: [
        ("<p>Hello <em>you</em> &amp; <strong>me</strong><br>bye</p>", "<p>Hello <em>you</em> &amp; <strong>me</strong><br>bye</p>"),
        ("<blockquote><p>q</p></blockquote><ul><li>a</li><li>b</li></ul><pre><code>x &lt; y</code></pre>",
         "<blockquote><p>q</p></blockquote><ul><li>a</li><li>b</li></ul><pre><code>x &lt; y</code></pre>"),
        ("<a href=\"https://example.com/a?b=1&amp;c=2\">link</a>",
         "<a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"nofollow ugc noopener noreferrer\">link</a>"),
        ("<a href=\"mailto:amy@example.com\" title=\"Mail\">m</a>",
         "<a href=\"mailto:amy@example.com\" title=\"Mail\" rel=\"nofollow ugc noopener noreferrer\">m</a>"),
    ])
    func keeps(input: String, expected: String) {
        #expect(Self.sanitizer.sanitize(input) == expected)
    }

    @Test("script-capable elements go with their content; the text after them stays", arguments: [
        ("a<script>alert(1)</script>b", "ab"),
        ("a<style>p{color:red}</style>b", "ab"),
        ("a<iframe src=\"https://evil\">fallback</iframe>b", "ab"),
        ("a<svg><script>alert(1)</script><text>t</text></svg>b", "ab"),
        ("a<math><mi>x</mi></math>b", "ab"),
        ("a<template><img src=x onerror=alert(1)></template>b", "ab"),
        ("a<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">b", "a&quot;&gt;b"),
        ("a<object data=\"x.swf\">fallback</object>b<embed src=\"x\">c", "abc"),
        ("a<ScRiPt>alert(1)</sCrIpT>b", "ab"),
        ("a<script>document.write('</scr'+'ipt>')</script>b", "ab"),
        ("a<svg><svg></svg>still inside</svg>b", "ab"),
    ])
    func drops(input: String, expected: String) {
        #expect(Self.sanitizer.sanitize(input) == expected)
    }

    @Test("event handlers, style and every other attribute are dropped", arguments: [
        "<p onclick=\"alert(1)\" style=\"position:fixed\" class=\"x\" id=\"main\">t</p>",
        "<p ONCLICK=alert(1) Style=x>t</p>",
    ])
    func dropsAttributes(input: String) {
        #expect(Self.sanitizer.sanitize(input) == "<p>t</p>")
    }

    @Test("links other than http, https and mailto lose their href, however the scheme is written", arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "&#x6A;avascript:alert(1)", "&#106;&#97;vascript:alert(1)",
        "java&#x09;script:alert(1)", "java\tscript:alert(1)", "java&NewLine;script:alert(1)", " \u{1}javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd", "jav&#x0D;ascript:alert(1)",
    ])
    func unsafeLinks(href: String) {
        let output = Self.sanitizer.sanitize("<a href=\"\(href)\">x</a>")
        #expect(output == "<a rel=\"nofollow ugc noopener noreferrer\">x</a>")
    }

    @Test("relative links are resolved against the post's address; without one they are dropped")
    func relativeLinks() {
        #expect(Self.sanitizer.sanitize("<a href=\"/tags/swift\">#swift</a>")
            == "<a href=\"https://example.social/tags/swift\" rel=\"nofollow ugc noopener noreferrer\">#swift</a>")
        #expect(HTMLSanitizer().sanitize("<a href=\"/tags/swift\">#swift</a>") == "<a rel=\"nofollow ugc noopener noreferrer\">#swift</a>")
    }

    @Test("a link is written as a browser sends it: a raw space inside becomes %20")
    func linkSpaces() {
        #expect(HTMLSanitizer().sanitize("<a href=\" https://twitter.com/intent/tweet?text=hello world \">t</a>")
            == "<a href=\"https://twitter.com/intent/tweet?text=hello%20world\" rel=\"nofollow ugc noopener noreferrer\">t</a>")
    }

    @Test("the output is balanced: it never closes what it did not open, and closes what it opened", arguments: [
        ("</div></article></main><p>x", "<p>x</p>"),
        ("<p>a<p>b", "<p>a</p><p>b</p>"),
        ("<em><strong>x</em>y</strong>", "<em><strong>x</strong></em>y"),
        ("<ul><li>a<li>b</ul>c", "<ul><li>a</li><li>b</li></ul>c"),
        ("<a href=\"https://a.example\">1<a href=\"https://b.example\">2</a>3", "<a href=\"https://a.example\" rel=\"nofollow ugc noopener noreferrer\">12</a>3"),
        ("<p>para<blockquote>q</blockquote>", "<p>para</p><blockquote>q</blockquote>"),
    ])
    func balanced(input: String, expected: String) {
        #expect(Self.sanitizer.sanitize(input) == expected)
    }

    @Test("headings become paragraphs, images their alt text, other elements their text")
    func reshapes() {
        #expect(Self.sanitizer.sanitize("<h1>Title</h1><div><span class=\"h-card\">@amy</span></div><img src=\"x.png\" alt=\"a cat\">")
            == "<p>Title</p>@amya cat")
        #expect(Self.sanitizer.sanitize("<form action=\"/x\"><label>Name <input name=n></label><button>Go</button></form>") == "Name Go")
        #expect(Self.sanitizer.sanitize("<table><tr><td>1</td></tr></table>") == "1")
    }

    @Test("text is escaped and control characters are left out")
    func text() {
        #expect(Self.sanitizer.sanitize("1 &lt; 2 &amp;&amp; \"q\" 'a' \u{1B}[2J\u{7}") == "1 &lt; 2 &amp;&amp; &quot;q&quot; &#39;a&#39; [2J")
        #expect(Self.sanitizer.sanitize("&lt;script&gt;alert(1)&lt;/script&gt;") == "&lt;script&gt;alert(1)&lt;/script&gt;")
    }
}

/// Reads sanitized output back with the tokenizer and records what a browser would see in it.
struct SanitizedOutputAudit: HTMLTokenSink {
    static var wantsText: Bool { false }
    static var wantsComments: Bool { true }
    var problems: [String] = []
    var open: [String] = []
    /// The deepest nesting seen.
    var deepest = 0
    static let allowed: Set<String> = ["p", "br", "a", "em", "strong", "b", "i", "u", "s", "del", "ins", "sub", "sup", "small", "mark",
                                       "blockquote", "q", "cite", "ul", "ol", "li", "code", "pre", "kbd", "samp", "abbr", "dl", "dt", "dd", "hr"]

    mutating func startTag(_ tag: HTMLTag) {
        let name = String(decoding: tag.name, as: UTF8.self)
        if !Self.allowed.contains(name) { problems.append("element \(name)") }
        for attribute in tag.attributes {
            let key = String(decoding: tag.name(of: attribute), as: UTF8.self)
            let value = String(decoding: tag.value(of: attribute), as: UTF8.self)
            switch key {
            case "href":
                let scheme = value.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
                if !["http", "https", "mailto"].contains(scheme) { problems.append("href \(value)") }
            case "rel", "title", "lang", "dir": break
            default: problems.append("attribute \(key)")
            }
        }
        if name != "br", name != "hr" { open.append(name) }
        deepest = max(deepest, open.count)
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {
        let name = String(decoding: name, as: UTF8.self)
        if open.last == name { open.removeLast() } else { problems.append("unbalanced </\(name)>") }
    }

    mutating func text(_ bytes: [UInt8]) {}
    mutating func comment(_ bytes: [UInt8]) { problems.append("comment") }
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) { problems.append("doctype") }
}

extension HTMLSanitizerTests {
    static let fragments = [
        "<p>", "</p>", "<a href=\"javascript:x\">", "<a href='https://ok.example'>", "</a>", "<script>", "</script>", "<svg>", "</svg>",
        "<img src=x onerror=alert(1)>", "<!--", "-->", "<![CDATA[", "]]>", "<style>", "</style>", "<noscript>", "</noscript>", "\"", "'",
        "<textarea>", "</textarea>", "<title>", "</title>", "<math>", "<mi>", "</math>", "<em>", "</strong>", "<ul><li>", "&lt;", "&#x6A;",
        "text ", "<h1>", "</h1>", "<plaintext>", "<!DOCTYPE html>", "<p onclick=alert(1)>", "<a href=/rel>", "<iframe>", "</iframe>",
        "<xmp>", "</xmp>", "<template>", "</template>", "<li>", "</ul>", "<blockquote>", "<br/>", "</br>", "<?php ?>", "<a href=\"&#1;javascript:x\">",
    ]

    @Test("2,000 random mixes of hostile fragments all come out with allowed elements, safe links, balanced, no comments")
    func randomMixes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let input = (0..<Int.random(in: 1...12, using: &generator)).map { _ in Self.fragments.randomElement(using: &generator)! }.joined()
            let output = Self.sanitizer.sanitize(input)
            var bytes = Array(output.utf8)
            let audit = bytes.withUnsafeMutableBufferPointer { buffer in
                var tokenizer = HTMLTokenizer(input: UnsafeBufferPointer(buffer), sink: SanitizedOutputAudit())
                return tokenizer.run()
            }
            #expect(audit.problems.isEmpty && audit.open.isEmpty, "\(input) -> \(output): \(audit.problems), open \(audit.open)")
            if !audit.problems.isEmpty || !audit.open.isEmpty { return }
        }
    }
}

extension HTMLSanitizerTests {
    @Test("200,000 nested blockquotes, lists or items keep at most 64 levels, balanced, with the text (the stack search stays short)",
          arguments: ["blockquote", "ul", "ol", "li", "em"])
    func deepNesting(element: String) {
        let input = String(repeating: "<\(element)>", count: 200_000) + "deep" + String(repeating: "</\(element)>", count: 200_000)
        let output = Self.sanitizer.sanitize(input)
        #expect(output.contains("deep"))
        var bytes = Array(output.utf8)
        let audit = bytes.withUnsafeMutableBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: UnsafeBufferPointer(buffer), sink: SanitizedOutputAudit())
            return tokenizer.run()
        }
        #expect(audit.problems.isEmpty && audit.open.isEmpty)
        #expect(audit.deepest <= 64)
    }
}

extension HTMLSanitizerTests {
    @Test("a link's href is what Foundation's replacement of each space by %20 makes of it, also for links without a space, where it is skipped")
    func hrefSpacesAsBefore() {
        var generator = SeededGenerator(seed: 22)
        // A space with a combining mark after it, spaces Foundation could take for one, and bytes browsers drop.
        let pieces = ["a", "/", "?q=1", "#f", " ", "  ", " \u{301}", "\u{301}", "\u{A0}", "\u{2002}", "\u{3000}", "\u{200B}", "\u{FEFF}", "%20", "é", "😀",
                      "\t", "\n", "\r", "\u{1}", "\u{85}", "\u{202E}", "+", "%"]
        for _ in 0..<2_000 {
            let path = (0..<Int(generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let href = (generator.next() % 4 == 0 ? "  " : "") + "https://e.example/" + path
            let browser = HTTPURLSyntax.browserForm(of: href)
            let expected = HTMLEscaper.escape(ControlCharacters.removed(from: browser.replacingOccurrences(of: " ", with: "%20")))
            let output = Self.sanitizer.sanitize("<a href=\"\(HTMLEscaper.escape(href))\">x</a>")
            #expect(output == "<a href=\"\(expected)\" rel=\"nofollow ugc noopener noreferrer\">x</a>", "\(href.debugDescription)")
        }
    }
}
