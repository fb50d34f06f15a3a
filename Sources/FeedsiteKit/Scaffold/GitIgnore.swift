/// The `.gitignore` lines a feedsite site needs, added to a user's own file without touching its lines.
package enum GitIgnore {
    /// The lines feedsite needs: the output folder stays out of git.
    static let requiredLines = ["output/"]

    /// The file `feedsite init` writes where there is none.
    static let fresh = "# feedsite writes the site here; build it again instead of committing it.\n"
        + requiredLines.joined(separator: "\n") + "\n"

    /// `existing` with every required line that it lacks appended (after a comment saying why); nil
    /// when it already has them all. A line counts when it ignores the same folder (`output`,
    /// `/output/` and the like).
    package static func merged(_ existing: String) -> String? {
        let present = Set(existing.split(whereSeparator: \.isNewline).map(normalized))
        let missing = requiredLines.filter { !present.contains(normalized($0)) }
        guard !missing.isEmpty else { return nil }
        var text = existing
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        return text + "# added by feedsite init: the output folder is built, not committed.\n" + missing.joined(separator: "\n") + "\n"
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
