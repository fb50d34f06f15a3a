/// The `.gitignore` lines a feedsite site needs, added to a user's own file without touching its lines.
package enum GitIgnore {
    /// The lines feedsite needs, each with why: the output folder, the lock `feedsite fetch`
    /// holds in the snapshots folder (`FetchLock`; without a slash the line matches it in any
    /// folder, so a `snapshots:` elsewhere is covered too), and the build's summary cache beside the
    /// output folder (`.output.feedsite-cache`, for any output folder's name) with what a stopped build leaves there
    /// (the cache's `.new`, a staging folder `.output.feedsite-staging-…`). The snapshots themselves are committed.
    static let required: [(line: String, why: String)] = [
        ("output/", "the output folder is built, not committed"),
        (".fetch.lock", "the lock of a running 'feedsite fetch' in the snapshots folder, never committed"),
        (".*.feedsite-*", "the build's summary cache beside the output folder and what a stopped build leaves there, made again when missing"),
    ]

    /// The lines feedsite needs, for messages: `output/, .fetch.lock and .*.feedsite-*`.
    package static var requiredLines: String {
        let lines = required.map(\.line)
        return lines.dropLast().joined(separator: ", ") + (lines.count > 1 ? " and " : "") + (lines.last ?? "")
    }

    /// The file `feedsite init` writes where there is none.
    static let fresh = "# feedsite writes the site here; build it again instead of committing it.\noutput/\n"
        + "# feedsite fetch holds this lock in the snapshots folder while it runs; commit the snapshots, not the lock.\n.fetch.lock\n"
        + "# feedsite build keeps a summary cache beside the output folder (.output.feedsite-cache) and a stopped build may leave\n"
        + "# its .new or a staging folder (.output.feedsite-staging-…) there; all are made again when missing.\n.*.feedsite-*\n"

    /// `existing` with every required line that it lacks appended (each after a comment saying why);
    /// nil when it already has them all. A line counts when it ignores the same path (`output`,
    /// `/output/` and the like).
    package static func merged(_ existing: String) -> String? {
        let present = Set(existing.split(whereSeparator: \.isNewline).map(normalized))
        let missing = required.filter { !present.contains(normalized($0.line)) }
        guard !missing.isEmpty else { return nil }
        var text = existing
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        return text + missing.map { "# added by feedsite init: \($0.why).\n\($0.line)\n" }.joined()
    }
}

private extension GitIgnore {
    /// `/output/`, `output` and `output/` ignore the same folder beside .gitignore.
    static func normalized(_ line: Substring) -> String {
        var text = line.trimmingSpaces
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    static func normalized(_ line: String) -> String {
        normalized(line[...])
    }
}
