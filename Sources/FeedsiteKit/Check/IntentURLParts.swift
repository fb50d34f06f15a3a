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

    /// Recognises an intent URL: optional http/https scheme, `//`, a known host, a path starting with `/intent/`.
    init?(_ url: String) {
        let trimmed = Self.trimASCIIWhitespace(url)
        var rest = Substring(trimmed)
        let head = trimmed.utf8.prefix(6).map { $0 | 0x20 }
        if head.elementsEqual("https:".utf8) {
            rest = rest.dropFirst(6)
        } else if head.prefix(5).elementsEqual("http:".utf8) {
            rest = rest.dropFirst(5)
        }
        guard rest.hasPrefix("//") else { return nil }
        rest = rest.dropFirst(2)
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard IntentURL.hosts.contains(rest[..<hostEnd].lowercased()) else { return nil }
        let path = rest[hostEnd...]
        guard path.hasPrefix("/intent/") else { return nil }
        let actionStart = path.index(path.startIndex, offsetBy: 8)
        let actionEnd = path[actionStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? path.endIndex
        let hash = trimmed.firstIndex(of: "#")
        let beforeHash = trimmed[..<(hash ?? trimmed.endIndex)]
        let question = beforeHash.firstIndex(of: "?")
        self.trimmed = trimmed
        self.base = String(beforeHash[..<(question ?? beforeHash.endIndex)])
        self.action = String(path[actionStart..<actionEnd])
        self.query = question.map { beforeHash[beforeHash.index(after: $0)...] } ?? ""
        self.fragment = hash.map { trimmed[trimmed.index(after: $0)...] }
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
