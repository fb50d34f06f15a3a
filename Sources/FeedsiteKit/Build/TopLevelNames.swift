/// The names at the top of the output folder that a build writes for itself (`index.html`,
/// `feed.xml`, `latest`, `assets`, `_headers`, …), each with what writes it, taken from the build
/// plan. An account's folder is named after its handle, so a handle must not be one of them: a
/// Bluesky account `index.html` would need a folder where the index page is a file; nor may an extra
/// page's name (`templates/pages/assets.html` would go inside the assets). Names compare without
/// case, as handles do and as some file systems do.
struct TopLevelNames {
    /// What writes each name, by its lowercased form.
    private var writers: [String: String] = [:]
}

extension TopLevelNames {
    /// The names of `plan`'s pages and files but those at `excluded` (an account's, when accounts are
    /// checked; the extra pages too, when they are), and of the files every build writes beside the plan
    /// (`_headers`, the manifest).
    init(_ plan: BuildPlan, excluding excluded: Set<String>) {
        for page in plan.pages where !excluded.contains(page.path) {
            add(page.path, writer: Self.writer(of: page))
        }
        for file in plan.files where !excluded.contains(file.path) {
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
