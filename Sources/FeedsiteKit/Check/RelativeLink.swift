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

    /// What a page's `<base href>` makes of its relative links.
    enum Base: Equatable {
        /// They resolve as if the page stood at this path (relative to the checked folder).
        case document(String)
        /// The base is an absolute URL: the links point at another site, not at files of the folder.
        case external
        /// The base leaves the checked folder, and so does every link relative to it.
        case outside
    }

    /// What `href`, the first `<base href>` of page `page`, makes of the page's relative links.
    static func base(_ href: String, page: String) -> Base {
        let trimmed = href.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
        guard let first = trimmed.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "?") else { return .document(page) }
        guard isRelative(trimmed) else { return .external }
        return target(of: href, from: page).map(Base.document) ?? .outside
    }

    /// The path, relative to the checked folder, that `link` on page `page` points at; nil when it leaves the folder.
    static func target(of link: String, from page: String) -> String? {
        simpleTarget(of: link, from: page) ?? resolvedTarget(of: link, from: page)
    }

    /// The target of a link made only of plain path segments (no `.` or `..`, no empty segment, nothing
    /// to decode, trim or cut off), found by joining it to the page's folder: the index page links to
    /// every account page this way. Nil for any other link.
    static func simpleTarget(of link: String, from page: String) -> String? {
        var previous = UInt8(ascii: "/")
        var dots = 0
        for byte in link.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                dots = -1
            case UInt8(ascii: "."):
                // Count the dots of a segment that is only dots so far.
                if previous == UInt8(ascii: "/") { dots = 1 } else if dots > 0 { dots += 1 }
            case UInt8(ascii: "/"):
                // An empty, '.' or '..' segment (or a leading '/') needs the full resolution.
                if previous == UInt8(ascii: "/") || dots == 1 || dots == 2 { return nil }
                dots = 0
            default:
                return nil
            }
            previous = byte
        }
        guard !link.isEmpty, dots != 1, dots != 2 else { return nil }
        // The page's folder, when the page's own path is plain too (no leading '/', no empty segment).
        var lastSlash: Int?
        var before: UInt8 = UInt8(ascii: "/")
        var offset = 0
        for byte in page.utf8 {
            if byte == UInt8(ascii: "/") {
                if before == UInt8(ascii: "/") { return nil }
                lastSlash = offset
            }
            before = byte
            offset += 1
        }
        let folder = lastSlash.map { String(decoding: page.utf8.prefix($0 + 1), as: UTF8.self) } ?? ""
        return folder + link + (previous == UInt8(ascii: "/") ? "index.html" : "")
    }

    /// `target(of:from:)` step by step: trim, cut off query and fragment, percent-decode, then walk the segments.
    static func resolvedTarget(of link: String, from page: String) -> String? {
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

        private var resolutions: [Key: (target: String?, exists: Bool)] = [:]

        /// The link's target, and whether `files` holds it (as itself, as `<target>/index.html` or as
        /// `<target>.html`), remembered when that is safe; `files` must be the same on every call.
        mutating func resolve(_ link: String, from page: String, in files: Set<String>) -> (target: String?, exists: Bool) {
            let key = Self.key(link, page)
            if let key, let known = resolutions[key] { return known }
            let target = RelativeLink.target(of: link, from: page)
            let exists = target.map { files.contains($0) || files.contains($0 + "/index.html") || files.contains($0 + ".html") } ?? false
            if let key { resolutions[key] = (target, exists) }
            return (target, exists)
        }

        /// The memo key, or nil when the target may depend on the names of the page's folders.
        private static func key(_ link: String, _ page: String) -> Key? {
            var depth = 0
            for byte in page.utf8 where byte == UInt8(ascii: "/") { depth += 1 }
            guard depth == 0 || leadingParentSteps(link) >= depth else { return nil }
            return Key(depth: depth, link: link)
        }

        /// How many `../` the link starts with.
        static func leadingParentSteps(_ link: String) -> Int {
            var steps = 0
            var bytes = link.utf8.makeIterator()
            while bytes.next() == UInt8(ascii: "."), bytes.next() == UInt8(ascii: "."), bytes.next() == UInt8(ascii: "/") { steps += 1 }
            return steps
        }
    }
}
