/// A profile URL pasted where a handle goes (`https://x.com/jack`, `https://bsky.app/profile/alice.bsky.social`,
/// `https://mastodon.social/@alice`), read back into the network and handle it names.
struct PastedProfileURL: Equatable {
    let network: Network
    let handle: String
}

extension PastedProfileURL {
    /// The handle `text` names when it is an http(s) profile URL of X, Bluesky or a Mastodon server.
    init?(_ text: String) {
        let lower = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else { return nil }
        let rest = text.dropFirst(scheme.count).split(separator: "?", maxSplits: 1).first?.split(separator: "#").first ?? ""
        let parts = rest.split(separator: "/").map(String.init)
        guard parts.count >= 2 else { return nil }
        var host = parts[0].lowercased()
        for prefix in ["www.", "mobile."] where host.hasPrefix(prefix) { host.removeFirst(prefix.count) }
        if host == Network.blueskyHost, parts[1] == "profile", parts.count >= 3 {
            self.init(network: .bluesky, handle: parts[2])
        } else if ["x.com", "twitter.com"].contains(host) {
            self.init(network: .x, handle: parts[1].hasPrefix("@") ? String(parts[1].dropFirst()) : parts[1])
        } else if parts[1].hasPrefix("@"), parts[1].count > 1 {
            self.init(network: .mastodon, handle: parts[1].dropFirst() + "@" + host)
        } else {
            return nil
        }
    }
}
