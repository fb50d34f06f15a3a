/// The social networks an account can live on. Everything feedsite needs to know about one of them
/// (handles, URLs, post length) hangs off this type, so that a new network is a new case.
package enum Network: String, Sendable, CaseIterable {
    case x
    case bluesky
    case mastodon
}

extension Network {
    /// The network's name as readers know it.
    package var displayName: String {
        switch self {
        case .x: "X"
        case .bluesky: "Bluesky"
        case .mastodon: "Mastodon"
        }
    }

    /// The words on a link to the account's profile: "View on Bluesky".
    package var linkText: String {
        "View on \(displayName)"
    }

    /// Whether the network has an official embeddable timeline (only X: the others' pages show the snapshot).
    package var hasTimelineWidget: Bool {
        self == .x
    }

    /// The most a post may count, as `postLength(of:)` counts.
    package var postLimit: Int {
        switch self {
        case .x: PostLength.limit
        case .bluesky: 300
        case .mastodon: 500
        }
    }

    /// The unit `postLength(of:)` counts in, for messages.
    package var lengthUnit: String {
        switch self {
        case .x: "characters as X counts them"
        case .bluesky: "graphemes (characters as readers see them)"
        case .mastodon: "characters as Mastodon counts them"
        }
    }

    /// How long `text` is as the network counts it: X's weighted length (`PostLength`); on Bluesky,
    /// graphemes (Swift `Character`s; the Bluesky app shows long links shortened and so may count
    /// fewer); on Mastodon, graphemes after every http(s) URL is replaced by 23 characters and every
    /// `@user@server` mention by `@user` (`MastodonPostLength`).
    package func postLength(of text: String) -> Int {
        switch self {
        case .x: PostLength.weight(of: text)
        case .bluesky: text.count
        case .mastodon: MastodonPostLength.length(of: text)
        }
    }
}

extension Network {
    /// Other names users give the networks: `twitter`, `bsky`, `fediverse`, `toot`.
    static let aliases: [String: Network] = ["twitter": .x, "bsky": .bluesky, "fediverse": .mastodon, "toot": .mastodon]

    /// The network `word` is another name for, when `names` are the network names; nil otherwise.
    package static func alias(_ word: String, among names: [String]) -> String? {
        guard Set(names) == Set(allCases.map(\.rawValue)) else { return nil }
        return aliases[word.lowercased()]?.rawValue
    }
}
