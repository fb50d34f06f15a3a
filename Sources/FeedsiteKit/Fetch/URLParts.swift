/// The few parts of an http(s) URL the transfers need, found on the text.
enum URLParts {
    /// The lower-cased `host[:port]` of `url`, without user information ("" when there is none).
    static func host(of url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound else { return "" }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        return host.lowercased()
    }
}
