/// Reading `feed:`: a URL or a file path, with `{handle}` placeholders, or `none`.
extension SiteConfigDecoder {
    /// The placeholders a feed may contain.
    static let feedPlaceholders = ["handle"]

    /// The feed as written, after checking its placeholders and, for a URL, its syntax.
    mutating func feedSource(_ node: YAMLNode, key: String) -> String? {
        guard let source = fields.nonEmptyText(node, key: key) else { return nil }
        if source == "none" { return source }
        if source.contains("\0") {
            fields.diagnostics.error(node.location, "'\(key)' contains a NUL character")
            return nil
        }
        guard placeholdersAreKnown(in: source, node: node, key: key) else { return nil }
        guard FeedSource.hasScheme(source) else { return source }
        // A URL is checked as it will be fetched, with a handle in place of each placeholder.
        let sample = FeedSource.expanding(source, handle: "handle")
        if let problem = HTTPURLSyntax.problem(in: sample) {
            fields.diagnostics.error(node.location, problem.message(key: key, url: source),
                                     hint: problem.hint(url: source) ?? "write an http(s) URL, a file path relative to site.yml, or none")
            return nil
        }
        return source
    }
}

private extension SiteConfigDecoder {
    /// Reports the first `{name}` that is not a known placeholder, or a `{` left open.
    mutating func placeholdersAreKnown(in source: String, node: YAMLNode, key: String) -> Bool {
        var offset = 0
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            offset += rest.distance(from: rest.startIndex, to: open)
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else {
                fields.diagnostics.error(location(of: node, offset: offset), "'{' without a closing '}' in '\(key)'",
                                         hint: "write the placeholder as {handle}")
                return false
            }
            let name = String(after[..<close])
            guard Self.feedPlaceholders.contains(name) else {
                fields.diagnostics.error(location(of: node, offset: offset), "unknown placeholder '{\(name)}' in '\(key)'",
                                         hint: (Suggestion.closest(to: name, in: Self.feedPlaceholders).map { "did you mean '{\($0)}'? " } ?? "")
                                             + "the only placeholder is {handle}")
                return false
            }
            offset += name.count + 2
            rest = after[after.index(after: close)...]
        }
        return true
    }
}
