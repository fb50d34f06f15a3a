extension Network {
    /// The host of Bluesky's web app, where profiles and the compose intent live.
    package static let blueskyHost = "bsky.app"

    /// The address of the account's profile: `https://twitter.com/HANDLE`, `https://bsky.app/profile/HANDLE`,
    /// `https://SERVER/@USER`.
    package func profileURL(handle: String) -> String {
        switch self {
        case .x:
            return "https://twitter.com/" + handle
        case .bluesky:
            return "https://\(Self.blueskyHost)/profile/" + handle
        case .mastodon:
            guard let (user, server) = Self.mastodonParts(of: handle) else { return "https://" + handle }
            return "https://\(server)/@\(user)"
        }
    }

    /// The feed `feedsite fetch` reads when an account sets no `feed`: Bluesky's RSS of the profile
    /// (`https://bsky.app/profile/HANDLE/rss`) and Mastodon's (`https://SERVER/@USER.rss`); X has none.
    package func defaultFeed(handle: String) -> String? {
        switch self {
        case .x: nil
        case .bluesky: profileURL(handle: handle) + "/rss"
        case .mastodon: profileURL(handle: handle) + ".rss"
        }
    }

    /// The compose URL that pre-fills `compose`. X: its intent with separate parameters
    /// (`IntentURL.compose`). Bluesky (`https://bsky.app/intent/compose?text=…`) and Mastodon
    /// (`https://SERVER/share?text=…`, SERVER from the handle) take only a text, so the url and the
    /// hashtags are folded into it (`foldedText`); with nothing to pre-fill, the URL has no query.
    package func composeURL(_ compose: ComposeOptions, handle: String, intentHost: IntentHost) -> String {
        let base: String
        switch self {
        case .x:
            return IntentURL.compose(compose, host: intentHost)
        case .bluesky:
            base = "https://\(Self.blueskyHost)/intent/compose"
        case .mastodon:
            base = "https://\(Self.mastodonParts(of: handle)?.server ?? Substring(handle))/share"
        }
        let text = Self.foldedText(compose)
        return text.isEmpty ? base : base + "?text=" + PercentEncoding.encode(text)
    }

    /// One text that says what `compose` does, for networks whose compose link takes only a text: the
    /// text, the url, then each hashtag with `#`, separated by spaces (`via`, `related` and
    /// `in_reply_to` are X's alone and are left out). A text that already ends in a space or a line
    /// break (the default `"@HANDLE "`) is not given a second one.
    package static func foldedText(_ compose: ComposeOptions) -> String {
        var folded = compose.text ?? ""
        var added: [String] = []
        if let url = compose.url, !url.isEmpty { added.append(url) }
        added += compose.hashtags.filter { !$0.isEmpty }.map { "#" + $0 }
        for part in added {
            if let last = folded.unicodeScalars.last, !(last == " " || last == "\n") { folded += " " }
            folded += part
        }
        return folded
    }

    /// How long the post that `compose` pre-fills is as the network counts it. X joins the text, the
    /// url (23, whatever its length, shortened with t.co), each hashtag as `#tag` and `via @handle`
    /// with spaces; the others count `foldedText`.
    package func composedLength(_ compose: ComposeOptions) -> Int {
        guard self == .x else { return postLength(of: Self.foldedText(compose)) }
        var weights: [Int] = []
        if let text = compose.text, !text.isEmpty { weights.append(PostLength.weight(of: text)) }
        if let url = compose.url, !url.isEmpty { weights.append(PostLength.urlWeight) }
        weights += compose.hashtags.filter { !$0.isEmpty }.map { 1 + PostLength.weight(of: $0) }
        if let via = compose.via, !via.isEmpty { weights.append(PostLength.weight(of: "via @" + via)) }
        return weights.reduce(0, +) + max(0, weights.count - 1)
    }
}
