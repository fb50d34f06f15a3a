/// The rules for the absolute http(s) URLs feedsite accepts in config and in intent parameters.
package enum HTTPURLSyntax {
    /// Why a URL is not an acceptable absolute http(s) URL.
    package enum Problem: Sendable, Equatable {
        case notHTTP(scheme: String?)
        case missingHost
        case whitespace
        /// A site's address may not carry these: they would end up in every canonical link.
        case credentials
        case query
        case fragment
        case nonASCIIHost(String)
        case badPort(String)
        /// A `%` not followed by two hex digits.
        case badPercent(String)
        /// A `\`, which browsers read as `/` and servers as a character.
        case backslash
        /// A host that is no host name, IPv4 or IPv6 address, with what is wrong (`HostSyntax`).
        case invalidHost(String, reason: String)
        /// A `.` or `..` segment in the path, and the path it resolves to.
        case dotSegment(path: String, resolved: String)
    }

    /// The first problem with `url`, or nil when it is `http://host…` or `https://host…`.
    package static func problem(in url: String) -> Problem? {
        // The scheme, white space and the host in one pass over the bytes (callgrind, clean build of Benchmarks/posts.py
        // 1000: 1,380 -> 935 instructions a URL, where the scheme and white space were read through string indices first).
        var text = url
        switch text.withUTF8(scan) {
        case .notHTTP:
            let scheme = url.firstIndex(of: ":").map { String(url[..<$0]) }
            return .notHTTP(scheme: scheme.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } ? $0 : nil })
        case .whitespace:
            return .whitespace
        case .hasHost(let hasHost, let ascii):
            // A byte that is not ASCII: characters are looked at (U+3000 is white space too).
            if !ascii, containsWhitespace(url) { return .whitespace }
            return hasHost ? nil : .missingHost
        }
    }

    /// `url` with its user information (a name, a password or a token before `@`) shown as `***`: what
    /// messages, logs and snapshots show of a URL, so that no secret reaches them.
    package static func redacted(_ url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound else { return url }
        let authorityEnd = url[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[start..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<start]) + "***" + String(url[at...])
    }

    /// The first problem with `url` as the address a site is deployed at: an absolute http(s) URL
    /// without a user name or password, query or fragment, whose host is ASCII (`xn--` for others).
    package static func siteURLProblem(in url: String) -> Problem? {
        if let problem = problem(in: url) { return problem }
        guard let start = schemeEnd(of: url) else { return .notHTTP(scheme: nil) }
        let rest = url[start...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if authority.contains("@") { return .credentials }
        if rest.contains("?") { return .query }
        if rest.contains("#") { return .fragment }
        if !authority.unicodeScalars.allSatisfy(\.isASCII) { return .nonASCIIHost(String(authority)) }
        if rest.contains("\\") { return .backslash }
        if let problem = portProblem(in: url) { return problem }
        let host = authority.hasPrefix("[") ? authority[...(authority.firstIndex(of: "]") ?? authority.index(before: authority.endIndex))]
            : authority.prefix { $0 != ":" }
        if let reason = HostSyntax.problem(in: host) { return .invalidHost(String(host), reason: reason) }
        if let bad = firstBadPercent(in: rest) { return .badPercent(bad) }
        let path = rest[authorityEnd...]
        let resolved = withoutDotSegments(path)
        if resolved != path { return .dotSegment(path: String(path), resolved: resolved) }
        return nil
    }

    /// `.badPort` when the authority of the http(s) `url` has a port that is not a number from 1 to
    /// 65535 (`:0`, `:99999`, `:http`, a `:` alone); nil otherwise.
    package static func portProblem(in url: String) -> Problem? {
        guard let start = schemeEnd(of: url) else { return nil }
        let rest = url[start...]
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        let host = authority[(authority.lastIndex(of: "@").map(authority.index(after:)) ?? authority.startIndex)...]
        guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") else { return nil }
        let port = host[host.index(after: colon)...]
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number) else {
            return .badPort(String(port))
        }
        return nil
    }

    /// The first `%` of `text` not followed by two hex digits, with what follows it (`%zz`).
    static func firstBadPercent(in text: Substring) -> String? {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            let valid = index + 2 < bytes.count && bytes[index + 1].hexDigitValue != nil && bytes[index + 2].hexDigitValue != nil
            if !valid { return String(decoding: bytes[index..<min(index + 3, bytes.count)], as: UTF8.self) }
        }
        return nil
    }

    /// `url` with every character of its path that may not stand raw in a URL (non-ASCII, `"<>\^`{|}`)
    /// percent-encoded as UTF-8, so that it can go into canonical links and sitemap.xml as is.
    package static func encodingPath(of url: String) -> String {
        var result = ""
        result.reserveCapacity(url.utf8.count)
        for byte in url.utf8 {
            if byte >= 0x80 || "\"<>\\^`{|}".utf8.contains(byte) {
                result += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }

    /// `url` with `encodingPath` applied to what follows its authority (path, query and fragment); the
    /// scheme and host stay as written.
    package static func encodingAfterAuthority(of url: String) -> String {
        guard let start = schemeEnd(of: url) else { return encodingPath(of: url) }
        let end = url[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        return String(url[..<end]) + encodingPath(of: String(url[end...]))
    }

    /// Whether `url` starts with `http://` or `https://` (in any case).
    package static func isHTTP(_ url: String) -> Bool {
        schemeEnd(of: url) != nil
    }

    /// `value` as a browser reads a URL: control characters and spaces around it dropped, tabs and
    /// line breaks in it removed (so `java&#x09;script:` is `javascript:`).
    package static func browserForm(of value: String) -> String {
        // Most links hold no byte up to space: nothing to drop (callgrind, clean build of
        // Benchmarks/generate_site.py 100 --posts 20: 109 M -> 3 M instructions, reading post links).
        guard value.containsUTF8Byte(where: { $0 <= 0x20 }) else { return value }
        var scalars = value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The scheme of `url` in lower case (an ASCII letter, then letters, digits, `+`, `-`, `.`, up to
    /// `:`), or nil when it has none (a relative URL).
    package static func scheme(of url: String) -> String? {
        // Read from the bytes, the name made once (callgrind, ten of Benchmarks/parse.py's feeds: 3.5 K instructions
        // a post before, three calls; with the other byte-level steps, RSSFeedReader.draft 30.8 K -> 15.2 K).
        let utf8 = url.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: ":") { return index == utf8.startIndex ? nil : Substring(utf8[..<index]).lowercased() }
            let other = byte.isASCIIDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard byte.isASCIIAlpha || (index != utf8.startIndex && other) else { return nil }
            index = utf8.index(after: index)
        }
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
        var text = text
        // Nil when a byte is not ASCII: then characters are looked at (U+3000 is white space too).
        let inASCII = text.withUTF8 { bytes -> Bool? in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return true }
            }
            return false
        }
        return inASCII ?? text.contains(where: { $0.isWhitespace })
    }
}

private extension HTTPURLSyntax {
    /// What one pass over a URL's bytes finds, in the order `problem(in:)` reports it.
    enum Scan {
        case notHTTP
        /// A space, tab or line break (ASCII).
        case whitespace
        /// Whether the authority has a host; `ascii`: whether every byte is ASCII.
        case hasHost(Bool, ascii: Bool)
    }

    /// Reads `bytes` once: `http://` or `https://` (any case), ASCII white space anywhere, and whether the host is
    /// not empty: after the authority's last `@`, up to its first `:` unless it is `[…]`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        let count = bytes.count
        guard count >= 7, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"), bytes[2] | 0x20 == UInt8(ascii: "t"),
              bytes[3] | 0x20 == UInt8(ascii: "p") else { return .notHTTP }
        var start = 4
        if bytes[start] | 0x20 == UInt8(ascii: "s") { start += 1 }
        guard start + 3 <= count, bytes[start] == UInt8(ascii: ":"), bytes[start + 1] == UInt8(ascii: "/"),
              bytes[start + 2] == UInt8(ascii: "/") else { return .notHTTP }
        start += 3
        var ascii = true
        var index = 0
        while index < count {
            // Eight bytes a step while none is a space, a control character or not ASCII (callgrind, clean build of
            // Benchmarks/posts.py 1000: 935 -> 500 instructions a URL, 49 M -> 26 M for its 52,500 URLs).
            if index + 8 <= count, !mayBeSpaceOrNotASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte >= 0x80 {
                // From here characters decide (as `containsWhitespace` does).
                ascii = false
                break
            }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return .whitespace }
            index += 1
        }
        var hostStart = start, colon: Int?, authorityEnd = count
        for index in start..<count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                authorityEnd = index
                break
            }
            if byte == UInt8(ascii: "@") {
                hostStart = index + 1
                colon = nil
            } else if byte == UInt8(ascii: ":"), colon == nil {
                colon = index
            }
        }
        let hasHost = (hostStart < authorityEnd && bytes[hostStart] == UInt8(ascii: "[")) || (colon ?? authorityEnd) > hostStart
        return .hasHost(hasHost, ascii: ascii)
    }
}

extension HTTPURLSyntax {
    /// Whether any of the eight bytes of `word` is below `!` (space, tab, a line break, any control character) or
    /// not ASCII; never false when one is.
    @inline(__always)
    static func mayBeSpaceOrNotASCII(_ word: UInt64) -> Bool {
        let everyByte: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x21 borrows into its high bit when 0x21 is taken from it, and had that bit clear.
        return word & highBits != 0 || (word &- 0x21 &* everyByte) & ~word & highBits != 0
    }
}

extension HTTPURLSyntax.Problem {
    /// A plain-words description of the problem with `url`, for the setting `key`.
    package func message(key: String, url: String) -> String {
        let url = HTTPURLSyntax.redacted(url)
        return switch self {
        case .notHTTP(let scheme?): "'\(key)' must be an http or https URL, found a '\(scheme):' URL"
        case .notHTTP(nil): "'\(key)' must be an absolute http or https URL, found '\(url)'"
        case .missingHost: "'\(key)' has no host name: '\(url)'"
        case .whitespace: "'\(key)' contains white space: '\(url)'"
        case .credentials: "'\(key)' contains a user name or password: '\(url)'; it would be published in every page and the sitemap"
        case .query: "'\(key)' has a query ('?…'): '\(url)'; it would end up inside every canonical link"
        case .fragment: "'\(key)' has a fragment ('#…'): '\(url)'; it would end up inside every canonical link"
        case .nonASCIIHost(let host): "'\(key)' has a host name that is not ASCII: '\(host)'"
        case .badPort(let port): "'\(key)' has the port '\(port)'; a port is a number from 1 to 65535"
        case .badPercent(let text): "'\(key)' has '\(text)': '%' must be followed by two hex digits"
        case .backslash: "'\(key)' contains a backslash: '\(url)'; browsers read it as '/', servers as a character"
        case .invalidHost(let host, let reason): "'\(key)' has the host '\(host)', which \(reason)"
        case .dotSegment(let path, _): "'\(key)' has a '.' or '..' segment in its path '\(path)', which browsers resolve away"
        }
    }

    /// A likely fix.
    package func hint(url: String) -> String? {
        let url = HTTPURLSyntax.redacted(url)
        return switch self {
        case .notHTTP(nil): "add the scheme: https://\(url)"
        case .notHTTP: "only http:// and https:// links are allowed"
        case .missingHost: "write it as https://example.com/…"
        case .whitespace: "percent-encode spaces as %20, or remove them"
        case .credentials: "remove the 'user:password@' part; the site's address is public"
        case .query, .fragment: "give only the scheme, host and path where the site lives, such as https://example.com/feeds"
        case .nonASCIIHost: "write the host in its ASCII form (IDNA, starting with xn--), as the browser's address bar shows it"
        case .badPort: "remove the port, or write the one the site is served on"
        case .badPercent: "write a literal '%' as %25"
        case .backslash: "write '/' between the parts of the path, or %5C for a backslash that is part of a name"
        case .invalidHost: "write the host as the browser's address bar shows it, such as example.com, 127.0.0.1 or [::1]"
        case .dotSegment(let path, let resolved): "write the path it stands for: \(url.dropLast(path.count))\(resolved)"
        }
    }
}
