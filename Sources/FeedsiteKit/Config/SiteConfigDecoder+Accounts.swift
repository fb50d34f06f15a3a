import Synchronization

/// Decoding of `accounts`, `defaults` and the options they share.
extension SiteConfigDecoder {
    /// The most accounts one site may list: every page is held in memory until it has been checked.
    static let maximumAccounts = 250_000
    /// The compose options only X has (the JSON Schema of site.yml states the same rule).
    static let xOnlyComposeKeys: Set<String> = ["via", "related", "in_reply_to"]

    mutating func accounts(_ node: YAMLNode, defaults: AccountOptions) -> [Account] {
        guard let items = fields.items(node, what: "a list of accounts") else { return [] }
        if items.isEmpty {
            fields.diagnostics.error(node.location, "'accounts' is empty; a site needs at least one account",
                                     hint: "add an entry such as\n  - handle: jack")
            return []
        }
        if items.count > Self.maximumAccounts {
            fields.diagnostics.error(node.location, "'accounts' lists \(items.count) accounts; feedsite builds at most \(Self.maximumAccounts) in one site",
                                     hint: "split the accounts over several sites, each with its own site.yml")
            return []
        }
        var accounts: [Account] = []
        accounts.reserveCapacity(items.count)
        var seen: [String: Account] = [:]
        seen.reserveCapacity(items.count)
        // The built-in defaults go under `defaults` once, so that each account merges once.
        var defaults = defaults
        defaults.merge(over: .builtIn)
        var groups = GroupSpellings()
        accountItemLines = items.map(\.location.line)
        // `decodeEach` keeps the items' order, one result per item.
        for (item, account) in zip(items, decodeEach(items, defaults: defaults, kept: keptAccounts?.count == items.count ? keptAccounts : nil)) {
            guard let account else { continue }
            if let first = seen[account.slug] {
                let handleLocation = account.location
                fields.diagnostics.error(handleLocation,
                    "duplicate handle '\(account.handle)': '\(first.handle)' at line \(first.location.line) is the same account (handles ignore case)",
                    hint: "remove one of the two entries")
                continue
            }
            seen[account.slug] = account
            accounts.append(account)
            checkGroupSpelling(of: account, in: item, against: &groups)
        }
        return accounts
    }

    mutating func accountOptions(_ node: YAMLNode, in place: String) -> AccountOptions {
        guard let entries = fields.entries(of: node, what: "a map of account options") else { return AccountOptions() }
        fields.checkKeys(entries, known: Self.sharedKeys, in: place, elsewhere: Self.perAccountHints)
        let (kept, braces) = checkPlaceholders(in: entries)
        var options = options(from: kept, perAccount: false)
        options.hasPlaceholders = braces
        return options
    }
}

private extension SiteConfigDecoder {
    /// The first spelling of each group and where it is, by the group's name in lower case.
    typealias GroupSpellings = [String: (spelling: String, location: SourceLocation)]

    /// Reports the account's `group` when an earlier account spelled the same group with other capitals
    /// (`news` after `News`): the same words, so surely meant to be one group, but they would make two
    /// sections. White space was folded when the value was read, so spaces alone never tell two apart.
    mutating func checkGroupSpelling(of account: Account, in item: YAMLNode, against groups: inout GroupSpellings) {
        guard let group = account.options.values[Self.groupSlot].stringValue, case .mapping(let entries) = item.content,
              let written = entries.last(where: { $0.key == "group" }) else { return }
        let key = group.lowercased()
        guard let first = groups[key] else {
            groups[key] = (group, written.value.location)
            return
        }
        guard first.spelling != group else { return }
        fields.diagnostics.error(written.value.location,
            "group '\(group)' differs only in case from the group '\(first.spelling)' at line \(first.location.line), "
                + "column \(first.location.column): they would be two sections",
            hint: "write it '\(first.spelling)' as there (or change both): one spelling makes one group")
    }

    static let accountKeys = OptionTable.account.keys
    // Two cores: callgrind --separate-threads, Benchmarks/generate_site.py 10000, clean build: 168M instructions
    // of decoding on two workers, 12M left on the main thread.
    /// From this many accounts on, the list is decoded on all cores.
    static let parallelThreshold = 2_000
    /// How many accounts one thread decodes at a time.
    static let chunkSize = 512

    /// Each item decoded (nil where it has errors), in order; a long list in chunks on all cores, each
    /// chunk with diagnostics of its own, merged in document order. An item with an account in `kept`
    /// takes it, moved to the item's line (it decoded without an error before).
    mutating func decodeEach(_ items: [YAMLNode], defaults: AccountOptions, kept: [SiteConfigCache.KeptAccount?]?) -> [Account?] {
        // Many items to decode (a list rewritten) are decoded on all cores, none kept.
        if let kept, kept.reduce(0, { $0 + ($1 == nil ? 1 : 0) }) < Self.parallelThreshold {
            // By index: an item's node is not copied to read its line.
            return items.indices.map { index in
                kept[index].map { $0.account.moved(byLines: items[index].location.line - $0.line) } ?? account(items[index], defaults: defaults)
            }
        }
        guard items.count >= Self.parallelThreshold, ParallelLoop.threads(count: items.count, chunk: Self.chunkSize) > 1 else {
            return items.map { account($0, defaults: defaults) }
        }
        let chunkCount = (items.count + Self.chunkSize - 1) / Self.chunkSize
        let results = Mutex<[(accounts: [Account?], diagnostics: DiagnosticCollector)?]>(Array(repeating: nil, count: chunkCount))
        // Each chunk starts without diagnostics; the locator (and the tables it may make) is shared.
        var fresh = self
        fresh.fields = ConfigFieldReader(locator: locator)
        let decoder = fresh
        ParallelLoop.run(count: items.count, chunk: Self.chunkSize) { chunks in
            for range in chunks {
                var own = decoder
                let accounts = items[range].map { own.account($0, defaults: defaults) }
                results.withLock { $0[range.lowerBound / Self.chunkSize] = (accounts, own.fields.diagnostics) }
            }
        }
        var accounts: [Account?] = []
        accounts.reserveCapacity(items.count)
        for result in results.withLock({ $0 }) {
            guard let result else { continue }
            accounts += result.accounts
            fields.diagnostics.merge(result.diagnostics)
        }
        return accounts
    }

    mutating func account(_ node: YAMLNode, defaults: AccountOptions) -> Account? {
        if case .scalar(let scalar) = node.content, scalar.value != .null {
            fields.mismatch(node, expected: "an account (a map with at least 'handle')",
                            hint: "write it as: - handle: \(scalar.text.hasPrefix("@") ? String(scalar.text.dropFirst()) : scalar.text)")
            return nil
        }
        guard let entries = fields.entries(of: node, what: "an account (a map with at least 'handle')") else { return nil }
        fields.checkKeys(entries, known: Self.accountKeys, in: "an account")
        var own = options(from: entries, perAccount: true)
        for option in missingRequired(from: OptionTable.account, in: entries) {
            fields.diagnostics.error(node.location, "this account has no '\(option.key)'", hint: option.requiredHint)
        }
        guard own.values[Self.handleSlot] != .null, let handle = entries.last(where: { $0.key == "handle" }) else { return nil }
        let setOnAccount = own.values[Self.networkSlot] != .null
        own.merge(over: defaults.hasPlaceholders ? Self.replacingPlaceholders(in: defaults, with: placeholderValues(own, defaults: defaults)) : defaults)
        let network = own.values[Self.networkSlot].stringValue.flatMap(Network.init(rawValue:)) ?? .x
        let origin: NetworkOrigin = setOnAccount ? .account : network == .x ? .builtIn : .defaults
        guard checkHandle(handle.value, network: network, origin: origin), checkCompose(entries, network: network),
              checkXAPIFeed(entries, options: own, network: network) else { return nil }
        return Account(options: own.values, location: handle.value.location)
    }

    /// Reports the handle at `node` when it is not a valid handle on `network`; whether it is valid.
    mutating func checkHandle(_ node: YAMLNode, network: Network, origin: NetworkOrigin) -> Bool {
        guard case .scalar(let scalar) = node.content, let problem = network.handleProblem(in: scalar.text, networkFrom: origin) else { return true }
        let at = problem.offset.map { location(of: node, offset: $0) } ?? node.location
        fields.diagnostics.error(at, problem.message, hint: problem.hint)
        return false
    }

    /// Reports each compose option the account sets that its network does not have (`via`, `related`,
    /// `in_reply_to` are X's alone); whether there is none.
    mutating func checkCompose(_ entries: [YAMLEntry], network: Network) -> Bool {
        guard network != .x, let compose = entries.last(where: { $0.key == "compose" }), case .mapping(let pairs) = compose.value.content else {
            return true
        }
        var valid = true
        for pair in pairs where Self.xOnlyComposeKeys.contains(pair.key) {
            fields.diagnostics.error(pair.keyLocation, "'\(pair.key)' is an X compose option; \(network.displayName) has no such thing",
                                     hint: "remove '\(pair.key)' from this account's compose, or set `network: x`")
            valid = false
        }
        return valid
    }

    /// The options set in `entries`, those each account sets itself only when `perAccount`.
    mutating func options(from entries: [YAMLEntry], perAccount: Bool) -> AccountOptions {
        var options = AccountOptions()
        let table = OptionTable.account
        for entry in entries {
            read(entry, from: table, into: &options.values) { perAccount || $0.merge != .perAccount }
        }
        return options
    }

    /// What the placeholders of `defaults` stand for on the account whose own options are `own`.
    func placeholderValues(_ own: AccountOptions, defaults: AccountOptions) -> DefaultPlaceholders.Values {
        let handle = own.values[Self.handleSlot].stringValue ?? ""
        let network = (own.values[Self.networkSlot].stringValue ?? defaults.values[Self.networkSlot].stringValue).flatMap(Network.init(rawValue:)) ?? .x
        return DefaultPlaceholders.Values(handle: handle, name: own.values[Self.nameSlot].stringValue ?? handle, network: network)
    }

    static let handleSlot = OptionTable.account.slot("handle")
    static let networkSlot = OptionTable.account.slot("network")
    static let nameSlot = OptionTable.account.slot("name")
    static let groupSlot = OptionTable.account.slot("group")
    /// The keys `defaults` accepts: every account option but those each account sets itself.
    static let sharedKeys = OptionTable.account.options.filter { $0.merge != .perAccount }.map(\.key)
    static let perAccountHints = Dictionary(uniqueKeysWithValues: OptionTable.account.options.filter { $0.merge == .perAccount }.map {
        ($0.key, "each account has its own \($0.key); set it on the accounts, not in defaults")
    })
}
