#if canImport(Glibc)
import Glibc
#endif

/// Feed files that are not there: a `feed:` path with a typo is a mistake in site.yml, reported at
/// the `feed:` value (the account's own, or the `defaults` pattern it came from) before anything is
/// fetched, like every other mistake in site.yml (exit 2), rather than as a feed that failed.
struct MissingFeedFiles {
    let config: SiteConfig
    /// How paths are shown in messages.
    let displayPath: (String) -> String
}

extension MissingFeedFiles {
    /// Throws `DiagnosticError` with one error per account in `accounts` whose feed file does not exist.
    func check(_ accounts: [Account]) throws {
        var missing: [(account: Account, path: String)] = []
        for account in accounts {
            guard case .file(let path)? = account.feedSource(siteFolder: config.siteFolder), Self.isMissing(path) else { continue }
            missing.append((account, path))
        }
        guard !missing.isEmpty else { return }
        let places = feedValueLocations()
        var diagnostics = DiagnosticCollector()
        for (account, path) in missing {
            diagnostics.add(Diagnostic(at: places.account[account.location] ?? places.defaults ?? account.location,
                                       "no feed file at \(displayPath(path)) (the feed of '\(account.handle)')",
                                       hint: "a feed: path is taken from the folder of site.yml; correct it, or create the file"))
        }
        throw DiagnosticError(diagnostics)
    }
}

private extension MissingFeedFiles {
    /// Whether nothing is at `path` (another problem, such as a folder or no permission, is the feed's failure).
    static func isMissing(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }

    /// Where each account's own `feed:` value stands (by the account's location: its handle's
    /// value), and the `defaults` one; read again from site.yml only when a file is missing.
    func feedValueLocations() -> (account: [SourceLocation: SourceLocation], defaults: SourceLocation?) {
        guard let bytes = try? FileInput.read(config.configPath, purpose: "the site configuration", limit: SiteConfigLoader.maximumBytes),
              let root = try? YAMLReader(file: config.configPath).read(bytes), case .mapping(let top) = root.content else { return ([:], nil) }
        func feedValue(_ node: YAMLNode) -> SourceLocation? {
            guard case .mapping(let entries) = node.content else { return nil }
            return entries.last { $0.key == "feed" }?.value.location
        }
        var accounts: [SourceLocation: SourceLocation] = [:]
        if case .sequence(let items)? = top.last(where: { $0.key == "accounts" })?.value.content {
            for item in items {
                guard case .mapping(let entries) = item.content, let handle = entries.last(where: { $0.key == "handle" }),
                      let feed = feedValue(item) else { continue }
                accounts[handle.value.location] = feed
            }
        }
        return (accounts, top.last { $0.key == "defaults" }.flatMap { feedValue($0.value) })
    }
}
