extension SiteConfigDecoder {
    /// An `image:` value (`ImageReference`): an absolute http(s) URL or a path from the site's root, kept as written.
    mutating func imageURL(_ node: YAMLNode, key: String) -> String? {
        guard let text = fields.nonEmptyText(node, key: key) else { return nil }
        if ImageReference.hasScheme(text) { return httpURL(node, key: key) }
        if let problem = ImageReference.pathProblem(in: text) {
            fields.diagnostics.error(node.location, "the path '\(text)' for '\(key)' \(problem)",
                                     hint: "write an absolute URL (https://example.com/card.png) or a path from the site's root, "
                                         + "such as assets/card.png for templates/assets/card.png")
            return nil
        }
        return text
    }
}
