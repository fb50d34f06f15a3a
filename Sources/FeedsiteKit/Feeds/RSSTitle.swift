/// The text of an RSS `<title>`. RSS 2.0 defines a title as plain text, yet many feeds put
/// entity-escaped HTML in it (`&lt;b&gt;bold&lt;/b&gt;`). As feedparser does, a title is read as HTML
/// only when it looks like HTML: it has an end tag (`</b>`) or a character reference (`&amp;`,
/// `&#233;`, which the XML held double-escaped), and every tag in it names an HTML element and every
/// named reference is one HTML defines. Anything else is text as written, so
/// `Use the &lt;details&gt; element for a&lt;b and c&gt;d` reads "Use the <details> element for a<b and c>d".
enum RSSTitle {
    /// The plain text of the title `value` (as the XML parser gave it, its own entities decoded).
    static func text(_ value: String) -> String {
        looksLikeHTML(value) ? PostText.plain(fromHTML: value) : PostText.collapsed(value)
    }

    /// Whether `value` reads as HTML by the rule above.
    static func looksLikeHTML(_ value: String) -> Bool {
        // Neither an end tag nor a reference without a '<' or '&' (callgrind, ten of Benchmarks/parse.py's feeds:
        // 3.7 K instructions a post before; with the byte-level scheme and trimming, RSSFeedReader.draft 30.8 K -> 15.2 K).
        guard value.containsUTF8Byte(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return false }
        let scalars = Array(value.unicodeScalars)
        var hasEndTag = false
        var hasReference = false
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<" {
                let isEnd = index + 1 < scalars.count && scalars[index + 1] == "/"
                let name = word(scalars, from: index + (isEnd ? 2 : 1))
                if !name.isEmpty {
                    guard elements.contains(name.lowercased()) else { return false }
                    let after = index + (isEnd ? 2 : 1) + name.unicodeScalars.count
                    if isEnd, after < scalars.count, scalars[after] == ">" { hasEndTag = true }
                }
            } else if scalars[index] == "&" {
                let numeric = index + 1 < scalars.count && scalars[index + 1] == "#"
                let name = word(scalars, from: index + (numeric ? 2 : 1))
                let after = index + (numeric ? 2 : 1) + name.unicodeScalars.count
                if !name.isEmpty, after < scalars.count, scalars[after] == ";" {
                    guard numeric || HTMLCharacterReference.character(named: name) != nil else { return false }
                    hasReference = true
                }
            }
            index += 1
        }
        return hasEndTag || hasReference
    }
}

private extension RSSTitle {
    /// Elements a title's HTML may plausibly hold (the inline ones, and the blocks a careless feed wraps it in).
    static let elements: Set<String> = [
        "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "br", "cite", "code", "del", "dfn", "em", "font", "i", "img", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "li",
    ]

    /// The letters and digits (`\w`) from `start`.
    static func word(_ scalars: [Unicode.Scalar], from start: Int) -> String {
        var result = ""
        var index = start
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || scalars[index] == "_" {
            result.unicodeScalars.append(scalars[index])
            index += 1
        }
        return result
    }
}
