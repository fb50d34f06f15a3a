/// Reading `feed:`: a URL or a file path, with `{handle}` placeholders, or `none`.
extension SiteConfigDecoder {
    /// The placeholders a feed may contain.
    static let feedPlaceholders = ["handle"]

    /// The feed as written, after checking its placeholders and, for a URL, its syntax. A path is
    /// read as it is (absolute, or relative to site.yml, `..` included: feeds are only read), except
    /// `~`, which only a shell expands; any scheme but http(s) is an error, not a file name.
    mutating func feedSource(_ node: YAMLNode, key: String) -> String? {
        // Checked as folders are: no NUL, no '~'.
        guard let source = folder(node, key: key) else { return nil }
        if source == "none" || source == FeedSource.xAPIKeyword { return source }
        // Most feeds are plain https URLs, told apart on the bytes (perf, Benchmarks/posts.py 10000, one snapshot
        // changed: feedSource 9.6% -> 0.3% of the build's CPU).
        if !checksFeedsInFull, FeedSource.isPlainHTTPURL(source) { return source }
        guard placeholdersAreKnown(in: source, node: node, key: key) else { return nil }
        let scheme = FeedSource.schemePrefix(of: source)
        if let scheme, let placeholder = scheme.range(of: "{") {
            fields.diagnostics.error(location(of: node, offset: scheme.distance(from: scheme.startIndex, to: placeholder.lowerBound)),
                                     "'{handle}' cannot stand in the scheme of '\(key)'",
                                     hint: "write the scheme itself (https://…) and put {handle} in the path: https://bridge.example/{handle}.rss")
            return nil
        }
        guard let scheme else { return source }
        let name = scheme.lowercased()
        guard name == "http" || name == "https" else {
            fields.diagnostics.error(node.location, "'\(key)' must be an http or https URL or a file path, found a '\(scheme):' URL",
                                     hint: "write https://… or a path relative to site.yml; a file whose name has a ':' is written ./\(source)")
            return nil
        }
        guard FeedSource.hasScheme(source) else {
            fields.diagnostics.error(location(of: node, offset: scheme.count + 1), "'\(key)' has no '//' after '\(scheme):'",
                                     hint: "write it as \(name)://host/path")
            return nil
        }
        return urlIsValid(source, node: node, key: key) ? source : nil
    }
}

extension SiteConfigDecoder {
    /// Reports `feed: x-api` on an account of another network than X (at the account's own `feed:`, or at
    /// its handle when `defaults` gave it); whether there is no such problem.
    mutating func checkXAPIFeed(_ entries: [YAMLEntry], options: AccountOptions, network: Network) -> Bool {
        guard network != .x, options.values[Self.feedSlot].stringValue == FeedSource.xAPIKeyword else { return true }
        let ownFeed = entries.last { $0.key == "feed" }?.value.location
        let handleText = options.values[OptionTable.account.slot("handle")].stringValue ?? "HANDLE"
        let otherFeed = network.defaultFeed(handle: handleText).map { "its \(network.displayName) feed is \($0)" } ?? "a feed URL"
        if let ownFeed {
            fields.diagnostics.error(ownFeed, "'feed: x-api' reads X's API, but this account is on \(network.displayName)",
                                     hint: "remove 'feed' (\(otherFeed)), or set `network: x` if the account is on X")
        } else {
            let handle = entries.last { $0.key == "handle" }?.value.location ?? SourceLocation(file: file, line: 1, column: 1)
            fields.diagnostics.error(handle, "this \(network.displayName) account gets 'feed: x-api' from 'defaults', which reads X's API",
                                     hint: "give this account its own 'feed:' (\(otherFeed)), or set 'feed: x-api' on the X accounts instead of in 'defaults'")
        }
        return false
    }
}

private extension SiteConfigDecoder {
    static let feedSlot = OptionTable.account.slot("feed")

    /// Checks an http(s) feed URL as it will be fetched, with a handle in place of each placeholder:
    /// a host, a port from 1 to 65535, and no `{handle}` in the host or port, which are the same for
    /// every account.
    mutating func urlIsValid(_ source: String, node: YAMLNode, key: String) -> Bool {
        let authority = FeedSource.authority(of: source)
        if let placeholder = authority.range(of: "{") {
            fields.diagnostics.error(location(of: node, offset: source.distance(from: source.startIndex, to: placeholder.lowerBound)),
                                     "'{handle}' cannot stand in the host or port of '\(key)'",
                                     hint: "the host and port are the same for every account: put {handle} in the path, as https://bridge.example/{handle}.rss")
            return false
        }
        let sample = FeedSource.expanding(source, handle: "handle")
        guard let problem = HTTPURLSyntax.problem(in: sample) ?? HTTPURLSyntax.portProblem(in: sample) else { return true }
        var offset = source.distance(from: source.startIndex, to: authority.startIndex)
        if case .badPort(let port) = problem { offset += authority.count - port.count }
        fields.diagnostics.error(location(of: node, offset: offset), problem.message(key: key, url: source),
                                 hint: problem.hint(url: source) ?? "write an http(s) URL, a file path relative to site.yml, or none")
        return false
    }

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
