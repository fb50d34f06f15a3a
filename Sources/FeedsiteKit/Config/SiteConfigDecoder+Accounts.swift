import Synchronization

/// Decoding of `accounts`, `defaults` and the options they share.
extension SiteConfigDecoder {
    /// The most accounts one site may list: every page is held in memory until it has been checked.
    static let maximumAccounts = 250_000

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
        for account in decodeEach(items, defaults: defaults) {
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
        }
        return accounts
    }

    mutating func accountOptions(_ node: YAMLNode, in place: String) -> AccountOptions {
        guard let entries = fields.entries(of: node, what: "a map of account options") else { return AccountOptions() }
        fields.checkKeys(entries, known: AccountOptions.optionKeys, in: place, elsewhere: [
            "handle": "each account has its own handle; set it on the accounts, not in defaults",
            "name": "each account has its own name; set it on the accounts, not in defaults",
        ])
        return options(from: entries)
    }
}

private extension SiteConfigDecoder {
    static let accountKeys = ["handle", "name"] + AccountOptions.optionKeys
    /// From this many accounts on, the list is decoded on all cores.
    static let parallelThreshold = 2_000
    /// How many accounts one thread decodes at a time.
    static let chunkSize = 512

    /// Each item decoded (nil where it has errors), in order; a long list in chunks on all cores, each
    /// chunk with diagnostics of its own, merged in document order.
    mutating func decodeEach(_ items: [YAMLNode], defaults: AccountOptions) -> [Account?] {
        guard items.count >= Self.parallelThreshold, ParallelLoop.threads(count: items.count, chunk: Self.chunkSize) > 1 else {
            return items.map { account($0, defaults: defaults) }
        }
        let chunkCount = (items.count + Self.chunkSize - 1) / Self.chunkSize
        let results = Mutex<[(accounts: [Account?], diagnostics: DiagnosticCollector)?]>(Array(repeating: nil, count: chunkCount))
        let decoder = SiteConfigDecoder(file: file)
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
        var handle: (String, SourceLocation)?
        var name: String?
        for entry in entries {
            switch entry.key {
            case "handle":
                if let value = self.handle(entry.value, key: "handle") { handle = (value, entry.value.location) }
            case "name":
                if !fields.isNull(entry.value) { name = fields.nonEmptyText(entry.value, key: "name") }
            default: break
            }
        }
        let own = options(from: entries)
        guard let (handleText, handleLocation) = handle else {
            if !entries.contains(where: { $0.key == "handle" }) {
                fields.diagnostics.error(node.location, "this account has no 'handle'", hint: "add: handle: the_account_name")
            }
            return nil
        }
        return own.merged(over: defaults).account(handle: handleText, name: name, location: handleLocation)
    }

    mutating func options(from entries: [YAMLEntry]) -> AccountOptions {
        var options = AccountOptions()
        for entry in entries {
            let node = entry.value
            if fields.isNull(node) { continue }
            switch entry.key {
            case "description": options.description = fields.text(node)
            case "params": options.params = params(node)
            case "compose": options.compose = compose(node)
            case "theme": options.theme = fields.choice(node, key: "theme", as: TimelineOptions.Theme.self)
            case "height": options.height = fields.integer(node, key: "height", in: 1...Int.max, what: "a positive integer (pixels)")
            case "width": options.width = fields.integer(node, key: "width", in: 1...Int.max, what: "a positive integer (pixels)")
            case "tweet_limit": options.tweetLimit = fields.integer(node, key: "tweet_limit", in: 1...20, what: "an integer from 1 to 20")
            case "chrome": options.chrome = chrome(node)
            case "dnt": options.dnt = fields.bool(node)
            case "lang": options.lang = languageTag(node, key: "lang")
            case "aria_polite": options.ariaPolite = fields.choice(node, key: "aria_polite", as: TimelineOptions.AriaPolite.self)
            case "show_replies": options.showReplies = fields.bool(node)
            case "load": options.load = fields.choice(node, key: "load", as: TimelineOptions.Load.self)
            case "remember_consent": options.rememberConsent = fields.bool(node)
            case "loading_timeout":
                options.loadingTimeout = fields.number(node, key: "loading_timeout", in: 0.5...300, what: "a number of seconds")
            default: break
            }
        }
        return options
    }

    mutating func chrome(_ node: YAMLNode) -> [TimelineOptions.Chrome]? {
        let names = TimelineOptions.Chrome.allCases.map(\.rawValue)
        guard let items = fields.items(node, what: "a list of \(ConfigFieldReader.list(names))") else { return nil }
        var result: [TimelineOptions.Chrome] = []
        for item in items {
            if let value = fields.choice(item, key: "chrome value", as: TimelineOptions.Chrome.self), !result.contains(value) {
                result.append(value)
            }
        }
        return result
    }

    mutating func compose(_ node: YAMLNode) -> AccountOptions.PartialCompose {
        var compose = AccountOptions.PartialCompose()
        if case .scalar(let scalar) = node.content, scalar.value != .null {
            fields.mismatch(node, expected: "a map of compose options", hint: "write the text under it:\ncompose:\n  text: \(scalar.text)")
            return compose
        }
        guard let entries = fields.entries(of: node, what: "a map of compose options") else { return compose }
        fields.checkKeys(entries, known: AccountOptions.composeKeys, in: "compose")
        for entry in entries {
            let node = entry.value
            if fields.isNull(node) { continue }
            switch entry.key {
            case "text": compose.text = fields.text(node)
            case "url": compose.url = httpURL(node, key: "url")
            case "hashtags": compose.hashtags = hashtags(node)
            case "via": compose.via = handle(node, key: "via")
            case "related":
                if let items = fields.items(node, what: "a list of handles") {
                    compose.related = items.compactMap { handle($0, key: "related") }
                }
            case "in_reply_to": compose.inReplyTo = postID(node)
            default: break
            }
        }
        return compose
    }

    mutating func handle(_ node: YAMLNode, key: String) -> String? {
        guard let handle = fields.text(node, what: key == "related" ? "a handle" : "a handle (text)") else { return nil }
        guard let problem = HandleSyntax.problem(in: handle) else { return handle }
        var at = node.location
        if case .invalidCharacter(_, let offset) = problem { at = location(of: node, offset: offset) }
        fields.diagnostics.error(at, problem.message(for: handle), hint: problem.hint(for: handle))
        return nil
    }

    mutating func hashtags(_ node: YAMLNode) -> [String]? {
        guard let items = fields.items(node, what: "a list of hashtags") else { return nil }
        var tags: [String] = []
        for item in items {
            guard let tag = fields.text(item, what: "a hashtag") else { continue }
            if tag.hasPrefix("#") {
                fields.diagnostics.error(item.location, "hashtag '\(tag)' starts with '#'",
                                         hint: "write it without '#': \(tag.dropFirst()) (the '#' is added when posting)")
                continue
            }
            // ASCII tags are checked on their bytes; only others need Unicode's letter and number classes.
            let plain = tag.utf8.allSatisfy { HandleSyntax.isHandleByte($0) }
            if !plain, let offset = tag.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") }).map({ tag.distance(from: tag.startIndex, to: $0) }) {
                let character = tag[tag.index(tag.startIndex, offsetBy: offset)]
                fields.diagnostics.error(location(of: item, offset: offset),
                    "hashtag '\(tag)' contains \(character == " " ? "a space" : "'\(character)'"); hashtags use letters, digits and '_'",
                    hint: "list each hashtag as its own entry, without spaces or punctuation")
                continue
            }
            if tag.isEmpty {
                fields.diagnostics.error(item.location, "empty hashtag", hint: "remove the entry")
                continue
            }
            tags.append(tag)
        }
        return tags
    }

    mutating func postID(_ node: YAMLNode) -> String? {
        guard let text = fields.text(node, what: "a post id (digits)") else { return nil }
        guard (1...19).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            fields.diagnostics.error(node.location, "'in_reply_to' must be a numeric post id (1 to 19 digits), found '\(text)'",
                                     hint: "copy the number at the end of the post's URL (…/status/1234567890)")
            return nil
        }
        return text
    }
}
