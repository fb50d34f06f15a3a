/// The top-level names of the output folder that a build may write for itself, whatever the
/// templates: the pages, feeds, folders and files that are not an account's. An account's folder is
/// named after its handle, so the build refuses a handle that is one of them when it writes that
/// name (`TopLevelNames`, from the build plan); the JSON Schema refuses them all, in any case, as the
/// plan cannot be known from site.yml alone. A test keeps this list in step with the Build types
/// that write the names.
enum TopLevelOutputNames {
    /// The names, in lower case.
    static let all = ["index.html", "404.html", "latest", "assets", "media", "feed.xml", "sitemap.xml", "_headers", ".feedsite-manifest"]

    /// An ECMA-262 pattern matching each name, in any case.
    static let pattern: String = {
        let names = all.map { name in
            name.map { character in
                let lower = character.lowercased(), upper = character.uppercased()
                return lower == upper ? (character == "." ? "\\." : lower) : "[\(lower)\(upper)]"
            }.joined()
        }
        return "^(?:\(names.joined(separator: "|")))$"
    }()
}
