/// The rules for the absolute http(s) URLs feedsite accepts in config and in intent parameters.
package enum HTTPURLSyntax {
    /// Why a URL is not an acceptable absolute http(s) URL.
    package enum Problem: Sendable, Equatable {
        case notHTTP(scheme: String?)
        case missingHost
        case whitespace
    }

    /// The first problem with `url`, or nil when it is `http://host…` or `https://host…`.
    package static func problem(in url: String) -> Problem? {
        let head = url.utf8.prefix(8).map { $0 | 0x20 }
        let rest: Substring
        if head.elementsEqual("https://".utf8) {
            rest = url.dropFirst(8)
        } else if head.prefix(7).elementsEqual("http://".utf8) {
            rest = url.dropFirst(7)
        } else {
            let scheme = url.firstIndex(of: ":").map { String(url[..<$0]) }
            return .notHTTP(scheme: scheme.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } ? $0 : nil })
        }
        if url.contains(where: { $0.isWhitespace }) { return .whitespace }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let hostName = host.hasPrefix("[") ? host : (host.split(separator: ":", omittingEmptySubsequences: false).first ?? "")
        if hostName.isEmpty { return .missingHost }
        return nil
    }
}

extension HTTPURLSyntax.Problem {
    /// A plain-words description of the problem with `url`, for the setting `key`.
    package func message(key: String, url: String) -> String {
        switch self {
        case .notHTTP(let scheme?): "'\(key)' must be an http or https URL, found a '\(scheme):' URL"
        case .notHTTP(nil): "'\(key)' must be an absolute http or https URL, found '\(url)'"
        case .missingHost: "'\(key)' has no host name: '\(url)'"
        case .whitespace: "'\(key)' contains white space: '\(url)'"
        }
    }

    /// A likely fix.
    package func hint(url: String) -> String? {
        switch self {
        case .notHTTP(nil): "add the scheme: https://\(url)"
        case .notHTTP: "only http:// and https:// links are allowed"
        case .missingHost: "write it as https://example.com/…"
        case .whitespace: "percent-encode spaces as %20, or remove them"
        }
    }
}
