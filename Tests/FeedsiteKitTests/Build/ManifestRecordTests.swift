import Testing
@testable import FeedsiteKit

/// `BuildManifest.mayRecord`, which spares parsing a manifest that records another build.
@Suite struct ManifestRecordTests {
    static func manifest(_ fingerprint: UInt64?, complete: Bool = true, files: Int = 50) -> BuildManifest {
        let record = fingerprint.map { BuildManifest.Record(fingerprint: $0, pages: 3, intentURLs: 2, accounts: 1, links: 4) }
        let stamps = (0..<files).map { ("user\($0)/index.html", BuildManifest.Stamp(size: $0, seconds: 1_700_000_000 + $0, nanoseconds: 5, inode: UInt64($0))) }
        return BuildManifest(complete: complete, record: record, files: Dictionary(uniqueKeysWithValues: stamps))
    }

    @Test("a manifest may record exactly the fingerprint its parsed record holds, and no other",
          arguments: [0, 1, 0xabc, 0x876f5c871b320d4f, UInt64.max])
    func agreesWithParsing(_ fingerprint: UInt64) throws {
        let bytes = Self.manifest(fingerprint).bytes
        #expect(try #require(BuildManifest(bytes: bytes)).record?.fingerprint == fingerprint)
        #expect(BuildManifest.mayRecord(fingerprint, in: bytes))
        for other in [fingerprint &+ 1, fingerprint &- 1, fingerprint ^ 0x10, fingerprint / 16] where other != fingerprint {
            #expect(!BuildManifest.mayRecord(other, in: bytes))
        }
    }

    @Test("a manifest without a record, an unfinished one and other text record nothing")
    func noRecord() {
        #expect(!BuildManifest.mayRecord(7, in: Self.manifest(nil).bytes))
        #expect(!BuildManifest.mayRecord(7, in: Self.manifest(7, complete: false).bytes))
        #expect(!BuildManifest.mayRecord(7, in: []))
        #expect(!BuildManifest.mayRecord(7, in: Array("record 7 1 1 1 1\n".utf8)))
    }

    @Test("a file whose name holds the record's text does not make another build's manifest look current")
    func pathsAreNotRecords() throws {
        var manifest = Self.manifest(5)
        manifest.files["record 6 x"] = BuildManifest.Stamp(size: 1, seconds: 2, nanoseconds: 3, inode: 4)
        let bytes = manifest.bytes
        #expect(!BuildManifest.mayRecord(6, in: bytes))
        #expect(BuildManifest.mayRecord(5, in: bytes))
    }
}
