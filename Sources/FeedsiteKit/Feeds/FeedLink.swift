import Foundation

/// Links in feeds: relative references resolved against `xml:base` and the feed's own URL (RFC 3986).
enum FeedLink {
    /// `link` made absolute against `base`; `link` as it is (trimmed) when it is already absolute, when
    /// there is no base, or when the two cannot be combined.
    static func resolve(_ link: String, against base: String?) -> String {
        let link = encoded(String(link.trimmingSpaces))
        guard let base, HTTPURLSyntax.scheme(of: link) == nil else { return link }
        guard let baseURL = URL(string: base), let resolved = URL(string: link, relativeTo: baseURL) else { return link }
        return resolved.absoluteString
    }

    /// The base for `element`'s contents: its `xml:base` resolved against the base around it.
    static func base(of element: XMLElement, inheriting base: String?) -> String? {
        guard let own = element.attribute("base", XMLElement.xmlNamespace) else { return base }
        return resolve(own, against: base)
    }

    /// `link` when it is an absolute http or https URL, read as a browser reads it (control characters
    /// and spaces around it, tabs and line breaks in it ignored, what may not stand raw in a URL
    /// percent-encoded, see `encoded`); nil for another scheme (`javascript:`, `data:`, `vbscript:`) or
    /// no link. A post's link and media never lead anywhere else.
    static func webURL(_ link: String?) -> String? {
        guard let link else { return nil }
        // Without the characters no field keeps (C1 controls, noncharacters): a snapshot reads it back the same.
        let cleaned = encoded(HTTPURLSyntax.browserForm(of: ControlCharacters.removed(from: link)))
        return HTTPURLSyntax.isHTTP(cleaned) ? cleaned : nil
    }

    /// `link` with what a browser percent-encodes when it follows it and a page cannot hold raw in a
    /// URL: spaces and control characters as `%XX`, and, after the host, every non-ASCII character as
    /// its UTF-8 bytes (`a b.png` is `a%20b.png`, `café` is `caf%C3%A9`). ASCII punctuation (`"<>`)
    /// stays as written: pages escape it where they show it. A `%` stays as it is, so an encoded link
    /// is never encoded twice; a non-ASCII host is left for the checker to report.
    static func encoded(_ link: String) -> String {
        guard link.containsUTF8Byte(where: { $0 <= 0x20 || $0 >= 0x7F }) else { return link }
        let bytes = Array(link.utf8)
        var hostEnd = 0
        if HTTPURLSyntax.scheme(of: link) != nil, let slashes = bytes.firstIndex(of: UInt8(ascii: ":")).map({ $0 + 1 }) {
            let authorityStart = bytes[slashes...].starts(with: "//".utf8) ? slashes + 2 : slashes
            hostEnd = bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        for (index, byte) in bytes.enumerated() {
            if byte <= 0x20 || byte == 0x7F || (byte >= 0x80 && index >= hostEnd) {
                result += [UInt8(ascii: "%"), PercentEncoding.hexDigit(byte >> 4), PercentEncoding.hexDigit(byte & 0x0F)]
            } else {
                result.append(byte)
            }
        }
        // Non-ASCII bytes left in the host are whole UTF-8 sequences: the result is valid UTF-8.
        return String(decoding: result, as: UTF8.self)
    }
}
