import Testing
@testable import FeedsiteKit

/// A media item's copy in a snapshot: written after its item's keys only when there is one, read back as written.
@Suite struct MediaCopySnapshotTests {
    static let copy = MediaCopy(file: "0123456789abcdef.png", type: "image/png", width: 3, height: 2, etag: "\"a1\"")
    static let snapshot = Snapshot(handle: "jack", record: SnapshotRecord(source: "feeds/jack.xml"), posts: [
        Post(id: "1", text: "One", media: [PostMedia(url: "https://cdn.example/a.png", type: "image/png", alt: "A", copy: copy),
                                          PostMedia(url: "https://cdn.example/b.mp4", type: "video/mp4")]),
    ])

    @Test("a copy is written as file, type, width, height, etag and last_modified, and read back the same")
    func roundTrip() throws {
        let text = String(decoding: Self.snapshot.json, as: UTF8.self)
        #expect(text.contains("""
                    {
                      "url": "https://cdn.example/a.png",
                      "type": "image/png",
                      "alt": "A",
                      "copy": {
                        "file": "0123456789abcdef.png",
                        "type": "image/png",
                        "width": 3,
                        "height": 2,
                        "etag": "\\"a1\\"",
                        "last_modified": null
                      }
                    },
                    {
                      "url": "https://cdn.example/b.mp4",
                      "type": "video/mp4",
                      "alt": null
                    }
            """))
        var decoder = SnapshotDecoder(Self.snapshot.json, file: "snapshots/jack.json")
        #expect(decoder.decode() == Self.snapshot)
    }

    @Test("a copy broken by hand is reported at its line and column", arguments: [
        (#"{"file": "../../site.yml", "type": "image/png"}"#, 53, "\"../../site.yml\" is not the name of a copy feedsite made"),
        (#"{"file": "0123456789abcdef.png", "type": "image/png", "width": -3}"#, 107, "expected a whole number of pixels from 1 to 1000000 or null for \"width\""),
        (#"{"file": "0123456789abcdef.png"}"#, 44, "this object has no \"type\""),
        (#"{"file": "0123456789abcdef.png", "type": "image/png", "size": 3}"#, 98, "unknown key 'size' in a snapshot"),
    ])
    func broken(copy: String, column: Int, message: String) {
        let text = #"{"format": 1, "handle": "jack", "fetch": {"source": "f"}, "posts": [{"id": "1", "media": ["#
            + "\n" + #"{"url": "https://a.example/a.png", "copy": "# + copy + "}]}]}"
        var decoder = SnapshotDecoder(Array(text.utf8), file: "snapshots/jack.json")
        #expect(decoder.decode() == nil)
        #expect(decoder.diagnostics.first?.location.line == 2)
        #expect(decoder.diagnostics.first?.location.column == column)
        #expect(decoder.diagnostics.first?.message.hasPrefix(message) == true, "\(decoder.diagnostics.first?.message ?? "")")
    }
}
