import FeedsiteTestSupport
import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct BuildFingerprintTests {
    static func hash(_ parts: [[UInt8]]) -> UInt64 {
        var hasher = Hasher64()
        for part in parts { hasher.add(part) }
        return hasher.value
    }

    @Test("changing any one byte, in the eight-byte words or in the tail, changes the hash", arguments: [1, 7, 8, 9, 16, 23, 64])
    func everyByteCounts(length: Int) {
        let input = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let original = Self.hash([input])
        var seen: Set<UInt64> = [original]
        for position in 0..<length {
            for flip in [UInt8(1), 0x80] {
                var changed = input
                changed[position] ^= flip
                seen.insert(Self.hash([changed]))
            }
        }
        #expect(seen.count == 1 + 2 * length)
    }

    @Test("where one input ends and the next begins counts, and so does an appended zero byte")
    func boundaries() {
        let ab = Array("ab".utf8), c = Array("c".utf8), a = Array("a".utf8), bc = Array("bc".utf8)
        #expect(Self.hash([ab, c]) != Self.hash([a, bc]))
        #expect(Self.hash([Array(repeating: 7, count: 8)]) != Self.hash([Array(repeating: 7, count: 8) + [0]]))
        #expect(Self.hash([[], ab]) != Self.hash([ab]))
        #expect(Self.hash([ab, c]) == Self.hash([ab, c]))
    }

    @Test("site.yml named another way (./site.yml, a path through ..) is the same site: the next build is up to date; the same bytes elsewhere are another site")
    func configPathSpelling() throws {
        let yaml = "title: Spelling\naccounts:\n  - handle: jack\n"
        let site = try TemporarySite(["site.yml": yaml])
        let other = try TemporarySite(["site.yml": yaml])
        let folder = site.path + "/output"
        #expect(try !SiteBuilder.build(configPath: site.path + "/site.yml").upToDate)
        for spelling in [site.path + "/./site.yml", site.path + "/output/../site.yml"] {
            #expect(try SiteBuilder.build(configPath: spelling).upToDate, "\(spelling)")
        }
        let folders = try #require(SiteFolders.locate(configPath: site.path + "/site.yml", bytes: Array(yaml.utf8)))
        var elsewhere = try #require(SiteFolders.locate(configPath: other.path + "/site.yml", bytes: Array(yaml.utf8)))
        elsewhere.output = folder
        #expect(BuildFingerprint.compute(configPath: site.path + "/site.yml", configBytes: Array(yaml.utf8), folders: folders)
                != BuildFingerprint.compute(configPath: other.path + "/site.yml", configBytes: Array(yaml.utf8), folders: elsewhere))
    }

    @Test("the inputs' fingerprint hashes each snapshot as the line 'NAME SIZE SECONDS.NANOSECONDS INODE', after the base in hex")
    func snapshotLines() {
        let snapshots: [(name: String, stamp: BuildManifest.Stamp)] = [
            ("a.json", BuildManifest.Stamp(size: 0, seconds: 1_700_000_000, nanoseconds: 5, inode: 12)),
            ("Zoë.json", BuildManifest.Stamp(size: 123_456, seconds: -1, nanoseconds: 999_999_999, inode: UInt64.max)),
            ("b.json", BuildManifest.Stamp(size: Int.max, seconds: Int.min, nanoseconds: 0, inode: 0)),
        ]
        let inputs = BuildInputs(base: 0xfeed, snapshots: snapshots)
        let lines = snapshots.map { Array("\($0.name) \($0.stamp.size) \($0.stamp.seconds).\($0.stamp.nanoseconds) \($0.stamp.inode)".utf8) }
        #expect(inputs.fingerprint == Self.hash([Array("feed".utf8)] + lines))
        // Slices hash as the arrays they copy would.
        let bytes = Array("0123456789abcdefXYZ".utf8)
        var sliced = Hasher64()
        sliced.add(bytes[3...])
        #expect(sliced.value == Self.hash([Array(bytes[3...])]))
    }
}
