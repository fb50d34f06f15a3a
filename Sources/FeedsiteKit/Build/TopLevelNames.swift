/// The names at the top of the output folder that a build writes for itself (`index.html`,
/// `feed.xml`, `latest`, `assets`, `_headers`, …), each with what writes it, taken from the build
/// plan. An account's folder is named after its handle, so a handle must not be one of them: a
/// Bluesky account `index.html` would need a folder where the index page is a file. Names compare
/// without case, as handles do and as some file systems do. Any other name that comes from the user
/// (a page or a static file of its own) can be checked against the same table.
struct TopLevelNames {
    /// What writes each name, by its lowercased form.
    private var writers: [String: String] = [:]
}

extension TopLevelNames {
    /// The names of `plan`'s pages and files that are not an account's, and of the files every build
    /// writes beside the plan (`_headers`, the manifest).
    init(_ plan: BuildPlan, accountPaths: Set<String>) {
        for page in plan.pages where !accountPaths.contains(page.path) {
            add(page.path, writer: Self.writer(of: page))
        }
        for file in plan.files where !accountPaths.contains(file.path) {
            add(file.path, writer: Self.writer(ofFile: file.path))
        }
        add(SiteHeaders.path, writer: "the headers file for the host")
        add(OutputWriter.manifestName, writer: "the build manifest")
    }

    /// What writes the top-level `name` of the output folder, or nil when the build writes nothing there.
    func writer(of name: String) -> String? {
        writers[name.lowercased()]
    }
}

private extension TopLevelNames {
    mutating func add(_ path: String, writer: String) {
        let name = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path
        if writers[name.lowercased()] == nil { writers[name.lowercased()] = writer }
    }

    static func writer(of page: PlannedPage) -> String {
        switch page.kind {
        case .index: "the index page"
        case .notFound: "the not-found page (templates/404.html)"
        case .river: "the river of every account's posts (templates/latest.html)"
        case .account: "an account's page"
        case .extra: "an extra page (templates/pages/)"
        }
    }

    static func writer(ofFile path: String) -> String {
        if path == AtomFeed.riverPath { return "the river's Atom feed" }
        if path == Sitemap.path { return "the sitemap" }
        if path.hasPrefix(PublishedMedia.folder + "/") { return "the media copies" }
        if path.hasPrefix("assets/") { return "the assets (templates/assets/)" }
        return "the build"
    }
}
