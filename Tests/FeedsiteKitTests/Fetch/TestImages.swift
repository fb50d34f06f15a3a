/// Real, tiny images written byte by byte, so that no test depends on an image file from elsewhere:
/// a grey PNG (stored deflate block, CRC-32 and Adler-32 computed here), a grey baseline JPEG (one
/// 8x8 block per 8x8 area, every coefficient zero, one-code Huffman tables) and a 1x1 GIF.
enum TestImages {
    /// A PNG of `width` x `height` grey pixels, followed by `padding` bytes after IEND (to make it large).
    static func png(width: Int, height: Int, padding: Int = 0) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + Array(repeating: 0x80, count: width) }
        let zlib: [UInt8] = [0x78, 0x01, 0x01] + littleEndian16(raw.count) + littleEndian16(~raw.count & 0xFFFF) + raw + bigEndian32(adler32(raw))
        let header = bigEndian32(width) + bigEndian32(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
            + Array(repeating: 0, count: padding)
    }

    /// A baseline JPEG of `width` x `height` mid-grey pixels.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        // Each block is two bits: DC difference category 0, then end of block; the rest is padding ones.
        var scan = [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
        let usedBits = blocks * 2
        for bit in usedBits..<(scan.count * 8) { scan[bit / 8] |= 0x80 >> (bit % 8) }
        let oneCode: [UInt8] = [1] + Array(repeating: 0, count: 15) + [0]
        return [0xFF, 0xD8]
            + segment(0xDB, [0] + Array(repeating: 1, count: 64))
            + segment(0xC0, [8] + bigEndian16(height) + bigEndian16(width) + [1, 1, 0x11, 0])
            + segment(0xC4, [0x00] + oneCode) + segment(0xC4, [0x10] + oneCode)
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + scan + [0xFF, 0xD9]
    }

    /// A 1x1 GIF: one white pixel.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0,
        0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian32(data.count) + typed + bigEndian32(crc32(typed))
    }

    static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(data.count + 2) + data
    }

    static func crc32(_ bytes: [UInt8]) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return Int(crc ^ 0xFFFF_FFFF)
    }

    static func adler32(_ bytes: [UInt8]) -> Int {
        var a = 1, b = 0
        for byte in bytes {
            a = (a + Int(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func bigEndian32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    static func bigEndian16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8((value >> $0) & 0xFF) } }
    static func littleEndian16(_ value: Int) -> [UInt8] { [0, 8].map { UInt8((value >> $0) & 0xFF) } }
}
