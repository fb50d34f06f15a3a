/// The URL rules as ECMA-262 regular expressions, for the JSON Schema of site.yml. Each accepts every
/// URL the matching check accepts; the checks stay the judge of what else is wrong.
extension HTTPURLSyntax {
    /// `problem(in:)`: `http://` or `https://` in any case, a host, no whitespace.
    package static let pattern = "^\(scheme)(?:[^/?#\\s]*@)?(?:\\[[^/?#\\s\\]]*\\]|[^/?#\\s@:\\[]+)(?::[^/?#\\s]*)?(?:[/?#]\\S*)?$"

    /// `problem(in:)` and `portProblem(in:)`: as `pattern`, with no `{` before the path (a placeholder
    /// cannot stand in the host or port) and a port from 1 to 65535 when there is a `:`.
    package static let feedPattern = "^\(scheme)(?:[^/?#{\\s]*@)?(?:\\[[^/?#{\\s\\]]*\\]|[^/?#{\\s@:\\[]+)(?::\(port))?(?:[/?#]\\S*)?$"

    /// `siteURLProblem(in:)`: no user name, query or fragment; an ASCII host; a port from 1 to 65535;
    /// every `%` followed by two hex digits.
    package static let siteURLPattern =
        "^\(scheme)(?:\\[[^/?#@\\s\\]%]*\\]|(?:[^\\s/?#@:\\[%\\u0080-\\uFFFF]|\(percent))+)(?::\(port))?(?:/(?:[^\\s?#%]|\(percent))*)?$"
}

private extension HTTPURLSyntax {
    static let scheme = "[Hh][Tt][Tt][Pp][Ss]?://"
    static let port = "(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
    static let percent = "%[0-9A-Fa-f]{2}"
}
