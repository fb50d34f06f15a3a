extension Network {
    /// Mastodon servers whose `/share` links the checker knows without being told (a build adds the
    /// servers of the site's Mastodon accounts): any site may have a `/share` page, so only the
    /// servers known to run Mastodon are read as Mastodon's.
    package static let wellKnownMastodonServers: Set<String> = [
        "mastodon.social", "mastodon.online", "mstdn.social", "mas.to", "mastodon.world", "fosstodon.org", "hachyderm.io",
        "infosec.exchange", "techhub.social", "universeodon.com", "mstdn.jp", "social.vivaldi.net",
    ]

    /// The intent actions of the network and the parameters each takes: X's (`IntentURL.parameters`),
    /// Bluesky's `intent/compose` (`text`), Mastodon's `share` (`text`, and the `title` and `url` it
    /// joins to the text with spaces).
    package var intentParameters: [String: [String]] {
        switch self {
        case .x: IntentURL.parameters
        case .bluesky: ["compose": ["text"]]
        case .mastodon: ["share": ["title", "text", "url"]]
        }
    }

    /// Parameters the network's own buttons add, accepted without being offered to authors (X's only).
    package var intentButtonParameters: [String: [String]] {
        self == .x ? IntentURL.buttonParameters : [:]
    }

    /// Whether `action` composes a post (its length is checked).
    package func composes(action: String) -> Bool {
        switch self {
        case .x: action == "tweet" || action == "post"
        case .bluesky: action == "compose"
        case .mastodon: action == "share"
        }
    }

    /// How intent URLs of the network are named in messages: `intent/tweet`, `Bluesky's intent/compose`, `Mastodon's share`.
    package func intentName(action: String) -> String {
        switch self {
        case .x: "intent/\(action)"
        case .bluesky: "Bluesky's intent/\(action)"
        case .mastodon: "Mastodon's \(action)"
        }
    }
}
