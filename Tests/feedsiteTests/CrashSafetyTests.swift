import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite build` killed with SIGKILL at random moments while it replaces one build with another.
@Suite struct CrashSafetyTests {
    /// Version A and version B differ in every page, and B drops and adds accounts.
    static func config(_ version: String) -> String {
        var yaml = "title: Version \(version)\naccounts:\n"
        let handles = version == "A" ? (0..<300).map { "u\($0)" } : (0..<250).map { "u\($0)" } + (0..<50).map { "v\($0)" }
        for handle in handles { yaml += "  - handle: \(handle)\n    name: \"\(version) \(handle)\"\n" }
        return yaml
    }

    /// Every file of the site's output folder except feedsite's own bookkeeping (the manifest and temporary files).
    static func output(of site: TemporarySite) throws -> [String: Data] {
        try site.snapshot().filter { !($0.key as NSString).lastPathComponent.hasPrefix(".feedsite-") }
    }

    /// Starts `feedsite build -q` in `folder`, its output discarded.
    static func startBuild(in folder: String) throws -> Process {
        try ProcessRunner.start(["build", "-q"], in: folder)
    }

    func site(_ version: String) throws -> TemporarySite {
        try TemporarySite(["site.yml": Self.config(version)])
    }

    @Test("after 60 kills every file is byte-identical to the old or the new build, and the next build is exactly the new one")
    func killedBuilds() throws {
        let reference = (a: try site("A"), b: try site("B"))
        #expect(try ProcessRunner.run(["build", "-q"], in: reference.a.path).status == 0)
        #expect(try ProcessRunner.run(["build", "-q"], in: reference.b.path).status == 0)
        let old = try Self.output(of: reference.a)
        let new = try Self.output(of: reference.b)
        #expect(old.count > 300 && new.count > 300)

        let work = try site("A")
        let start = Date()
        #expect(try ProcessRunner.run(["build", "-q"], in: work.path).status == 0)
        let duration = Date().timeIntervalSince(start)
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        for round in 0..<60 {
            // Alternate the target so that every round replaces one build with the other.
            try work.write("site.yml", Self.config(round % 2 == 0 ? "B" : "A"))
            let process = try Self.startBuild(in: work.path)
            usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &generator) * 1_000_000))
            if process.isRunning { killedMidway += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for (path, bytes) in try Self.output(of: work) {
                let matches = old[path] == bytes || new[path] == bytes
                #expect(matches, "round \(round): \(path) is neither the old nor the new file (\(bytes.count) bytes)")
                if !matches { return }
            }
        }
        print("crash safety: \(killedMidway) of 60 kills landed while the build ran")
        #expect(killedMidway >= 15, "most kills should land while the build runs (\(killedMidway) of 60 did)")

        try work.write("site.yml", Self.config("B"))
        #expect(try ProcessRunner.run(["build", "-q"], in: work.path).status == 0)
        #expect(try Self.output(of: work) == new)
        let leftovers = work.list("output").filter { ($0 as NSString).lastPathComponent.hasPrefix(".feedsite-tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("a first build killed at a random moment leaves no output folder or a complete one, and the next build cleans up")
    func killedFirstBuilds() throws {
        let reference = try site("A")
        #expect(try ProcessRunner.run(["build", "-q"], in: reference.path).status == 0)
        let complete = try Self.output(of: reference)
        let timing = try site("A")
        let start = Date()
        #expect(try ProcessRunner.run(["build", "-q"], in: timing.path).status == 0)
        let duration = Date().timeIntervalSince(start)

        let work = try site("A")
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        for round in 0..<30 {
            if work.exists("output") {
                try FileManager.default.moveItem(atPath: work.path + "/output", toPath: work.path + "/done-\(round)")
            }
            let process = try Self.startBuild(in: work.path)
            // Odd rounds wait until the build is writing its staging folder, so that most kills land there.
            if round % 2 == 1 {
                let deadline = Date().addingTimeInterval(duration * 3)
                while process.isRunning, Date() < deadline,
                      !(try FileManager.default.contentsOfDirectory(atPath: work.path)).contains(where: { $0.contains(".feedsite-staging-") }) {
                    usleep(500)
                }
            }
            usleep(UInt32(Double.random(in: 0...(duration * (round % 2 == 1 ? 0.5 : 1.2)), using: &generator) * 1_000_000))
            if process.isRunning { killedMidway += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if work.exists("output") {
                #expect(try Self.output(of: work) == complete, "round \(round): the output folder is incomplete")
            }
        }
        print("crash safety (first builds): \(killedMidway) of 30 kills landed while the build ran")
        #expect(killedMidway >= 8, "most kills should land while the build runs (\(killedMidway) of 30 did)")

        if work.exists("output") {
            try FileManager.default.moveItem(atPath: work.path + "/output", toPath: work.path + "/done-last")
        }
        #expect(try ProcessRunner.run(["build", "-q"], in: work.path).status == 0)
        #expect(try Self.output(of: work) == complete)
        let staging = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains(".feedsite-staging-") }
        #expect(staging.isEmpty, "left beside the output folder: \(staging.map { ($0, FileManager.default.enumerator(atPath: work.path + "/" + $0)?.allObjects ?? []) })")
    }
}
