import FeedsiteTestSupport
@testable import FeedsiteKit

/// Sites with snapshots for the river and feed tests: snapshot files written as `feedsite fetch` would.
enum RiverFixture {
    /// One post of a snapshot file; `extra` is raw JSON members added after the others.
    static func post(_ id: String, _ text: String, published: String?, url: String? = nil, extra: String = "") -> String {
        var members = ["\"id\": \(json(id))", "\"text\": \(json(text))"]
        if !extra.contains("\"media\"") { members.append("\"media\": []") }
        if let published { members.append("\"published\": \(json(published))") }
        if let url { members.append("\"url\": \(json(url))") }
        if !extra.isEmpty { members.append(extra) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A snapshot file for `handle` with `posts` (JSON objects from `post`).
    static func snapshot(_ handle: String, _ posts: [String], changedAt: String = "2026-11-30T09:00:00Z") -> String {
        """
        {"format": 1, "handle": \(json(handle)),
         "fetch": {"source": "feeds/\(handle).xml", "fetched_at": "2026-11-30T10:00:00Z", "changed_at": \(json(changedAt))},
         "posts": [\(posts.joined(separator: ",\n  "))]}
        """
    }

    /// site.yml with `accounts` (each with a feed) and `extra` top-level lines.
    static func siteYAML(_ handles: [String], extra: String = "") -> String {
        "title: River\n" + extra + "accounts:\n" + handles.map { "  - handle: \($0)\n    feed: feeds/\($0).xml\n" }.joined()
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        JSONString.quoted(text)
    }

    /// Three accounts: jack with three posts, ana with three (one undated), zed never fetched; `order` is their river.
    static func threeAccounts(extra: String = "") -> [String: String] {
        [
            "site.yml": siteYAML(["jack", "ana", "zed"], extra: extra),
            "snapshots/jack.json": snapshot("jack", [
                post("j1", "Jack one", published: "2026-11-01T10:00:00Z", url: "https://example.com/j1"),
                post("j2", "Jack two", published: "2026-11-10T10:00:00Z", url: "https://example.com/j2"),
                post("j3", "Jack three", published: "2026-11-20T10:00:00Z", url: "https://example.com/j3"),
            ]),
            "snapshots/ana.json": snapshot("ana", [
                post("a2", "Ana two", published: "2026-11-15T10:00:00Z"),
                post("a1", "Ana one", published: "2026-11-05T10:00:00Z"),
                post("a0", "Ana undated", published: nil),
            ]),
        ]
    }

    /// The river's order of `threeAccounts`.
    static let order = ["Jack three", "Ana two", "Jack two", "Ana one", "Jack one", "Ana undated"]
}
