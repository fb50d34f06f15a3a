/// A post's text as X API v2 gives it, made HTML: each t.co link (`entities.urls`) replaced by the
/// address it stands for, as a link whose text is that address; the link X adds for an attached photo
/// or video left out (the media is shown as media); line breaks kept as `<br>`. X escapes `&`, `<` and
/// `>` in `text` as `&amp;`, `&lt;` and `&gt;`: they are read back before the text is escaped once.
struct XAPIText {
    /// One `entities.urls` entry.
    struct Link {
        /// The t.co address as it stands in the text.
        var url: String
        /// What it points to.
        var expanded: String?
        /// Set on the link of an attached photo or video.
        var mediaKey: String?
        /// Where X says it starts, for the order.
        var start: Int
    }

    var text: String
    var links: [Link]
    /// The post's `attachments.media_keys`.
    var mediaKeys: Set<String>
}

extension XAPIText.Link {
    /// The link of an `entities.urls` entry, or nil without a `url`.
    init?(entity: JSONValue) {
        guard let url = entity.member("url")?.string, !url.isEmpty else { return nil }
        self.init(url: url, expanded: entity.member("expanded_url")?.string, mediaKey: entity.member("media_key")?.string,
                  start: entity.member("start")?.number.flatMap { Int(exactly: $0) } ?? 0)
    }
}

extension XAPIText {
    /// The text as HTML, one paragraph.
    var html: String {
        let plain = Self.unescaped(text)
        var html = ""
        var rest = plain[...]
        for link in links.sorted(by: { $0.start < $1.start }) {
            guard let found = rest.range(of: link.url) else { continue }
            html += Self.escaped(rest[..<found.lowerBound])
            rest = rest[found.upperBound...]
            if let key = link.mediaKey, mediaKeys.contains(key) { continue }
            let target = link.expanded.flatMap { HTTPURLSyntax.isHTTP($0) ? $0 : nil } ?? link.url
            let escapedTarget = HTMLEscaper.escape(target)
            html += "<a href=\"\(escapedTarget)\">\(escapedTarget)</a>"
        }
        html += Self.escaped(rest)
        while html.hasSuffix(" ") || html.hasSuffix("<br>") { html = String(html.dropLast(html.hasSuffix(" ") ? 1 : 4)) }
        return "<p>" + html + "</p>"
    }
}

private extension XAPIText {
    /// `text` with X's three escapes read back.
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }

    /// `text` escaped, each line break a `<br>`.
    static func escaped(_ text: Substring) -> String {
        HTMLEscaper.escape(String(text)).replacing("\r\n", with: "\n").replacing("\n", with: "<br>")
    }
}
