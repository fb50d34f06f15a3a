import Foundation

/// Links in feeds: relative references resolved against `xml:base` and the feed's own URL (RFC 3986).
enum FeedLink {
    /// `link` made absolute against `base`; `link` as it is (trimmed) when it is already absolute, when
    /// there is no base, or when the two cannot be combined.
    static func resolve(_ link: String, against base: String?) -> String {
        let link = String(link.trimmingSpaces)
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
    /// and spaces around it, tabs and line breaks in it ignored); nil for another scheme (`javascript:`,
    /// `data:`, `vbscript:`) or no link. A post's link and media never lead anywhere else.
    static func webURL(_ link: String?) -> String? {
        guard let link else { return nil }
        let cleaned = HTTPURLSyntax.browserForm(of: link)
        return HTTPURLSyntax.isHTTP(cleaned) ? cleaned : nil
    }
}
