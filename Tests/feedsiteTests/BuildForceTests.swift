import Foundation
import FeedsiteTestSupport
import Testing

/// `build --force` overwrites files in the output folder that feedsite did not write, and says which:
/// the user's own files are lost, so never silently, and even with `-q`.
@Suite struct BuildForceTests {
    static let siteYAML = "title: Forced\naccounts:\n  - handle: outputdd\n"
    static let hint = "  hint: it is feedsite's now (in its manifest): keep files of your own in static/ (copied as they are) "
        + "or templates/pages/ (rendered as pages)\n"

    @Test("build --force names the file it overwrote that feedsite did not write, with -q too; the next build no longer warns",
          arguments: [["build", "--force"], ["build", "--force", "-q"]])
    func namesOverwrittenFile(command: [String]) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        try folder.write("output/index.html", "my own page")
        let result = try ProcessRunner.run(command, in: folder.path)
        #expect(result.status == 0)
        #expect(result.out.isEmpty)
        let warning = "output/index.html:1:1: warning: --force overwrote 1 file that feedsite did not write: index.html\n" + Self.hint
        if command.contains("-q") {
            #expect(result.err == warning)
        } else {
            #expect(result.err.hasPrefix(warning), "\(result.err)")
            #expect(result.err.contains("\nbuilt "), "\(result.err)")
        }
        #expect(folder.read("output/index.html")?.contains("<!DOCTYPE html>") == true)

        try folder.write("site.yml", Self.siteYAML.replacingOccurrences(of: "Forced", with: "Forced again"))
        let again = try ProcessRunner.run(["build", "--force"], in: folder.path)
        #expect(again.status == 0)
        #expect(!again.err.contains("warning"), "\(again.err)")
    }

    @Test("build --force lists the first ten files it overwrote and how many more, leaves out a file already identical, and --format json holds the warning")
    func listsAtMostTen() throws {
        var files = ["site.yml": Self.siteYAML, "static/same.txt": "same"]
        for number in 1...12 { files["static/f\(number < 10 ? "0" : "")\(number).txt"] = "generated \(number)" }
        let folder = try TemporarySite(files)
        for number in 1...12 { try folder.write("output/f\(number < 10 ? "0" : "")\(number).txt", "mine \(number)") }
        try folder.write("output/same.txt", "same")

        let result = try ProcessRunner.run(["build", "--force", "--format", "json"], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        let message = "--force overwrote 12 files that feedsite did not write: f01.txt, f02.txt, f03.txt, f04.txt, f05.txt, "
            + "f06.txt, f07.txt, f08.txt, f09.txt, f10.txt and 2 more"
        #expect(result.err.hasPrefix("output/f01.txt:1:1: warning: " + message + "\n  hint: they are feedsite's now"), "\(result.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["file"] as? String == "output/f01.txt")
        #expect(warnings.first?["line"] as? Int == 1)
        #expect(warnings.first?["column"] as? Int == 1)
        #expect(warnings.first?["severity"] as? String == "warning")
        #expect(warnings.first?["message"] as? String == message)
        #expect(folder.read("output/f12.txt") == "generated 12")
        #expect(folder.read("output/same.txt") == "same")
    }

    @Test("build without --force still refuses, naming the files, and overwrites nothing")
    func refusesWithoutForce() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML])
        try folder.write("output/index.html", "my own page")
        let result = try ProcessRunner.run(["build", "-q"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: output: 1 file that feedsite did not write would be overwritten: index.html\n"), "\(result.err)")
        #expect(folder.read("output/index.html") == "my own page")
    }
}
