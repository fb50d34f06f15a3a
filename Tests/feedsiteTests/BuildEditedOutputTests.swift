import Foundation
import FeedsiteTestSupport
import Testing

/// A file feedsite wrote that someone edited in the output folder afterwards: the next build writes
/// the generated file again (the output is feedsite's), but never silently.
@Suite struct BuildEditedOutputTests {
    static let siteYAML = "title: Edited\naccounts:\n  - handle: outputdd\n"
    static let hint = "  hint: the output folder is rewritten by every build: hand-made files belong in static/ (copied as they are) "
        + "or templates/pages/ (rendered as pages)\n"

    /// Appends `text` to the file at `name` of `folder` in place: same inode, another size and time.
    static func append(_ text: String, to name: String, in folder: TemporaryFolder) throws {
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/" + name))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    @Test("a build replacing an output file edited since feedsite wrote it warns naming it, is not skipped, and puts the generated file back")
    func replacedEdit() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        let generated = try #require(folder.read("output/index.html"))
        try Self.append("<p>added by hand</p>\n", to: "output/index.html", in: folder)

        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("output/index.html:1:1: warning: this file was changed since feedsite wrote it; "
                                     + "the build replaces it with the generated one\n" + Self.hint), "\(result.err)")
        // Not the up-to-date answer (0 written): the edited file was found and written again.
        #expect(result.err.contains(" ms (1 written, "), "\(result.err)")
        #expect(folder.read("output/index.html") == generated)

        let again = try ProcessRunner.run(["build"], in: folder.path)
        #expect(again.err.hasPrefix("built "), "\(again.err)")
        #expect(again.err.contains(" ms (0 written, "))
    }

    @Test("a build that no longer makes an output file someone edited keeps it, says so (even with -q), and never removes it later",
          arguments: [["build"], ["build", "-q"]])
    func keptEdit(command: [String]) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": "about", "static/notes.txt": "notes"])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try Self.append(" and more", to: "output/about/index.html", in: folder)
        try Self.append(" of mine", to: "output/notes.txt", in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/templates/pages/about.html")
        try FileManager.default.removeItem(atPath: folder.path + "/static/notes.txt")

        let result = try ProcessRunner.run(command, in: folder.path)
        #expect(result.status == 0)
        let kept = "this file was changed since feedsite wrote it, and the build no longer makes it: it is kept (it is yours now), "
            + "and feedsite will not touch it again\n  hint: remove it yourself if it should go; hand-made files belong in static/ "
            + "(copied as they are) or templates/pages/ (rendered as pages)\n"
        #expect(result.err.hasPrefix("output/about/index.html:1:1: warning: " + kept + "output/notes.txt:1:1: warning: " + kept), "\(result.err)")
        #expect(folder.read("output/about/index.html") == "about and more")
        #expect(folder.read("output/notes.txt") == "notes of mine")
        if command.contains("-q") { #expect(!result.err.contains("built ")) } else { #expect(result.err.contains(" 0 removed); ")) }

        // The kept files are the user's now: no later build or clean removes them, or warns about them again.
        let again = try ProcessRunner.run(["build"], in: folder.path)
        #expect(!again.err.contains("warning"), "\(again.err)")
        #expect(try ProcessRunner.run(["clean"], in: folder.path).status == 0)
        #expect(folder.read("output/notes.txt") == "notes of mine")
    }

    @Test("build --format json counts the edited-file warnings in totals.warnings, as many as the warnings array holds")
    func jsonTotals() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "static/notes.txt": "notes"])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        try Self.append("x", to: "output/index.html", in: folder)
        try Self.append("x", to: "output/notes.txt", in: folder)
        try FileManager.default.removeItem(atPath: folder.path + "/static/notes.txt")
        let result = try ProcessRunner.run(["build", "-q", "--format", "json"], in: folder.path)
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(warnings.count == 2)
        #expect((document["totals"] as? [String: Any])?["warnings"] as? Int == warnings.count + findings.count)
        #expect(result.err.components(separatedBy: ": warning: ").count == 3, "\(result.err)")
    }

    @Test("rebuilds that leave the output untouched, or rewrite it because an input changed, print no such warning")
    func noWarningWithoutEdit() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "templates/pages/about.html": "about"])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        let untouched = try ProcessRunner.run(["build"], in: folder.path)
        #expect(untouched.err.hasPrefix("built "), "\(untouched.err)")
        #expect(!untouched.err.contains("warning"))

        try folder.write("templates/pages/about.html", "about, rewritten")
        try folder.write("templates/index.html", (folder.read("templates/index.html") ?? "") + "\n")
        try FileManager.default.removeItem(atPath: folder.path + "/templates/404.html")
        let rewritten = try ProcessRunner.run(["build"], in: folder.path)
        #expect(rewritten.status == 0)
        #expect(rewritten.err.hasPrefix("built "), "\(rewritten.err)")
        #expect(!rewritten.err.contains(" ms (0 written, "), "\(rewritten.err)")
        #expect(rewritten.err.contains(" 1 removed); "), "\(rewritten.err)")
        #expect(folder.read("output/about/index.html") == "about, rewritten")
    }

    @Test("build --format json lists the warning in the document's warnings; the path's control characters are escaped on the terminal")
    func jsonAndEscapes() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        let output = "out\u{1B}[31m"
        #expect(try ProcessRunner.run(["build", "-q", "--output", output], in: folder.path).status == 0)
        try Self.append("x", to: output + "/index.html", in: folder)

        let result = try ProcessRunner.run(["build", "--format", "json", "--output", output], in: folder.path)
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["file"] as? String == output + "/index.html")
        #expect(warnings.first?["line"] as? Int == 1)
        #expect(warnings.first?["severity"] as? String == "warning")
        #expect(warnings.first?["message"] as? String == "this file was changed since feedsite wrote it; the build replaces it with the generated one")
        #expect(result.err.hasPrefix("out\\u{1B}[31m/index.html:1:1: warning: this file was changed since feedsite wrote it"), "\(result.err)")
        #expect(!result.err.contains("\u{1B}"))

        let clean = try ProcessRunner.run(["build", "--format", "json", "--output", output], in: folder.path)
        let quiet = try #require(try JSONSerialization.jsonObject(with: Data(clean.out.utf8)) as? [String: Any])
        #expect((quiet["warnings"] as? [Any])?.isEmpty == true)
    }
}
