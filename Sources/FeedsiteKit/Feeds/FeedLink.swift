import Foundation

/// Links in feeds: relative references resolved against `xml:base` and the feed's own URL (RFC 3986).
enum FeedLink {
    /// `link` made absolute against `base`; `link` as it is (trimmed) when it is already absolute, when
    /// there is no base, or when the two cannot be combined.
    static func resolve(_ link: String, against base: String?) -> String {
        let link = String(link.trimmingSpaces)
        guard let base, !isAbsolute(link) else { return link }
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
        var scalars = link.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        let cleaned = String(String.UnicodeScalarView(scalars))
        return isWebAddress(cleaned) ? cleaned : nil
    }

    /// Whether `link` starts with a scheme (`https:`, `mailto:`).
    static func isAbsolute(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":"), let first = link.first, first.isLetter else { return false }
        return link[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// Whether `source` is an http(s) URL (the feed's own URL, and so the base of its links).
    static func isWebAddress(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
