import Foundation
import Testing
@testable import FeedsiteKit

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

    /// Small templates that place every field a user controls in each kind of place the builder
    /// fills: element text, title text, double- and single-quoted attributes, and a link.
    static let fixtureTemplates = [
        "templates/index.html": """
            <title>{{site.title}}</title>
            <h1 title="{{site.title}}">{{site.title}}</h1>
            <p title='{{site.description}}'>{{site.description}}</p>
            <p data-note="{{site.params.note}}">{{site.params.note}}</p>
            <ul>{{#accounts}}<li title="{{name}}">{{name}}</li>{{/accounts}}</ul>
            """,
        "templates/account.html": """
            <title>{{account.name}}</title>
            <h1 title="{{account.name}}">{{account.name}}</h1>
            <p title='{{account.description}}'>{{account.description}}</p>
            <p data-note="{{account.params.note}}">{{account.params.note}}</p>
            <a href="{{account.compose_url}}">post</a>
            """,
        "templates/404.html": "<p>{{site.title}}</p>",
    ]

    /// The index and the account page of a site whose every user field holds `value`, as a browser
    /// would read them; with the default templates unless `templates` replaces them.
    static func pages(_ value: String, templates: [String: String] = [:]) throws -> (index: StructureSink, account: StructureSink) {
        let site = try TemporarySite(templates.merging(["site.yml": Self.site(value)]) { $1 })
        _ = try site.build()
        return (StructureSink.scan(site.read("output/index.html") ?? ""), StructureSink.scan(site.read("output/victim/index.html") ?? ""))
    }

    /// The text that the compose link of `page` would post.
    static func composeText(_ page: StructureSink) throws -> String {
        let compose = try #require(page.attributes["a.href"]?.first { $0.contains("/intent/tweet") })
        let query = try #require(compose.split(separator: "?", maxSplits: 1).last)
        let text = try #require(query.split(separator: "&").first { $0.hasPrefix("text=") })
        return String(decoding: PercentEncoding.decode(text.dropFirst(5)), as: UTF8.self)
    }

    /// How often `value` is in `page`, in its text and as whole attribute values.
    static func occurrences(of value: String, in page: StructureSink) -> Int {
        page.text.components(separatedBy: value).count - 1 + page.attributes.values.joined().filter { $0 == value }.count
    }

    @Test("a hostile value in any field reads back as written, in text and in quoted attributes, and adds no element or attribute",
          arguments: corpus)
    func hostileValue(_ value: String) throws {
        let baseline = try Self.pages("plain text", templates: Self.fixtureTemplates)
        let hostile = try Self.pages(value, templates: Self.fixtureTemplates)
        for (page, plain) in [(hostile.index, baseline.index), (hostile.account, baseline.account)] {
            #expect(page.structure == plain.structure)
            #expect(page.text == plain.text.replacingOccurrences(of: "plain text", with: value))
            var attributes = plain.attributes.mapValues { $0.map { $0 == "plain text" ? value : $0 } }
            attributes["a.href"] = page.attributes["a.href"]
            #expect(page.attributes == attributes)
        }
        #expect(Self.occurrences(of: "plain text", in: baseline.index) == 9, "every field in every place on the index")
        #expect(Self.occurrences(of: "plain text", in: baseline.account) == 7, "every field in every place on the account page")
        #expect(try Self.composeText(hostile.account) == value)
    }
}
