import Foundation
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// `SnapshotStore.read`: what stands at an account's snapshot path, and what the build gets from it.
@Suite struct SnapshotStoreReadTests {
    /// The message `read(slug)` throws, nil when it returns.
    static func message(_ store: SnapshotStore, _ slug: String) -> String? {
        do {
            _ = try store.read(slug)
            return nil
        } catch let error as InputError {
            return error.message
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)" }.joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    @Test("a snapshot as fetch writes it is read back whole; no file, a broken link or a link loop is no snapshot yet")
    func presentAndMissing() throws {
        let folder = try TemporaryFolder(files: ["snapshots/keep.txt": ""])
        let store = SnapshotStore(folder: folder.path + "/snapshots")
        try store.write(SnapshotTests.snapshot, slug: "jack")
        #expect(try store.read("jack") == SnapshotTests.snapshot)
        #expect(try store.read("bob") == nil)
        try FileManager.default.createSymbolicLink(atPath: store.path(of: "gone"), withDestinationPath: "nothere.json")
        try FileManager.default.createSymbolicLink(atPath: store.path(of: "loop"), withDestinationPath: "loop.json")
        #expect(try store.read("gone") == nil)
        #expect(try store.read("loop") == nil)
    }

    @Test("a folder or a FIFO at a snapshot's path is refused at once, saying what it is (a FIFO is not waited on)")
    func notAFile() throws {
        let folder = try TemporaryFolder(files: ["snapshots/jack.json/notes.txt": "x"])
        let store = SnapshotStore(folder: folder.path + "/snapshots", displayPath: { "shown:" + $0.split(separator: "/").suffix(2).joined(separator: "/") })
        #expect(Self.message(store, "jack") == "shown:snapshots/jack.json: is a folder; expected the account's snapshot, a file")
        #expect(mkfifo(store.path(of: "pipe"), 0o644) == 0)
        #expect(Self.message(store, "pipe") == "\(store.path(of: "pipe")): is not a regular file (expected a snapshot)")
        try FileManager.default.createSymbolicLink(atPath: store.path(of: "linked"), withDestinationPath: "pipe.json")
        #expect(Self.message(store, "linked") == "\(store.path(of: "linked")): is not a regular file (expected a snapshot)")
    }

    @Test("a socket at a snapshot's path is refused as not a regular file, not as unreadable (review: opening it failed first)")
    func socketAtPath() throws {
        let folder = try TemporaryFolder(files: ["snapshots/keep.txt": ""])
        let store = SnapshotStore(folder: folder.path + "/snapshots")
        let path = store.path(of: "sock")
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        try #require(path.utf8.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(Self.message(store, "sock") == "\(path): is not a regular file (expected a snapshot)")
    }

    @Test("a snapshot broken by hand is reported at its line and column under the path as shown")
    func broken() throws {
        let folder = try TemporaryFolder(files: ["snapshots/jack.json": "{\"format\": 1,\n \"handle\": \"jack\", \"fetch\": {}, \"posts\": []}\n"])
        let store = SnapshotStore(folder: folder.path + "/snapshots", displayPath: { "shown:" + $0.split(separator: "/").suffix(2).joined(separator: "/") })
        let message = try #require(Self.message(store, "jack"))
        // Line 2, column 29: the fetch record's `{`, which lacks its source.
        #expect(message.hasPrefix("shown:snapshots/jack.json:2:29: ") && message.contains("\"source\""), "\(message)")
    }

    @Test("a snapshot larger than the most a snapshot may have is refused before it is read")
    func tooLarge() throws {
        let folder = try TemporaryFolder(files: ["snapshots/keep.txt": ""])
        let store = SnapshotStore(folder: folder.path + "/snapshots")
        let descriptor = open(store.path(of: "big"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(SnapshotStore.maximumBytes + 1)) == 0)
        close(descriptor)
        #expect(Self.message(store, "big") == "\(store.path(of: "big")): is 64.1 MiB, more than the 64 MiB feedsite reads as a snapshot")
    }
}
