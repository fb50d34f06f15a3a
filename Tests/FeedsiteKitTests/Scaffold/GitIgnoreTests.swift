import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The `.gitignore` feedsite init writes, as git reads it: what a build keeps or leaves beside the output folder is ignored.
@Suite struct GitIgnoreTests {
    /// The exit status of `git` run with `arguments` in `folder`.
    static func git(_ arguments: [String], in folder: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("the summary cache, the .new a build stopped while writing it leaves, and a stopped first build's staging folder are ignored",
          arguments: ["output", "public"])
    func buildLeftovers(_ output: String) throws {
        let site = try TemporaryFolder(files: [".gitignore": GitIgnore.fresh])
        #expect(try Self.git(["init", "-q"], in: site.path) == 0)
        // The staging folder as `StagingFolder` names it: `.<output name>.feedsite-staging-<random>`.
        let beside = [SummaryCache.path(forOutput: output), SummaryCache.newPath(forOutput: output)].map { String($0.dropFirst(2)) }
            + [".\(output).feedsite-staging-k3x9/index.html"]
        for path in beside {
            #expect(try Self.git(["check-ignore", "-q", path], in: site.path) == 0, "\(path) is ignored")
        }
        #expect(try Self.git(["check-ignore", "-q", "site.yml"], in: site.path) == 1)
    }
}
