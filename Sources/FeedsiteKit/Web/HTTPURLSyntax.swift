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
        let rest: Substring
        if let end = schemeEnd(of: url) {
            rest = url[end...]
        } else {
            let scheme = url.firstIndex(of: ":").map { String(url[..<$0]) }
            return .notHTTP(scheme: scheme.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } ? $0 : nil })
        }
        if containsWhitespace(url) { return .whitespace }
        // The delimiters are ASCII, so the host is found on the bytes.
        let authority = rest.utf8.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let host = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority
        let hostName = host.first == UInt8(ascii: "[") ? host : (host.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).first ?? host)
        if hostName.isEmpty { return .missingHost }
        return nil
    }

    /// Where what follows `http://` or `https://` (in any case) starts, or nil for another beginning.
    static func schemeEnd(of url: String) -> String.Index? {
        let utf8 = url.utf8
        var index = utf8.startIndex
        for expected in "http".utf8 {
            guard index < utf8.endIndex, utf8[index] | 0x20 == expected else { return nil }
            index = utf8.index(after: index)
        }
        if index < utf8.endIndex, utf8[index] | 0x20 == UInt8(ascii: "s") { index = utf8.index(after: index) }
        for expected in "://".utf8 {
            guard index < utf8.endIndex, utf8[index] == expected else { return nil }
            index = utf8.index(after: index)
        }
        return index
    }

    /// Whether any character of `text` is white space (a quick pass over the bytes when all are ASCII).
    static func containsWhitespace(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return true }
        }
        return ascii ? false : text.contains(where: { $0.isWhitespace })
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
