import Foundation
import Testing

/// What the binary prints to a terminal: never a control character from a page or site.yml, never a
/// silently lost line.
@Suite struct TerminalOutputTests {
    static let hostile = "\u{1B}[2J\u{1B}]0;PWNED\u{07}\r"
    static let shown = "\\u{1B}[2J\\u{1B}]0;PWNED\\u{07}\\u{0D}"

    /// Whether `text` holds any control character besides the newline.
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    @Test("check shows an href holding ESC [2J ESC ]0;PWNED BEL CR escaped, on one line; JSON keeps its own escapes")
    func checkEscapesFindings() throws {
        let folder = try TemporaryFolder(files: [
            "site/index.html": "<a href=\"x\(Self.hostile)y.html\">a</a>\n<a href=\"https://x.com/intent/post?text=\(Self.hostile)\">b</a>\n",
        ])
        let result = try ProcessRunner.run(["check", "site"], in: folder.path)
        #expect(result.status == 1)
        #expect(!Self.hasControls(result.out), "raw control characters in: \(result.out.debugDescription)")
        #expect(result.out.contains("index.html:1:10: error: 'x\(Self.shown)y.html' points to"))
        #expect(result.out.split(separator: "\n").allSatisfy { $0.hasPrefix("index.html:") || $0.contains("in 1 of 1 file") })
        let json = try ProcessRunner.run(["check", "site", "--format", "json"], in: folder.path)
        #expect(json.out.contains("\"url\": \"x\\u001b[2J\\u001b]0;PWNED\\u0007\\ry.html\""))
    }

    @Test("a site.yml value echoed in an error message is shown escaped")
    func configValueEscaped() throws {
        let folder = try TemporarySite(["site.yml": "title: x\naccounts:\n  - handle: outputdd\n    theme: \"d\\e[2J\\e]0;PWNED\\a\\r\\u202Ex\"\n"])
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 2)
        #expect(!Self.hasControls(result.err) && !result.err.contains("\u{202E}"), "raw control characters in: \(result.err.debugDescription)")
        #expect(result.err.contains("site.yml:4:12: error: 'd\(Self.shown)\\u{202E}x' is not a valid theme"))
    }

    @Test("a build prints the findings of its check escaped")
    func buildEscapesFindings() throws {
        let folder = try TemporarySite(["site.yml": "title: x\naccounts:\n  - handle: outputdd\n",
                                        "templates/index.html": "<a href=\"x\(Self.hostile)y.html\">a</a>\n"])
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(!Self.hasControls(result.err), "raw control characters in: \(result.err.debugDescription)")
        #expect(result.err.contains("x\(Self.shown)y.html"))
    }

    @Test("a write to a full disk is reported on stderr and exits 2", arguments: [["--help"], ["check", "site", "--format", "json"]])
    func fullDisk(_ arguments: [String]) throws {
        let folder = try TemporaryFolder(files: ["site/index.html": "<p>hi</p>\n"])
        let process = Process()
        process.executableURL = ProcessRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(err == "error: cannot write to standard output: No space left on device\n")
    }
}
