/// A profile URL pasted where a handle goes (`https://x.com/jack`, `x.com/jack`, `https://bsky.app/profile/alice.bsky.social`,
/// `https://mastodon.social/@alice`, `https://mastodon.social/@bob@other.example`), read back into the network and
/// handle it names. An X URL that is no profile (`https://x.com/home`, `/intent/tweet`, `/i/status/1`) names no handle.
struct PastedProfileURL: Equatable {
    let network: Network
    /// The handle; nil for a page of X that is not a profile.
    let handle: String?
}

extension PastedProfileURL {
    /// X's own pages at the top of its paths: `x.com/home` is no account.
    static let xPages: Set<String> = [
        "home", "intent", "i", "explore", "search", "settings", "notifications", "messages", "compose", "share", "hashtag",
        "login", "logout", "signup", "tos", "privacy", "who_to_follow",
    ]

    /// The handle `text` names when it is a profile URL of X, Bluesky or a Mastodon server, with http(s)
    /// or, for a host with a dot, without a scheme.
    init?(_ text: String) {
        let lower = text.lowercased()
        let scheme = ["https://", "http://"].first(where: lower.hasPrefix) ?? ""
        let rest = text.dropFirst(scheme.count).split(separator: "?", maxSplits: 1).first?.split(separator: "#").first ?? ""
        let parts = rest.split(separator: "/").map(String.init)
        guard parts.count >= 2 else { return nil }
        // A port does not change whose profile it is: `mastodon.social:443/@alice`.
        var host = String(parts[0].lowercased().prefix { $0 != ":" })
        guard !scheme.isEmpty || (host.contains(".") && !host.contains("@")) else { return nil }
        if host.count > 1, host.hasSuffix(".") { host.removeLast() }
        for prefix in ["www.", "mobile."] where host.hasPrefix(prefix) { host.removeFirst(prefix.count) }
        if host == Network.blueskyHost, parts[1] == "profile", parts.count >= 3 {
            self.init(network: .bluesky, handle: parts[2])
        } else if ["x.com", "twitter.com"].contains(host) {
            let name = parts[1].hasPrefix("@") ? String(parts[1].dropFirst()) : parts[1]
            self.init(network: .x, handle: Self.xPages.contains(name.lowercased()) ? nil : name)
        } else if parts[1].hasPrefix("@"), parts[1].count > 1 {
            // A remote profile (`/@bob@other.example`) names its own server.
            let user = parts[1].dropFirst()
            self.init(network: .mastodon, handle: user.contains("@") ? String(user) : user + "@" + host)
        } else {
            return nil
        }
    }
}
