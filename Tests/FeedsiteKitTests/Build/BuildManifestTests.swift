import Testing
@testable import FeedsiteKit

@Suite struct BuildManifestTests {
    @Test("a manifest reads back exactly as written, numbers from 0 to the largest 64-bit value included",
          arguments: [UInt64(0), 7, 10, 1_000_000_007, UInt64(Int.max), UInt64.max])
    func roundTrip(number: UInt64) throws {
        let stamp = BuildManifest.Stamp(size: Int(number % UInt64(Int.max)), seconds: 1_700_000_000, nanoseconds: 999_999_999, inode: number)
        let manifest = BuildManifest(complete: true, record: BuildManifest.Record(fingerprint: number, pages: 3, intentURLs: 2, accounts: 1, links: 4),
                                     files: ["index.html": .some(stamp), "a b/index.html": BuildManifest.Stamp?.none])
        let read = try #require(BuildManifest(bytes: manifest.bytes))
        #expect(read == manifest)
    }

    @Test("a manifest naming a path outside the folder is not read at all",
          arguments: ["../x", "/etc/passwd", "a/../../x", ""])
    func refusesOutsidePaths(path: String) {
        let bytes = Array("feedsite-manifest 3 complete\n1 2.3 4 \(path)\n".utf8)
        #expect(BuildManifest(bytes: bytes) == nil)
    }

    @Test("a manifest writes each number as Swift's own decimal text does", arguments: [Int.min, -10, -1, 0, 1, 9, 10, 99, 100, 1_700_000_000, Int.max])
    func decimal(value: Int) {
        var bytes: [UInt8] = []
        BuildManifest.appendDecimal(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        bytes = []
        BuildManifest.appendDecimal(UInt64(value.magnitude), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value.magnitude))
        bytes = []
        BuildManifest.appendDecimal(UInt64.max, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(UInt64.max))
    }

    @Test("a manifest read, then changed, writes its paths in the order a manifest made anew writes them",
          arguments: ["stamps", "added", "removed", "one for another", "read out of order"])
    func orderAfterChange(change: String) throws {
        let stamp = BuildManifest.Stamp(size: 5, seconds: 1_700_000_000, nanoseconds: 1, inode: 9)
        let names = change == "read out of order" ? ["b/index.html", "a/index.html", "index.html"] : ["a/index.html", "b/index.html", "index.html"]
        let text = "feedsite-manifest 3 complete\n" + names.map { "1 2.3 4 \($0)\n" }.joined()
        var read = try #require(BuildManifest(bytes: Array(text.utf8)))
        switch change {
        case "stamps": read.files["b/index.html"] = .some(stamp)
        case "added": read.files["ab/index.html"] = .some(stamp)
        case "removed": read.files["a/index.html"] = nil
        case "one for another":
            read.files["a/index.html"] = nil
            read.files["c/index.html"] = BuildManifest.Stamp?.none
        default: break
        }
        let anew = BuildManifest(complete: read.complete, record: read.record, files: read.files)
        #expect(read.bytes == anew.bytes)
        let lines = String(decoding: read.bytes, as: UTF8.self).split(separator: "\n").dropFirst().map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(lines == read.files.keys.sorted())
    }
}
