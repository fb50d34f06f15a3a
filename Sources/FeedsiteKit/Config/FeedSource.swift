/// Where an account's posts come from: the `feed:` option with its placeholders filled in.
package enum FeedSource: Sendable, Equatable {
    /// An http or https URL.
    case url(String)
    /// A file, as an absolute path.
    case file(String)
}

extension FeedSource {
    /// Whether `text` starts with a URL scheme (`name://`), so it is a URL rather than a path.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        let scheme = text[..<colon]
        return scheme.first?.isLetter == true && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `pattern` with every `{handle}` replaced by `handle`.
    static func expanding(_ pattern: String, handle: String) -> String {
        pattern.contains("{") ? pattern.replacing("{handle}", with: handle) : pattern
    }
}
