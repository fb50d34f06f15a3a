/// The value of an `image:` option: an absolute http(s) URL, or a path from the site's root
/// (`assets/card.png`, `/assets/card.png`) that pages make absolute against `base_url`, because
/// Open Graph and X cards only take absolute image URLs.
package enum ImageReference {
    /// Whether `text` starts with a URL scheme (`https:`, `ftp:`): then it must be an absolute
    /// http(s) URL (`HTTPURLSyntax.problem(in:)`), not a path.
    package static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// What is wrong with `path` as a path from the site's root, in words that follow "the path …";
    /// nil when it is fine.
    package static func pathProblem(in path: String) -> String? {
        if path.hasPrefix("//") { return "starts with '//', which names another host" }
        if path.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "contains a space or a control character"
        }
        if path.contains("\\") { return "contains a backslash" }
        if path.contains("?") || path.contains("#") { return "has a query or fragment ('?' or '#')" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) { return "has a '.' or '..' segment" }
        if path.hasSuffix("/") { return "names a folder, not an image file" }
        return nil
    }

    /// The absolute URL of a valid `reference`: itself when it is absolute, else `baseURL/path`, with
    /// what may not stand raw in a URL (non-ASCII, `"<>\^`{|}`) percent-encoded after the host, as
    /// `base_url`'s path is; nil for a path when the site has no `baseURL`.
    package static func absolute(_ reference: String, baseURL: String?) -> String? {
        if hasScheme(reference) { return HTTPURLSyntax.encodingAfterAuthority(of: reference) }
        guard let baseURL else { return nil }
        return HTTPURLSyntax.encodingPath(of: baseURL + "/" + reference.drop { $0 == "/" })
    }
}
