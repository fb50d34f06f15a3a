/// Turns the YAML tree of site.yml into a `SiteConfig`, collecting every problem it finds.
struct SiteConfigDecoder {
    let file: String
    var fields = ConfigFieldReader()

    static let topLevelKeys = [
        "title", "description", "base_url", "language", "templates", "output", "intent_host", "params",
        "defaults", "accounts",
    ]

    init(file: String) {
        self.file = file
    }
}

extension SiteConfigDecoder {
    /// The decoded config, or nil when any error was recorded in `fields.diagnostics`.
    mutating func decode(_ root: YAMLNode?, siteFolder: String, resolve: (String) -> String) -> SiteConfig? {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard let root else {
            fields.diagnostics.error(start, "the file is empty; expected a map with at least 'title' and 'accounts'",
                                     hint: "run 'feedsite init' in an empty folder to get a commented starter site.yml")
            return nil
        }
        guard let entries = fields.entries(of: root, what: "a map of settings at the top level") else { return nil }
        fields.checkKeys(entries, known: Self.topLevelKeys, in: "the top level", elsewhere: Self.misplacedTopLevelHints)

        var config = SiteConfig(title: "", description: nil, baseURL: nil, language: "en",
                                templatesFolder: resolve("templates"), outputFolder: resolve("output"),
                                intentHost: .twitter, params: [:], accounts: [], configPath: file, siteFolder: siteFolder)
        var defaults = AccountOptions()
        var accountsNode: YAMLNode?
        var sawTitle = false
        for entry in entries {
            let node = entry.value
            if entry.key != "title", entry.key != "accounts", fields.isNull(node) { continue }
            switch entry.key {
            case "title":
                sawTitle = true
                if fields.isNull(node) {
                    fields.diagnostics.error(node.location, "'title' must not be empty", hint: "write the site's title, e.g. title: My feeds")
                } else if let title = fields.nonEmptyText(node, key: "title") {
                    config.title = title
                }
            case "description": config.description = fields.text(node)
            case "base_url": config.baseURL = httpURL(node, key: "base_url").map(Self.withoutTrailingSlash)
            case "language": config.language = languageTag(node, key: "language") ?? config.language
            case "templates": if let path = folder(node, key: "templates") { config.templatesFolder = resolve(path) }
            case "output": if let path = folder(node, key: "output") { config.outputFolder = resolve(path) }
            case "intent_host": config.intentHost = fields.choice(node, key: "intent_host", as: IntentHost.self) ?? .twitter
            case "params": config.params = params(node)
            case "defaults": defaults = accountOptions(node, in: "defaults")
            case "accounts": accountsNode = node
            default: break
            }
        }
        if !sawTitle {
            fields.diagnostics.error(root.location, "missing required key 'title'", hint: "add a line such as: title: My feeds")
        }
        if let accountsNode {
            config.accounts = accounts(accountsNode, defaults: defaults)
        } else {
            fields.diagnostics.error(root.location, "missing required key 'accounts'",
                                     hint: "add a list of accounts, e.g.\naccounts:\n  - handle: jack")
        }
        return fields.diagnostics.hasErrors ? nil : config
    }
}

extension SiteConfigDecoder {
    static let misplacedTopLevelHints: [String: String] = {
        var hints: [String: String] = [:]
        for key in AccountOptions.optionKeys where !topLevelKeys.contains(key) {
            hints[key] = "'\(key)' is an account option: put it under 'defaults' (every account) or on one account"
        }
        hints["handle"] = "accounts are listed under 'accounts', e.g.\naccounts:\n  - handle: jack"
        hints["name"] = hints["handle"]
        hints["<<"] = "merge keys ('<<') are not part of YAML 1.2; use 'defaults' for options shared by accounts"
        return hints
    }()

    static func withoutTrailingSlash(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    mutating func folder(_ node: YAMLNode, key: String) -> String? {
        guard let path = fields.nonEmptyText(node, key: key) else { return nil }
        if path.contains("\0") {
            fields.diagnostics.error(node.location, "'\(key)' contains a NUL character")
            return nil
        }
        return path
    }

    mutating func params(_ node: YAMLNode) -> [String: TemplateValue] {
        guard case .mapping = node.content else {
            fields.mismatch(node, expected: "a map of values for templates", hint: "write it as key: value lines under 'params'")
            return [:]
        }
        if case .map(let values) = node.templateValue { return values }
        return [:]
    }

    mutating func httpURL(_ node: YAMLNode, key: String) -> String? {
        guard let url = fields.nonEmptyText(node, key: key) else { return nil }
        if let problem = HTTPURLSyntax.problem(in: url) {
            fields.diagnostics.error(node.location, problem.message(key: key, url: url), hint: problem.hint(url: url))
            return nil
        }
        return url
    }

    /// A BCP 47 language tag such as `en`, `de-CH` or `zh-Hant`.
    mutating func languageTag(_ node: YAMLNode, key: String) -> String? {
        guard let tag = fields.nonEmptyText(node, key: key) else { return nil }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let valid = parts.first.map { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isLetter } } == true
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard valid else {
            let hint = tag.contains("_") ? "use '-' between the parts: \(tag.replacingUnderscores)" : "use a language code such as en, de or pt-BR"
            fields.diagnostics.error(node.location, "'\(tag)' is not a valid language tag for '\(key)'", hint: hint)
            return nil
        }
        return tag
    }

    /// Where the character at `offset` of a one-line scalar stands.
    func location(of node: YAMLNode, offset: Int) -> SourceLocation {
        var location = node.location
        if case .scalar(let scalar) = node.content, !scalar.text.contains("\n") {
            location.column += offset + (scalar.isQuoted ? 1 : 0)
        }
        return location
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
