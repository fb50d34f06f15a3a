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
        var bytes = Array(link.utf8)[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0C || first == 0x0D {
            bytes = bytes.dropFirst()
        }
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0C || last == 0x0D {
            bytes = bytes.dropLast()
        }
        if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { bytes = bytes[..<end] }
        if bytes.isEmpty { return page }
        let path = bytes.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(String(decoding: bytes, as: UTF8.self))[...] : bytes
        var components: [ArraySlice<UInt8>] = []
        if path.first != UInt8(ascii: "/") {
            let pageBytes = Array(page.utf8)
            components = pageBytes.split(separator: UInt8(ascii: "/"))
            components.removeLast()
        }
        for part in path.split(separator: UInt8(ascii: "/")) {
            if part.count == 1, part.first == UInt8(ascii: ".") { continue }
            if part.count == 2, part.first == UInt8(ascii: "."), part.last == UInt8(ascii: ".") {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(part)
            }
        }
        var target: [UInt8] = []
        for (index, component) in components.enumerated() {
            if index > 0 { target.append(UInt8(ascii: "/")) }
            target += component
        }
        if path.last == UInt8(ascii: "/") || target.isEmpty {
            if !target.isEmpty { target.append(UInt8(ascii: "/")) }
            target += "index.html".utf8
        }
        return String(decoding: target, as: UTF8.self)
    }

    /// Remembers resolved links whose target does not depend on the page's folder names: on pages
    /// at the site's root, and links that climb (`../`) at least as many folders as the page is deep.
    /// Every account page links to the same assets, so each such link is resolved once.
    struct Memo {
        private struct Key: Hashable {
            let depth: Int
            let link: String
        }

        private var targets: [Key: String?] = [:]

        /// `RelativeLink.target(of:from:)`, remembered when that is safe.
        mutating func target(of link: String, from page: String) -> String? {
            let depth = page.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
            guard depth == 0 || Self.leadingParentSteps(link) >= depth else { return RelativeLink.target(of: link, from: page) }
            let key = Key(depth: depth, link: link)
            if let known = targets[key] { return known }
            let target = RelativeLink.target(of: link, from: page)
            targets[key] = target
            return target
        }

        /// How many `../` the link starts with.
        static func leadingParentSteps(_ link: String) -> Int {
            var steps = 0
            var bytes = link.utf8[...]
            while bytes.starts(with: "../".utf8) {
                steps += 1
                bytes = bytes.dropFirst(3)
            }
            return steps
        }
    }
}
