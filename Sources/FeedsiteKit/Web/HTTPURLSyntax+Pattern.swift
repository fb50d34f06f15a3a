/// The URL rules as ECMA-262 regular expressions, for the JSON Schema of site.yml. Each accepts every
/// URL the matching check accepts; the checks stay the judge of what else is wrong.
extension HTTPURLSyntax {
    /// `problem(in:)`: `http://` or `https://` in any case, a host, no whitespace.
    package static let pattern = "^\(scheme)(?:[^/?#\\s]*@)?(?:\\[[^/?#\\s\\]]*\\]|[^/?#\\s@:\\[]+)(?::[^/?#\\s]*)?(?:[/?#]\\S*)?$"

    /// `problem(in:)` and `portProblem(in:)`: as `pattern`, with no `{` before the path (a placeholder
    /// cannot stand in the host or port) and a port from 1 to 65535 when there is a `:`.
    package static let feedPattern = "^\(scheme)(?:[^/?#{\\s]*@)?(?:\\[[^/?#{\\s\\]]*\\]|[^/?#{\\s@:\\[]+)(?::\(port))?(?:[/?#]\\S*)?$"

    /// `siteURLProblem(in:)`: no user name, query or fragment; a host name of valid labels, an IPv4
    /// address or an IPv6 literal; a port
    /// from 1 to 65535; no backslash, no `.` or `..` segment; every `%` followed by two hex digits.
    package static let siteURLPattern =
        "^\(scheme)(?:\\[\(ipv6)\\]|\(ipv4)(?=[:/]|$)|(?!\(numeric))(?=[^/:]{1,253}(?:[:/]|$))\(label)(?:\\.\(label))*)"
            + "(?::\(port))?(?:/(?!(?:\\.|%2[Ee]){1,2}(?:/|$))(?:[^\\s?#%\\\\/]|\(percent))*)*$"
}

private extension HTTPURLSyntax {
    static let scheme = "[Hh][Tt][Tt][Pp][Ss]?://"
    static let port = "(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
    static let percent = "%[0-9A-Fa-f]{2}"
    /// A DNS label: 1 to 63 letters, digits and `-`, not starting or ending with `-`.
    static let label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    /// Four numbers from 0 to 255 (leading zeros allowed, as `HostSyntax` reads them).
    static let ipv4: String = {
        let octet = "0*(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
        return "\(octet)(?:\\.\(octet)){3}"
    }()
    /// RFC 3986's IPv6address, form by form: the groups before `::` and after it (the last two may be
    /// an IPv4 address, whose numbers `HostSyntax` reads with up to three digits).
    static let ipv6: String = {
        let h16 = "[0-9A-Fa-f]{1,4}"
        let octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|0?[0-9]{1,2})"
        let ls32 = "(?:\(h16):\(h16)|\(octet)(?:\\.\(octet)){3})"
        func groups(_ count: Int) -> String { count == 0 ? "" : "(?:\(h16):){\(count)}" }
        var forms = [groups(6) + ls32, "::" + groups(5) + ls32]
        for before in 0...6 {
            let head = before == 0 ? "(?:\(h16))?" : "(?:(?:\(h16):){0,\(before)}\(h16))?"
            let tail = before <= 4 ? groups(4 - before) + ls32 : before == 5 ? h16 : ""
            forms.append(head + "::" + tail)
        }
        return "(?:" + forms.joined(separator: "|") + ")"
    }()
    /// A host of digits and dots only, which must be an IPv4 address.
    static let numeric = "[0-9.]+(?:[:/]|$)"
}
