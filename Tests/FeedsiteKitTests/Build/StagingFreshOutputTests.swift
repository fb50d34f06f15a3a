import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// Whether an output folder is staged (missing or empty) is told from its first entry when that is a file
/// or a folder, and from the full listing otherwise: both ways must agree.
@Suite struct StagingFreshOutputTests {
    @Test("an output folder is fresh exactly when the full listing finds nothing in it, whatever kind of entry it holds",
          arguments: ["nothing", "file", "hidden file", "folder", "link to a file", "link to a folder", "broken link", "fifo"])
    func agreesWithListing(entry: String) throws {
        let folder = try TemporaryFolder(files: ["elsewhere/file.txt": "x"])
        let output = folder.path + "/output"
        #expect(mkdir(output, 0o755) == 0)
        switch entry {
        case "file": #expect(FileManager.default.createFile(atPath: output + "/index.html", contents: Data("x".utf8)))
        case "hidden file": #expect(FileManager.default.createFile(atPath: output + "/.feedsite-manifest", contents: Data()))
        case "folder": #expect(mkdir(output + "/amy", 0o755) == 0)
        case "link to a file": #expect(symlink(folder.path + "/elsewhere/file.txt", output + "/linked") == 0)
        case "link to a folder": #expect(symlink(folder.path + "/elsewhere", output + "/linked") == 0)
        case "broken link": #expect(symlink(folder.path + "/missing", output + "/linked") == 0)
        case "fifo": #expect(mkfifo(output + "/pipe", 0o644) == 0)
        default: break
        }
        let listed = try FolderListing.entries(of: output)
        #expect(StagingFolder.isFreshOutput(output) == listed.isEmpty)
        if entry == "nothing" { #expect(StagingFolder.isFreshOutput(output)) }
        if ["file", "hidden file", "folder", "link to a file"].contains(entry) { #expect(!StagingFolder.isFreshOutput(output)) }
    }

    @Test("a missing output folder is fresh; a file where it should be is not")
    func missingOrFile() throws {
        let folder = try TemporaryFolder(files: ["output-file": "x"])
        #expect(StagingFolder.isFreshOutput(folder.path + "/output"))
        #expect(!StagingFolder.isFreshOutput(folder.path + "/output-file"))
    }
}
