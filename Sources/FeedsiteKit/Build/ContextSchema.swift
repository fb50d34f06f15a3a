/// The shape of the documented page context, for finding template names that can never resolve.
indirect enum ContextSchema: Sendable {
    case map([String: ContextSchema])
    case list(ContextSchema)
    case scalar
    /// Free-form data (`params`): any name may resolve.
    case any

    /// The context every page template sees.
    static let page: ContextSchema = .map([
        "site": .map(["title": .scalar, "description": .scalar, "base_url": .scalar, "language": .scalar, "params": .any]),
        "account": .map([
            "handle": .scalar, "name": .scalar, "description": .scalar, "profile_url": .scalar, "compose_url": .scalar,
            "theme": .scalar, "height": .scalar, "width": .scalar, "tweet_limit": .scalar, "chrome": .scalar, "dnt": .scalar,
            "lang": .scalar, "aria_polite": .scalar, "show_replies": .scalar, "loading_timeout_ms": .scalar, "params": .any,
            "load": .scalar, "load_on_click": .scalar, "remember_consent": .scalar,
        ]),
        "accounts": .list(.map(["name": .scalar, "handle": .scalar, "url": .scalar, "current": .scalar])),
        "root": .scalar,
        "page": .map(["path": .scalar, "canonical_url": .scalar]),
        "generator": .map(["name": .scalar, "version": .scalar]),
    ])

    /// Every dotted name reachable from here, for suggestions.
    func names(prefix: String = "", depth: Int = 3) -> [String] {
        guard depth > 0, case .map(let fields) = self else { return [] }
        var result: [String] = []
        for (key, value) in fields {
            let name = prefix.isEmpty ? key : prefix + "." + key
            result.append(name)
            result += value.names(prefix: name, depth: depth - 1)
        }
        return result
    }
}
