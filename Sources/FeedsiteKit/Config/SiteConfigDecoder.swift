/// Turns the YAML tree of site.yml into a `SiteConfig`, collecting every problem it finds.
struct SiteConfigDecoder {
    let file: String
    /// Where the characters of the file's scalars stand, for errors inside a value.
    let locator: YAMLScalarLocator
    var fields = ConfigFieldReader()
    /// Whether every `feed:` URL goes through all the checks, none recognised as plain on the bytes
    /// first (`FeedSource.isPlainHTTPURL`): for tests that compare both ways.
    var checksFeedsInFull = false
    /// The accounts of an earlier version of the file whose `accounts` and `defaults` were the same
    /// bytes: taken as they are, moved with their lines, instead of decoded again.
    var decoded: SiteConfigCache.DecodedAccounts?
    /// For each item of `accounts`, the account an earlier version decoded from the same bytes (with the
    /// same `defaults`), taken moved with its lines instead of decoded again; nil where there is none.
    var keptAccounts: [SiteConfigCache.KeptAccount?]?
    /// The lines where the items of `accounts` start, once decoded (for `SiteConfigCache.keep`).
    var accountItemLines: [Int] = []

    /// The site options' keys, then the two keys that hold the accounts.
    static let topLevelKeys = OptionTable.site.keys + ["defaults", "accounts"]

    /// A decoder for the file `file`, whose text is `source`.
    init(file: String, source: [UInt8]) {
        self.file = file
        locator = YAMLScalarLocator(bytes: source, file: file)
        fields.locator = locator
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

        let table = OptionTable.site
        var values = table.builtInValues
        var defaults = AccountOptions()
        var accountsNode: YAMLNode?
        var locations: [String: SourceLocation] = [:]
        for entry in entries {
            locations[entry.key] = entry.value.location
            switch entry.key {
            case "defaults": if !fields.isNull(entry.value) { defaults = accountOptions(entry.value, in: "defaults") }
            case "accounts": accountsNode = entry.value
            default: read(entry, from: table, into: &values)
            }
        }
        for (slot, option) in table.options.enumerated() {
            if case .folder = option.type, let path = values[slot].stringValue { values[slot] = .string(resolve(path)) }
        }
        for option in missingRequired(from: table, in: entries) {
            fields.diagnostics.error(root.location, "missing required key '\(option.key)'", hint: option.requiredHint)
        }
        if let location = locations["snapshots"] {
            let folder = { (key: String) in values[table.slot(key)].stringValue ?? "" }
            if let problem = SiteFolders.snapshotsProblem(folder("snapshots"), siteFolder: siteFolder, templates: folder("templates"),
                                                          output: folder("output")) {
                fields.diagnostics.error(location, problem, hint: "set 'snapshots:' to a folder of its own beside site.yml, such as snapshots")
            }
        }
        if let file = SiteFolders.fileInsteadOfFolder(values[table.slot("snapshots")].stringValue ?? "") {
            let shown = file.hasPrefix(siteFolder + "/") ? String(file.dropFirst(siteFolder.count + 1)) : file
            fields.diagnostics.error(locations["snapshots"] ?? root.location, "'\(shown)' is a file, where the snapshots folder belongs",
                                     hint: "move the file away, or set 'snapshots:' to a folder, such as snapshots")
        }
        var accounts: [Account] = []
        if let accountsNode, let decoded {
            accounts = decoded.list.map { $0.moved(byLines: accountsNode.location.line - decoded.line) }
            if case .sequence(let items) = accountsNode.content { accountItemLines = items.map(\.location.line) }
        } else if let accountsNode {
            accounts = self.accounts(accountsNode, defaults: defaults)
        } else {
            fields.diagnostics.error(root.location, "missing required key 'accounts'",
                                     hint: "add a list of accounts, e.g.\naccounts:\n  - handle: jack")
        }
        guard !fields.diagnostics.hasErrors else { return nil }
        return SiteConfig(options: TemplateRecord(table.schema, values), accounts: accounts, configPath: file, siteFolder: siteFolder,
                          locations: locations)
    }
}

extension SiteConfigDecoder {
    static let misplacedTopLevelHints: [String: String] = {
        var hints: [String: String] = [:]
        for option in OptionTable.account.options where !topLevelKeys.contains(option.key) {
            hints[option.key] = option.merge == .perAccount
                ? "accounts are listed under 'accounts', e.g.\naccounts:\n  - handle: jack"
                : "'\(option.key)' is an account option: put it under 'defaults' (every account) or on one account"
        }
        return hints
    }()

    mutating func folder(_ node: YAMLNode, key: String) -> String? {
        guard let path = fields.nonEmptyText(node, key: key) else { return nil }
        if path.hasPrefix("~") {
            // Only a shell expands '~'; taken as it is, it would make a folder named '~'.
            fields.diagnostics.error(node.location, "'\(key)' starts with '~', which feedsite does not expand",
                                     hint: "write the full path (/home/you/\(path.drop { $0 != "/" }.dropFirst())) or a path relative to site.yml")
            return nil
        }
        return path
    }

    /// Free-form values for templates; their texts are free texts (`ConfigFieldReader.text`), their keys names.
    mutating func params(_ node: YAMLNode, key: String) -> TemplateValue? {
        guard case .mapping = node.content else {
            fields.mismatch(node, expected: "a map of values for templates", hint: "write it as key: value lines under '\(key)'")
            return nil
        }
        return fields.refusesControls(below: node, key: key) ? nil : node.templateValue
    }

    mutating func httpURL(_ node: YAMLNode, key: String) -> String? {
        guard let url = fields.nonEmptyText(node, key: key) else { return nil }
        if let problem = HTTPURLSyntax.problem(in: url) {
            fields.diagnostics.error(node.location, problem.message(key: key, url: url), hint: problem.hint(url: url))
            return nil
        }
        return url
    }

    /// The address a site is deployed at, path percent-encoded, without trailing slashes.
    mutating func siteURL(_ node: YAMLNode, key: String) -> String? {
        guard let url = fields.nonEmptyText(node, key: key) else { return nil }
        if let problem = HTTPURLSyntax.siteURLProblem(in: url) {
            fields.diagnostics.error(node.location, problem.message(key: key, url: url), hint: problem.hint(url: url))
            return nil
        }
        return HTTPURLSyntax.siteAddress(of: url)
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

    /// Where the character at `offset` (in `Character`s) of a scalar's text was written, in any style
    /// (`ConfigFieldReader.location`, which asks this decoder's locator).
    func location(of node: YAMLNode, offset: Int) -> SourceLocation {
        fields.location(of: node, offset: offset)
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
