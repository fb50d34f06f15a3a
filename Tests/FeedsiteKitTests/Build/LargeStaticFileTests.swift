import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// A static file far larger than a copy's chunk (a video, an archive) is copied and compared in chunks;
/// every guarantee of a small one holds: byte for byte, not written again when unchanged.
@Suite struct LargeStaticFileTests {
    static let siteYAML = "title: T\naccounts:\n  - handle: jack\n"
    static let size = 64 << 20

    /// Bytes written at `offset`s of the large file over its holes: at its start, across the boundary
    /// of two chunks, in the middle and at its very end.
    static let marks: [(offset: Int, bytes: [UInt8])] = [
        (0, Array("start".utf8)), ((1 << 20) - 3, Array("boundary".utf8)), (size / 2 + 1, Array("middle".utf8)),
        (size - 3, Array("end".utf8)),
    ]

    /// Makes a file of `size` bytes, mostly holes (quick to write, whatever the disk), with `marks`.
    static func makeLarge(at path: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
        for mark in marks {
            try handle.seek(toOffset: UInt64(mark.offset))
            try handle.write(contentsOf: Data(mark.bytes))
        }
    }

    /// Whether the two files hold the same bytes, read a megabyte at a time (this test keeps neither whole).
    static func sameBytes(_ first: String, _ second: String) throws -> Bool {
        let one = try #require(FileHandle(forReadingAtPath: first))
        let other = try #require(FileHandle(forReadingAtPath: second))
        defer {
            try? one.close()
            try? other.close()
        }
        while true {
            let left = try one.read(upToCount: 1 << 20) ?? Data()
            let right = try other.read(upToCount: 1 << 20) ?? Data()
            guard left == right else { return false }
            if left.isEmpty { return true }
        }
    }

    static func inode(_ path: String) -> UInt64 {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    @Test("a 64 MB static file is copied byte for byte, left alone when unchanged, and written again when one byte changes")
    func largeFile() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/robots.txt": "User-agent: *\n"])
        let source = site.path + "/static/video.bin"
        let copy = site.path + "/output/video.bin"
        try Self.makeLarge(at: source)
        let first = try site.build()
        #expect(first.writtenPaths.contains("video.bin"))
        #expect(try Self.sameBytes(source, copy))
        let written = Self.inode(copy)

        // Another input changed, so the build runs and compares the copy with its source.
        try site.write("templates/index.html", (site.read("templates/index.html") ?? "") + "\n")
        let second = try site.build()
        #expect(!second.upToDate)
        #expect(!second.writtenPaths.contains("video.bin"))
        #expect(Self.inode(copy) == written)

        let handle = try #require(FileHandle(forWritingAtPath: source))
        try handle.seek(toOffset: UInt64(Self.size - 2))
        try handle.write(contentsOf: Data("X".utf8))
        try handle.close()
        let third = try site.build()
        #expect(third.writtenPaths == ["video.bin"])
        #expect(try Self.sameBytes(source, copy))
        #expect(!site.list("output").contains { $0.contains(".feedsite-tmp") })
    }
}
