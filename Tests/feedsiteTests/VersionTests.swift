import Foundation
import Testing
@testable import feedsite

/// `feedsite --version` names the commit: scripts/stamp-commit writes it into an ignored C file,
/// and without that file (a fresh clone, a tarball without .git) a weak definition says "unknown".
@Suite struct VersionTests {
    /// A copy of scripts/stamp-commit and Sources/CBuildInfo in a folder of its own.
    static func copy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for file in ["scripts/stamp-commit", "Sources/CBuildInfo/BuildInfo.c", "Sources/CBuildInfo/include/CBuildInfo.h"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: RepositoryPaths.root + "/" + file, toPath: folder.path + "/" + file)
        }
        return folder
    }

    /// Compiles the C target's files with a `main` that prints the commit, and runs it.
    static func commitOfBuild(in folder: TemporaryFolder) throws -> String {
        try folder.write("main.c", "#include <stdio.h>\n#include \"CBuildInfo.h\"\nint main(void) { puts(feedsite_build_commit()); return 0; }\n")
        let sources = ["main.c", "Sources/CBuildInfo/BuildInfo.c"] + (folder.exists("Sources/CBuildInfo/BuildCommit.c") ? ["Sources/CBuildInfo/BuildCommit.c"] : [])
        let compiled = try ProcessRunner.run(["-I", "Sources/CBuildInfo/include", "-o", "version"] + sources, executable: "/usr/bin/cc", in: folder.path)
        #expect(compiled.status == 0, "\(compiled.err)")
        return try ProcessRunner.run([], executable: folder.path + "/version").out.trimmingCharacters(in: .newlines)
    }

    /// Runs the copied scripts/stamp-commit through bash, not by executing the file: a file this process has just
    /// written can still be open for writing in a child another test spawns at that moment, and executing it then
    /// fails with ETXTBSY ("Text file busy"), which made this suite fail now and then in a full run.
    static func stampCommit(in folder: TemporaryFolder) throws -> ProcessRunner.Result {
        try ProcessRunner.run([folder.path + "/scripts/stamp-commit"], executable: "/bin/bash", in: folder.path)
    }

    static func git(_ arguments: [String], in folder: TemporaryFolder) throws {
        let result = try ProcessRunner.run(["-c", "user.name=t", "-c", "user.email=t@example.invalid"] + arguments, executable: "/usr/bin/git", in: folder.path)
        #expect(result.status == 0, "git \(arguments): \(result.err)")
    }

    @Test("without .git (a tarball) stamp-commit writes nothing and the build says 'unknown'")
    func withoutGit() throws {
        let folder = try Self.copy()
        let stamped = try Self.stampCommit(in: folder)
        #expect(stamped.status == 0, "\(stamped.err)")
        #expect(!folder.exists("Sources/CBuildInfo/BuildCommit.c"))
        #expect(try Self.commitOfBuild(in: folder) == "unknown")
    }

    @Test("in a clone, stamp-commit records HEAD (marked -dirty with changes) and the build says it, replacing 'unknown'")
    func inClone() throws {
        let folder = try Self.copy()
        try Self.git(["init", "-q", "."], in: folder)
        try folder.write(".gitignore", "/Sources/CBuildInfo/BuildCommit.c\n/version\n/main.c\n")
        try Self.git(["add", "-A"], in: folder)
        try Self.git(["commit", "-qm", "first"], in: folder)
        let head = try ProcessRunner.run(["rev-parse", "HEAD"], executable: "/usr/bin/git", in: folder.path).out.trimmingCharacters(in: .newlines)
        _ = try Self.stampCommit(in: folder)
        #expect(try Self.commitOfBuild(in: folder) == head)
        let stamp = try FileManager.default.attributesOfItem(atPath: folder.path + "/Sources/CBuildInfo/BuildCommit.c")[.modificationDate] as? Date
        _ = try Self.stampCommit(in: folder)
        let again = try FileManager.default.attributesOfItem(atPath: folder.path + "/Sources/CBuildInfo/BuildCommit.c")[.modificationDate] as? Date
        #expect(stamp == again, "an unchanged commit leaves the file alone, so nothing is rebuilt")
        try folder.write("scripts/stamp-commit", (folder.read("scripts/stamp-commit") ?? "") + "\n")
        _ = try Self.stampCommit(in: folder)
        #expect(try Self.commitOfBuild(in: folder) == head + "-dirty")
    }

    @Test("the binary prints the commit of its stamp, or 'unknown' without one")
    func binary() throws {
        let result = try ProcessRunner.run(["--version"])
        let stamp = try? String(contentsOfFile: RepositoryPaths.root + "/Sources/CBuildInfo/BuildCommit.c", encoding: .utf8)
        let commit = stamp.flatMap { $0.firstMatch(of: /return "([0-9a-f]{40}(?:-dirty)?)";/).map { String($0.1) } } ?? "unknown"
        #expect(result.out == "feedsite 0.1.0 (commit \(commit))\n")
        #expect(BuildInfo.commit == commit)
    }
}
