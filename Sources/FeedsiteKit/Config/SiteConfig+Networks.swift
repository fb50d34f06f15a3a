extension SiteConfig {
    /// The hosts whose `/share` links are Mastodon compose links on this site's pages: the well-known
    /// servers and those of the site's Mastodon accounts, in lower case.
    package var mastodonServers: Set<String> {
        var servers = Network.wellKnownMastodonServers
        for account in accounts where account.network == .mastodon {
            if let (_, server) = Network.mastodonParts(of: account.handle) { servers.insert(server.lowercased()) }
        }
        return servers
    }
}

extension Account {
    /// The account's compose URL on its network, with X's intents on `intentHost`.
    package func composeURL(intentHost: IntentHost) -> String {
        network.composeURL(compose, handle: handle, intentHost: intentHost)
    }
}
