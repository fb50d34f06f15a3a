import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// A file on disk copied and compared in chunks: every byte across chunk boundaries, and a file changed
/// after it was listed refused rather than copied half old and half new.
@Suite struct DiskFileTests {
    /// Three chunks and a few bytes, each byte from its offset, so that a byte out of place shows.
    static let bytes = (0..<(3 * DiskFile.chunkSize + 5)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 20) }

    /// `body` with a file open for reading and writing in `folder`, removed afterwards.
    static func withFile<T>(_ name: String, in folder: TemporaryFolder, _ body: (Int32) throws -> T) throws -> T {
        let descriptor = open(folder.path + "/" + name, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return try body(descriptor)
    }

    @Test("a file of several chunks is copied byte for byte, and compares equal to its copy")
    func copiesEveryChunk() throws {
        let folder = try TemporaryFolder()
        try Data(Self.bytes).write(to: URL(fileURLWithPath: folder.path + "/source"))
        let file = try DiskFile(path: folder.path + "/source", shown: "static/source")
        #expect(file.size == Self.bytes.count)
        try Self.withFile("copy", in: folder) { descriptor in
            try file.copy(to: descriptor, target: "output/source")
            #expect(lseek(descriptor, 0, SEEK_SET) == 0)
            #expect(file.hasSameBytes(as: descriptor))
        }
        #expect(FileManager.default.contents(atPath: folder.path + "/copy") == Data(Self.bytes))
    }

    @Test("a copy differing in one byte (its first, the first of its second chunk, its last) compares unequal", arguments: [0, bytes.count - 1, DiskFile.chunkSize])
    func oneByteDiffers(at offset: Int) throws {
        let folder = try TemporaryFolder()
        try Data(Self.bytes).write(to: URL(fileURLWithPath: folder.path + "/source"))
        var other = Self.bytes
        other[offset] ^= 1
        try Data(other).write(to: URL(fileURLWithPath: folder.path + "/other"))
        let file = try DiskFile(path: folder.path + "/source", shown: "static/source")
        let descriptor = open(folder.path + "/other", O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(!file.hasSameBytes(as: descriptor))
    }

    @Test("a file changed after it was listed (same size, or cut short) is not copied: the error names it and says to build again", arguments: [false, true])
    func changedSinceListed(cutShort: Bool) throws {
        let folder = try TemporaryFolder()
        try Data(Self.bytes).write(to: URL(fileURLWithPath: folder.path + "/source"))
        let file = try DiskFile(path: folder.path + "/source", shown: "static/source")
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/source"))
        if cutShort {
            try handle.truncate(atOffset: 10)
        } else {
            try handle.seek(toOffset: 5)
            try handle.write(contentsOf: Data([0xFF]))
        }
        try handle.close()
        // A time of its own: a file system with coarse times could give the write the time the file had.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.path + "/source", &times, 0) == 0)
        let error = try Self.withFile("copy", in: folder) { descriptor in
            #expect(!file.hasSameBytes(as: descriptor))
            return try #require(throws: InputError.self) { try file.copy(to: descriptor, target: "output/source") }
        }
        #expect(error.message == "static/source: changed while the site was being built")
        #expect(error.hint == "build again once nothing writes to it any more")
    }

    @Test("a destination that cannot be written fails the copy naming the destination and the system's reason")
    func unwritableDestination() throws {
        let folder = try TemporaryFolder()
        try Data(Self.bytes).write(to: URL(fileURLWithPath: folder.path + "/source"))
        let file = try DiskFile(path: folder.path + "/source", shown: "static/source")
        let readOnly = open(folder.path + "/source", O_RDONLY | O_CLOEXEC)
        defer { close(readOnly) }
        let error = try #require(throws: InputError.self) { try file.copy(to: readOnly, target: "output/source") }
        #expect(error.message == "output/source: cannot be written: \(String(cString: strerror(EBADF)))")
    }

    @Test("a folder or a missing file cannot be listed as a file; a file removed after it was listed is not copied")
    func notAFile() throws {
        let folder = try TemporaryFolder()
        let notFile = try #require(throws: InputError.self) { try DiskFile(path: folder.path, shown: "static") }
        #expect(notFile.message == "static: is not a regular file")
        let missing = try #require(throws: InputError.self) { try DiskFile(path: folder.path + "/missing", shown: "static/missing") }
        #expect(missing.message == "static/missing: no such file")
        try Data(Self.bytes).write(to: URL(fileURLWithPath: folder.path + "/source"))
        let file = try DiskFile(path: folder.path + "/source", shown: "static/source")
        try FileManager.default.removeItem(atPath: folder.path + "/source")
        let removed = try Self.withFile("copy", in: folder) { descriptor in
            try #require(throws: InputError.self) { try file.copy(to: descriptor, target: "output/source") }
        }
        #expect(removed.message == "static/source: changed while the site was being built")
    }
}
