import Foundation
import Testing

/// `feedsite build` on a disk that takes no more: the error names the file, and the output folder
/// stays exactly as the last build left it.
@Suite struct BuildDiskFullTests {
    @Test("a page the disk cannot take fails the build with its file and the system's reason; the old output stays byte for byte; exit 2")
    func fullDisk() throws {
        let site = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build", "-q"], in: site.path).status == 0)
        let before = try site.snapshot("output")
        // A home page of 200,000 characters, far above the file size limit set below; every other file stays far under it.
        let index = try #require(site.read("templates/index.html"))
        #expect(index.contains("{{/content}}"))
        try site.write("templates/index.html", index.replacingOccurrences(of: "{{/content}}", with: "<p>" + String(repeating: "x", count: 200_000) + "</p>{{/content}}"))
        // RLIMIT_FSIZE makes write(2) fail like a full disk does (EFBIG instead of ENOSPC), with no privileges
        // needed; SIGXFSZ is ignored so that the write fails instead of killing the process.
        let result = try ProcessRunner.run(["-c", "trap '' XFSZ; ulimit -f 64 && exec \"$0\" build", ProcessRunner.executable.path],
                                           executable: "/bin/sh", in: site.path)
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err == "error: \(site.path)/output/index.html: cannot be written: File too large\n", "\(result.err)")
        // The manifest too is put back byte for byte (found by scripts/disk-full: it came back in another order).
        #expect(try site.snapshot("output") == before)
        #expect(!site.list("output").contains { $0.contains(".feedsite-tmp") })
    }

    @Test("a manifest the disk cannot take fails the build naming the manifest, not its temporary file; the old output stays byte for byte; exit 2")
    func fullDiskAtTheManifest() throws {
        let site = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build", "-q"], in: site.path).status == 0)
        let before = try site.snapshot("output")
        let manifest = try #require(before[".feedsite-manifest"])
        #expect(manifest.count > 512, "the manifest must be larger than the file size limit below")
        // A changed template, so that the build is not skipped as up to date; the manifest is written first.
        let index = try #require(site.read("templates/index.html"))
        try site.write("templates/index.html", index + "\n")
        // 1 block of 512 bytes: the manifest cannot be written (see fullDisk for RLIMIT_FSIZE).
        let result = try ProcessRunner.run(["-c", "trap '' XFSZ; ulimit -f 1 && exec \"$0\" build", ProcessRunner.executable.path],
                                           executable: "/bin/sh", in: site.path)
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err == "error: \(site.path)/output/.feedsite-manifest: cannot be written: File too large\n", "\(result.err)")
        #expect(try site.snapshot("output") == before)
        #expect(!site.list("output").contains { $0.contains(".feedsite-tmp") })
    }

    @Test("a static file the disk cannot take (copied in chunks) fails the build naming its output file; the old output stays byte for byte; exit 2")
    func fullDiskAtAStaticFile() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n", "static/data.bin": String(repeating: "a", count: 200_000)])
        #expect(try ProcessRunner.run(["build", "-q"], in: site.path).status == 0)
        let before = try site.snapshot("output")
        // The same size, other bytes: only this file is written again, far above the limit (see fullDisk).
        try site.write("static/data.bin", String(repeating: "b", count: 200_000))
        let result = try ProcessRunner.run(["-c", "trap '' XFSZ; ulimit -f 64 && exec \"$0\" build", ProcessRunner.executable.path],
                                           executable: "/bin/sh", in: site.path)
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err == "error: \(site.path)/output/data.bin: cannot be written: File too large\n", "\(result.err)")
        #expect(try site.snapshot("output") == before)
        #expect(!site.list("output").contains { $0.contains(".feedsite-tmp") })
    }
}
