import Foundation
import Testing
@testable import FeedsiteKit

/// Collects what a browser's tokenizer sees: the tag structure, attribute values and text.
struct StructureSink: HTMLTokenSink {
    static var wantsText: Bool { true }
    static var wantsComments: Bool { true }
    var structure: [String] = []
    var attributes: [String: [String]] = [:]
    var text = ""

    mutating func startTag(_ tag: HTMLTag) {
        let name = String(decoding: tag.name, as: UTF8.self)
        var names: [String] = []
        for attribute in tag.attributes {
            let attributeName = String(decoding: tag.name(of: attribute), as: UTF8.self)
            names.append(attributeName + (attribute.isDuplicate ? "(duplicate)" : ""))
            attributes["\(name).\(attributeName)", default: []].append(String(decoding: tag.value(of: attribute), as: UTF8.self))
        }
        structure.append("<\(name) \(names.sorted().joined(separator: " "))>")
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) { structure.append("</\(String(decoding: name, as: UTF8.self))>") }
    mutating func text(_ bytes: [UInt8]) { text += String(decoding: bytes, as: UTF8.self) }
    mutating func comment(_ bytes: [UInt8]) { structure.append("<!--\(String(decoding: bytes, as: UTF8.self))-->") }
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) { structure.append("<!doctype>") }

    static func scan(_ html: String) -> StructureSink {
        Array(html.utf8).withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: StructureSink())
            return tokenizer.run()
        }
    }
}

/// Values that try to break out of their context, placed in every field a user controls.
@Suite struct EscapingTests {
    static let corpus = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg onload=alert(1)>", "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>", "</script><script>alert(1)</script>", "\" onmouseover=\"alert(1)",
        "' onfocus='alert(1)' autofocus='", "`${alert(1)}`", "<!--", "-->", "<![CDATA[x]]>", "&lt;script&gt;", "&amp;amp;",
        "&#x3C;script&#x3E;", "line\u{2028}separator\u{2029}paragraph", "</title><script>alert(1)</script>",
        "</textarea><script>alert(2)</script>", "<style>*{display:none}</style>", "{{site.title}}", "{{{account.name}}}",
        "<a href=\"javascript:alert(1)\">x</a>", "%3Cscript%3E", "\\\"; alert(1); //", "<iframe src=//evil.example>",
        "<meta http-equiv=\"refresh\" content=\"0;url=//evil.example\">", "<base href=\"//evil.example/\">",
        "<form action=//evil.example><input name=x></form>", "<body onload=alert(1)>", "<svg><script>alert(1)</script></svg>",
        "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>", "'\"<>&", "emoji 😀 and \u{202E}override",
        "</noscript><img src=x onerror=alert(1)>", "#hash &amp; + 100% ?x=y",
    ]

    /// A YAML double-quoted string holding `text` exactly.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0x202E {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func site(_ value: String) -> String {
        let q = quoted(value)
        return """
        title: \(q)
        description: \(q)
        params: {note: \(q)}
        accounts:
          - handle: victim
            name: \(q)
            description: \(q)
            params: {note: \(q)}
            compose:
              text: \(q)
        """
    }

    func pages(_ value: String) throws -> (index: StructureSink, account: StructureSink) {
        let site = try TemporarySite(["site.yml": Self.site(value)])
        _ = try site.build()
        return (StructureSink.scan(site.read("output/index.html") ?? ""), StructureSink.scan(site.read("output/victim/index.html") ?? ""))
    }

    @Test("the corpus holds at least thirty hostile values")
    func corpusSize() {
        #expect(Self.corpus.count >= 30)
    }

    @Test("a hostile value never adds an element, attribute or script, and reads back as the original text", arguments: corpus)
    func hostileValue(_ value: String) throws {
        let baseline = try pages("plain text")
        let hostile = try pages(value)
        #expect(hostile.index.structure == baseline.index.structure)
        #expect(hostile.account.structure == baseline.account.structure)
        #expect(hostile.account.attributes["meta.content"]?.contains(value) == true, "the description meta tag")
        #expect(hostile.account.text.contains("\(value) @victim"), "the h1 holds the name as text")
        #expect(hostile.account.text.contains(value + " (@victim) · " + value), "the title element")
        let compose = try #require(hostile.account.attributes["a.href"]?.first { $0.contains("/intent/tweet") })
        let query = try #require(compose.split(separator: "?", maxSplits: 1).last)
        let text = try #require(query.split(separator: "&").first { $0.hasPrefix("text=") })
        #expect(String(decoding: PercentEncoding.decode(text.dropFirst(5)), as: UTF8.self) == value)
        #expect(hostile.index.text.contains(value + " @victim"))
    }
}
