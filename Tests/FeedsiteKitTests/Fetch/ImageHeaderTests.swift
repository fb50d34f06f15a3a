import Testing
@testable import FeedsiteKit

/// Image types and sizes read from bytes alone.
@Suite struct ImageHeaderTests {
    static func riff(_ chunk: String, _ data: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [UInt8(data.count), 0, 0, 0] + data
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        TestImages.bigEndian32(payload.count + 8) + Array(type.utf8) + payload
    }

    static let cases: [(name: String, bytes: [UInt8], header: ImageHeader?)] = [
        ("PNG", TestImages.png(width: 3, height: 2), ImageHeader(type: "image/png", fileExtension: "png", width: 3, height: 2)),
        ("JPEG", TestImages.jpeg(width: 17, height: 9), ImageHeader(type: "image/jpeg", fileExtension: "jpg", width: 17, height: 9)),
        ("GIF", TestImages.gif, ImageHeader(type: "image/gif", fileExtension: "gif", width: 1, height: 1)),
        ("WebP lossy", riff("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x40, 0x01, 0xF0, 0x00]),
         ImageHeader(type: "image/webp", fileExtension: "webp", width: 320, height: 240)),
        // 14 bits of width - 1 (99), then 14 bits of height - 1 (49): 99 | 49 << 14.
        ("WebP lossless", riff("VP8L", [0x2F, 0x63, 0x40, 0x0C, 0x00]),
         ImageHeader(type: "image/webp", fileExtension: "webp", width: 100, height: 50)),
        ("WebP extended", riff("VP8X", [0, 0, 0, 0, 0xFF, 0x03, 0x00, 0x2B, 0x02, 0x00]),
         ImageHeader(type: "image/webp", fileExtension: "webp", width: 1024, height: 556)),
        ("AVIF", box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8))
            + box("meta", box("ispe", [0, 0, 0, 0] + TestImages.bigEndian32(640) + TestImages.bigEndian32(480))),
         ImageHeader(type: "image/avif", fileExtension: "avif", width: 640, height: 480)),
        ("a JPEG without a frame header has no size", [0xFF, 0xD8, 0xFF, 0xD9], ImageHeader(type: "image/jpeg", fileExtension: "jpg")),
        ("a PNG with a zero width has no width", Array(TestImages.png(width: 0, height: 2)),
         ImageHeader(type: "image/png", fileExtension: "png", width: nil, height: 2)),
        ("HTML", Array("<!doctype html><p>not an image".utf8), nil),
        ("SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8), nil),
        ("an MP4 video", box("ftyp", Array("isom".utf8) + [0, 0, 0, 0] + Array("isomiso2mp41".utf8)), nil),
        ("nothing", [], nil),
        ("half a PNG signature", [0x89, 0x50, 0x4E, 0x47], nil),
    ]

    @Test("each image type is recognized by its bytes, with its size; other files are not images", arguments: cases.indices)
    func header(index: Int) {
        let (name, bytes, header) = Self.cases[index]
        #expect(ImageHeader.read(bytes) == header, "\(name)")
    }

    @Test("a copy's name is 16 hex digits, maybe a number, and an image extension: nothing a URL or a hand edit could turn into a path", arguments: [
        ("0123456789abcdef.png", true), ("0123456789abcdef-2.jpg", true), ("fedcba9876543210.avif", true),
        ("../site.yml", false), ("0123456789abcdef.png/..", false), ("0123456789ABCDEF.png", false), ("0123456789abcdef.svg", false),
        ("0123456789abcde.png", false), ("0123456789abcdef-.png", false), ("0123456789abcdef-12345.png", false),
        ("/etc/0123456789abcdef.png", false), (".0123456789abcdef.png", false), ("0123456789abcdef.png.tmp", false), ("", false),
    ])
    func fileNames(name: String, safe: Bool) {
        #expect(MediaCopy.isFileName(name) == safe)
    }
}
