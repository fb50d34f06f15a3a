/// Where an account's posts come from: the `feed:` option with its placeholders filled in.
package enum FeedSource: Sendable, Equatable {
    /// An http or https URL.
    case url(String)
    /// A file, as an absolute path.
    case file(String)
    /// `x-api`: the account's posts through X API v2 (X accounts only).
    case xAPI
}

extension FeedSource {
    /// The `feed:` value that reads an X account through X's API.
    static let xAPIKeyword = "x-api"

    /// Whether `text` starts with a URL scheme (`name://`), so it is a URL rather than a path.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        let scheme = text[..<colon]
        return scheme.first?.isLetter == true && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The scheme of `text` as written, when it starts with one (letters, digits, `+-.` and
    /// placeholders up to a `:` that no `/` precedes); nil for a path. `javascript:x` has the scheme
    /// `javascript`, so it is not taken for a file; `{handle}://x` has `{handle}`.
    static func schemePrefix(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isLetter || first == "{",
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.{}".contains($0)) }) else { return nil }
        return scheme
    }

    /// The host and port of an `http(s)://` URL as written (after `://`, up to `/`, `?` or `#`).
    static func authority(of url: String) -> Substring {
        guard let start = url.range(of: "://")?.upperBound else { return url[url.endIndex...] }
        return url[start..<(url[start...].firstIndex { "/?#".contains($0) } ?? url.endIndex)]
    }

    /// `pattern` with every `{handle}` replaced by `handle`.
    static func expanding(_ pattern: String, handle: String) -> String {
        pattern.contains("{") ? pattern.replacing("{handle}", with: handle) : pattern
    }
}
