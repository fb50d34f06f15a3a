/// The site's icon, when `templates/assets/` has one, or else `static/` at its top (`static/favicon.ico`
/// is published as `favicon.ico`): the layout links it (`page.favicon`), relative to each page, so it is
/// found under a sub-path too. The two never name the same output file (assets go to `assets/`).
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

    /// Where `candidates` are looked for in the output, in order: what `templates/assets/` publishes, then
    /// the top of what `static/` does.
    static let folders = ["assets/", ""]

    /// The first of `candidates` among the paths the build writes, in `folders`' order, if any.
    static func find(among paths: some Sequence<String>) -> Favicon? {
        find(among: Set(paths))
    }

    /// The same, among a set of paths (the plan's 20,000 at 10,000 accounts, not copied into another set: callgrind,
    /// Benchmarks/one_change.py 10000, with the share images' check taking the same set, renderAndCheck 156.1 M -> 148.1 M).
    static func find(among present: Set<String>) -> Favicon? {
        folders.lazy.flatMap { folder in candidates.lazy.map { Favicon(path: folder + $0.0, mediaType: $0.1) } }
            .first { present.contains($0.path) }
    }
}
