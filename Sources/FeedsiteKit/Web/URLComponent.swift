/// The part of a URL (RFC 3986) a piece of text stands in, which decides what of it must be
/// percent-encoded there: `@` and `:` are allowed in a path, a query and a fragment (`pchar`), `/` and
/// `?` in a query and a fragment. Used for the placeholders of `defaults` in URL options.
package enum URLComponent: Sendable, Equatable {
    /// The scheme, or the authority after `//` (user, host, port): only unreserved characters are kept.
    case authority
    /// The first segment of a relative path (`{handle}.png`): `:` would read as a scheme's end.
    case firstSegment
    /// A path segment after a `/`.
    case path
    /// After the `?`.
    case query
    /// After the `#`.
    case fragment
}

extension URLComponent {
    /// The component that text appended to `prefix` (a URL's beginning) stands in.
    package init(after prefix: String) {
        let bytes = Array(prefix.utf8)
        if bytes.contains(UInt8(ascii: "#")) { self = .fragment; return }
        if bytes.contains(UInt8(ascii: "?")) { self = .query; return }
        var rest = bytes[...]
        // An optional scheme: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes[0].isASCIIAlpha,
           bytes[..<colon].allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) {
            rest = bytes[(colon + 1)...]
        } else if !bytes.contains(UInt8(ascii: "/")) {
            self = .firstSegment
            return
        }
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            self = rest.dropFirst(2).contains(UInt8(ascii: "/")) ? .path : .authority
        } else {
            self = .path
        }
    }

    /// Whether `byte` may stand as it is in this component of a placeholder's value. Sub-delimiters
    /// (`& + = ; , ! $ ' ( ) *`) stay encoded: they separate parameters in queries and forms.
    package func allows(_ byte: UInt8) -> Bool {
        if PercentEncoding.isUnreserved(byte) { return true }
        switch self {
        case .authority: return false
        case .firstSegment: return byte == UInt8(ascii: "@")
        case .path: return byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":")
        case .query, .fragment:
            return byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
        }
    }
}
