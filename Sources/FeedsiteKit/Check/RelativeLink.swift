/// Relative links inside a checked folder: which values are relative, and which file they point at.
enum RelativeLink {
    /// Whether a link value is relative to the page or the site root (no scheme, not `//host`, not only a fragment).
    static func isRelative(_ value: some Collection<UInt8>) -> Bool {
        var bytes = value.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "#") || first == UInt8(ascii: "?") { return false }
        if first == UInt8(ascii: "/"), bytes.dropFirst().first == UInt8(ascii: "/") { return false }
        // A scheme: a letter, then letters, digits, '+', '-', '.', then ':' before any '/', '?' or '#'.
        if first.isASCIIAlpha {
            bytes = bytes.dropFirst()
            while let byte = bytes.first, byte.isASCIIAlphanumeric || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
            }
            if bytes.first == UInt8(ascii: ":") { return false }
        }
        return true
    }

    /// The path, relative to the checked folder, that `link` on page `page` points at; nil when it leaves the folder.
    static func target(of link: String, from page: String) -> String? {
        var path = Substring(IntentURLParts.trimASCIIWhitespace(link))
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let decoded = String(decoding: PercentEncoding.decode(path), as: UTF8.self)
        var components: [Substring]
        if decoded.hasPrefix("/") {
            components = []
        } else {
            components = page.split(separator: "/")
            components.removeLast()
        }
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(part)
            }
        }
        var target = components.joined(separator: "/")
        if decoded.isEmpty { return page }
        if decoded.hasSuffix("/") || target.isEmpty { target += target.isEmpty ? "index.html" : "/index.html" }
        return target
    }
}
