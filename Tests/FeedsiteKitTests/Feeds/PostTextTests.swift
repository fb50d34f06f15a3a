import Foundation
import Testing
@testable import FeedsiteKit

/// PostText works on bytes; these tests hold it to the first version, which worked scalar by scalar
/// (kept here as the reference), so that the text snapshots and pages show does not change.
@Suite struct PostTextTests {
    @Test("text from HTML is what the scalar-by-scalar version made, on the fuzzers' seeds, hostile fragments and odd tags")
    func sameAsBefore() {
        var inputs = SanitizedHTMLVerifierTests.corpus + [
            "<P\u{301}>a</P\u{301}>b", "<scr\u{130}pt>x</scr\u{130}pt>y", "<br\r\n>a<BR/>b", "<p>a</p>\r\n<p>b \u{0C} c</p>", "<ŝcript>x</ŝcript>z",
            "<p1>a</p1>", "<h1>T</h1>x", "<SCRIPT>x</SCRIPT >y</script>z", "<style>p{}</style>q", "a &amp; b &#39;c&#39; &#x1F600; &bogus; &#0; &", "<!-- x -->y<!--",
            "<a href='x>y'>t</a>", "<a title=\"a>b\">t</a>", "< p>x", "<1>x", "<é>x</é>", "<p\u{200D}>x", "\u{00A0}a\u{00A0} \u{3000}b", "",
        ]
        var generator = SeededGenerator(seed: 7)
        let fragments = HTMLSanitizerTests.fragments + ["<P\u{301}>", "</div >", "&nbsp;", "\r\n", "\u{0C}", " ", "é", "<br>", "<td>"]
        for _ in 0..<3_000 {
            inputs.append((0..<Int(generator.next() % 10 + 1)).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined())
        }
        for input in inputs {
            let expected = Reference.plain(fromHTML: input)
            #expect(PostText.plain(fromHTML: input) == expected, "\(input.debugDescription)")
            #expect(PostText.collapsed(input) == Reference.collapsed(input), "\(input.debugDescription)")
            if PostText.plain(fromHTML: input) != expected { return }
        }
    }
}

extension PostTextTests {
    @Test("text from HTML with long runs between its tags and references, and long titles, is what the scalar-by-scalar version made")
    func longRunsSameAsBefore() {
        var generator = SeededGenerator(seed: 22)
        let fragments = HTMLSanitizerTests.fragments + ["<p>", "</p>", "&amp;", "&#233;", "\r\n", "\n\n", "  ", "\t", "<br>", "<!-- c -->"]
        let words = ["feeds caf\u{E9} na\u{EF}ve parsers r\u{E9}sum\u{E9} static sites river notes on the web ", "\u{4E2D}\u{6587}\u{1F600} ",
                     String(repeating: "plain words ", count: 12)]
        for _ in 0..<2_000 {
            let input = (0..<Int(generator.next() % 30 + 1)).map { _ in
                generator.next() % 3 == 0 ? fragments[Int(generator.next() % UInt64(fragments.count))] : words[Int(generator.next() % UInt64(words.count))]
            }.joined()
            #expect(PostText.plain(fromHTML: input) == Reference.plain(fromHTML: input), "\(input.debugDescription)")
            #expect(PostText.collapsed(input) == Reference.collapsed(input), "\(input.debugDescription)")
        }
    }
}

/// The first PostText, scalar by scalar.
private enum Reference {
    static func plain(fromHTML html: String) -> String {
        var text = ""
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var skipUntil: String?
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", index + 3 < scalars.count, scalars[index + 1] == "!", scalars[index + 2] == "-", scalars[index + 3] == "-" {
                index = commentEnd(scalars, from: index + 4) ?? scalars.count
                continue
            }
            if scalar == "<", index + 1 < scalars.count, let end = tagEnd(scalars, from: index) {
                let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                let name = tag.prefix { $0.isLetter || $0.isNumber || $0 == "/" }.lowercased()
                index = end + 1
                if let closing = skipUntil {
                    if name == closing { skipUntil = nil }
                    continue
                }
                if name == "script" || name == "style" { skipUntil = "/" + name }
                if blockNames.contains(String(name.drop { $0 == "/" })) { text += " " }
                continue
            }
            index += 1
            if skipUntil != nil { continue }
            if scalar == "&", let (decoded, next) = reference(scalars, at: index - 1) {
                text += decoded
                index = next
                continue
            }
            text.unicodeScalars.append(scalar)
        }
        return collapsed(text)
    }

    static func collapsed(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result += " "; pendingSpace = false }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    static let blockNames: Set<String> = ["p", "br", "div", "li", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6",
                                          "pre", "tr", "td", "th", "table", "hr", "section", "article", "figure", "figcaption"]

    static func tagEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let next = scalars[start + 1]
        guard next.properties.isAlphabetic || next == "/" || next == "!" || next == "?" else { return nil }
        var quote: Unicode.Scalar?
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                if index > start + 1, scalars[index - 1] == "=" || scalars[index - 1] == " " { quote = scalar }
            } else if scalar == ">" {
                return index
            }
            index += 1
        }
        return nil
    }

    static func commentEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 2 < scalars.count {
            if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" { return index + 3 }
            index += 1
        }
        return nil
    }

    static func reference(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 1
        var name = ""
        while index < scalars.count, index - start <= 32, scalars[index] != ";" {
            let scalar = scalars[index]
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else { return nil }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", !name.isEmpty else { return nil }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value else { return nil }
            let scalar = value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
            return (String(Character(scalar)), index + 1)
        }
        return HTMLCharacterReference.character(named: name).map { ($0, index + 1) }
    }
}
