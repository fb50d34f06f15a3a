/// The site's icon, when `templates/assets/` has one: the layout links it (`page.favicon`).
struct Favicon: Sendable, Equatable {
    /// Its path in the output, `assets/favicon.svg`.
    let path: String
    /// Its media type, for `<link rel="icon" type>`.
    let mediaType: String
}

extension Favicon {
    /// The names looked for in `templates/assets/`, the first found winning: SVG scales to every
    /// size; `favicon.ico` is what old browsers ask for; `icon.png` is the common PNG name.
    static let candidates = [("favicon.svg", "image/svg+xml"), ("favicon.ico", "image/x-icon"), ("icon.png", "image/png")]

    /// The first of `candidates` among the paths the build writes, if any.
    static func find(among paths: some Sequence<String>) -> Favicon? {
        let present = Set(paths)
        return candidates.lazy.map { Favicon(path: "assets/" + $0.0, mediaType: $0.1) }.first { present.contains($0.path) }
    }
}
