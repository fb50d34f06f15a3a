/// A site's address (`base_url`) as pages print it, and the dot segments its path may not have.
extension HTTPURLSyntax {
    /// The address a valid site URL (`siteURLProblem` nil) stands for, as pages print it: scheme and host
    /// in lower case, the scheme's default port (`:80`, `:443`) dropped, the path percent-encoded
    /// (`encodingPath`), without trailing slashes.
    package static func siteAddress(of url: String) -> String {
        guard let start = schemeEnd(of: url) else { return url }
        let scheme = url[..<start].lowercased()
        let rest = url[start...]
        let authorityEnd = rest.firstIndex { $0 == "/" } ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        let defaultPort = scheme == "https://" ? ":443" : ":80"
        if authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
        var address = encodingPath(of: scheme + authority + rest[authorityEnd...])
        while address.hasSuffix("/") { address.removeLast() }
        return address
    }

    /// `path` with its `.` and `..` segments (also written `%2E`) resolved as RFC 3986 (5.2.4) does.
    static func withoutDotSegments(_ path: Substring) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.contains(where: isDotSegment) else { return String(path) }
        var output: [Substring] = []
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment.lowercased().replacingOccurrences(of: "%2e", with: ".") {
            case ".": if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }

    static func isDotSegment(_ segment: Substring) -> Bool {
        [".", ".."].contains(segment.lowercased().replacingOccurrences(of: "%2e", with: "."))
    }
}
