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
        var after = try site.snapshot("output")
        // The manifest is put back as it was, its lines in no particular order (see BuildManifest.bytes).
        let manifest = ".feedsite-manifest"
        let lines = { (data: Data?) in data.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").sorted() } }
        #expect(lines(after[manifest]) == lines(before[manifest]))
        after[manifest] = before[manifest]
        #expect(after == before)
        #expect(!site.list("output").contains { $0.contains(".feedsite-tmp") })
    }
}
