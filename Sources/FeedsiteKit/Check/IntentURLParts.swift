/// An intent URL split into the parts the rules look at.
struct IntentURLParts {
    /// The URL without leading and trailing ASCII white space.
    let trimmed: String
    /// Everything before the query: scheme, host and path, as written.
    let base: String
    /// The action: `tweet`, `post`, `follow`, …
    let action: String
    /// The query, between `?` and the first `#` (empty when there is none).
    let query: Substring
    /// What follows the first `#`, if any.
    let fragment: Substring?

    /// The network whose intent URL it is.
    let network: Network
    /// The host, in lower case.
    let host: String

    /// Recognises an intent URL: optional http/https scheme, `//`, then X's hosts or `bsky.app` and a path
    /// starting with `/intent/`, or one of `mastodonServers` and the path `/share`. Works on UTF-8 bytes:
    /// every delimiter is ASCII, so no character needs decoding.
    init?(_ url: String, mastodonServers: Set<String> = Network.wellKnownMastodonServers) {
        let trimmed = Self.trimASCIIWhitespace(url)
        let bytes = Array(trimmed.utf8)
        var index = 0
        // A browser drops a scheme's default port: `https://x.com:443/intent/tweet` is X's.
        var defaultPorts = [":443", ":80"]
        let head = bytes.prefix(6).map { $0 | 0x20 }
        if head.elementsEqual("https:".utf8) {
            index = 6
            defaultPorts = [":443"]
        } else if head.prefix(5).elementsEqual("http:".utf8) {
            index = 5
            defaultPorts = [":80"]
        }
        guard bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") else { return nil }
        index += 2
        let hostStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index += 1
        }
        var host = String(decoding: bytes[hostStart..<index].map(\.asciiLowercased), as: UTF8.self)
        if let port = defaultPorts.first(where: host.hasSuffix) { host.removeLast(port.count) }
        // A fully-qualified name is the same host to a browser: `x.com.` is `x.com`.
        if host.count > 1, host.hasSuffix(".") { host.removeLast() }
        self.host = host
        let actionStart: Int
        if bytes[index...].starts(with: "/intent/".utf8), IntentURL.hosts.contains(host) || host == Network.blueskyHost {
            network = IntentURL.hosts.contains(host) ? .x : .bluesky
            actionStart = index + 8
        } else if mastodonServers.contains(host), bytes[index...].starts(with: "/share".utf8), Self.endsPath(bytes, at: index + 6) {
            network = .mastodon
            actionStart = index + 1
        } else {
            return nil
        }
        var actionEnd = actionStart
        while actionEnd < bytes.count, bytes[actionEnd] != UInt8(ascii: "/"), bytes[actionEnd] != UInt8(ascii: "?"),
              bytes[actionEnd] != UInt8(ascii: "#") {
            actionEnd += 1
        }
        let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let question = bytes[..<hash].firstIndex(of: UInt8(ascii: "?"))
        self.trimmed = trimmed
        self.base = String(decoding: bytes[..<(question ?? hash)], as: UTF8.self)
        self.action = String(decoding: bytes[actionStart..<actionEnd], as: UTF8.self)
        self.query = question.map { Substring(String(decoding: bytes[($0 + 1)..<hash], as: UTF8.self)) } ?? ""
        self.fragment = hash < bytes.count ? Substring(String(decoding: bytes[(hash + 1)...], as: UTF8.self)) : nil
    }

    /// The parts of the URL as a browser reads it, which first drops every tab, line feed and carriage return.
    func withoutTabsAndLineBreaks() -> IntentURLParts {
        guard trimmed.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return self }
        return IntentURLParts(String(decoding: trimmed.utf8.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self),
                              mastodonServers: network == .mastodon ? [host] : []) ?? self
    }

    /// Whether the path ends at `index`, or after one more `/` (`/share/`, as `intent/tweet/` is read).
    static func endsPath(_ bytes: [UInt8], at index: Int) -> Bool {
        let ends = { (at: Int) in at == bytes.count || bytes[at] == UInt8(ascii: "?") || bytes[at] == UInt8(ascii: "#") }
        return ends(index) || (bytes[index] == UInt8(ascii: "/") && ends(index + 1))
    }

    static func trimASCIIWhitespace(_ text: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
        if let first = text.utf8.first, let last = text.utf8.last, !isSpace(first), !isSpace(last) { return text }
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
