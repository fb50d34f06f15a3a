/// What the first bytes of a downloaded file say it is: one of the image types `media: copy` keeps
/// (PNG, JPEG, GIF, WebP, AVIF), and its width and height when the header holds them. Never the
/// URL or the `Content-Type`: a server may call anything `image/png`.
struct ImageHeader: Sendable, Equatable {
    /// The MIME type (`image/png`).
    let type: String
    /// The file name extension copies of this type get (one of `MediaCopy.extensions`).
    let fileExtension: String
    /// The width in pixels, when the header says.
    var width: Int? = nil
    /// The height in pixels, when the header says.
    var height: Int? = nil
}

extension ImageHeader {
    /// The image types copied, for messages.
    static let typesCopied = "PNG, JPEG, GIF, WebP or AVIF"

    /// The header of `bytes`, or nil when they are not one of the image types copied.
    static func read(_ bytes: [UInt8]) -> ImageHeader? {
        let reader = ByteReader(bytes: bytes)
        if reader.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The first chunk is IHDR: width and height, 4 bytes each, big-endian.
            let isHeader = reader.text(at: 12, count: 4) == "IHDR"
            return ImageHeader(type: "image/png", fileExtension: "png").sized(isHeader ? reader.bigEndian(at: 16, count: 4) : nil,
                                                                            isHeader ? reader.bigEndian(at: 20, count: 4) : nil)
        }
        if reader.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(reader) }
        if let signature = reader.text(at: 0, count: 6), signature == "GIF87a" || signature == "GIF89a" {
            return ImageHeader(type: "image/gif", fileExtension: "gif").sized(reader.littleEndian(at: 6, count: 2), reader.littleEndian(at: 8, count: 2))
        }
        if reader.text(at: 0, count: 4) == "RIFF", reader.text(at: 8, count: 4) == "WEBP" { return webP(reader) }
        if reader.text(at: 4, count: 4) == "ftyp", isAVIF(reader) { return avif(reader) }
        return nil
    }
}

private extension ImageHeader {
    /// A header with the given size; a dimension that is missing, zero or beyond a million pixels is unknown.
    func sized(_ width: Int?, _ height: Int?) -> ImageHeader {
        let valid = { (value: Int?) in value.flatMap { (1...1_000_000).contains($0) ? $0 : nil } }
        return ImageHeader(type: type, fileExtension: fileExtension, width: valid(width), height: valid(height))
    }

    /// JPEG: the size is in the first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC).
    static func jpeg(_ reader: ByteReader) -> ImageHeader {
        let header = ImageHeader(type: "image/jpeg", fileExtension: "jpg")
        var offset = 2
        while let marker = reader.byte(at: offset), marker == 0xFF, let kind = reader.byte(at: offset + 1) {
            switch kind {
            case 0xFF: offset += 1
            case 0x01, 0xD0...0xD8: offset += 2
            case 0xD9, 0xDA: return header
            case 0xC0...0xCF where kind != 0xC4 && kind != 0xC8 && kind != 0xCC:
                return header.sized(reader.bigEndian(at: offset + 7, count: 2), reader.bigEndian(at: offset + 5, count: 2))
            default:
                guard let length = reader.bigEndian(at: offset + 2, count: 2), length >= 2 else { return header }
                offset += 2 + length
            }
        }
        return header
    }

    /// WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`), each with the size where its format puts it.
    static func webP(_ reader: ByteReader) -> ImageHeader {
        let header = ImageHeader(type: "image/webp", fileExtension: "webp")
        switch reader.text(at: 12, count: 4) {
        case "VP8 ":
            return header.sized(reader.littleEndian(at: 26, count: 2).map { $0 & 0x3FFF }, reader.littleEndian(at: 28, count: 2).map { $0 & 0x3FFF })
        case "VP8L":
            guard reader.byte(at: 20) == 0x2F, let bits = reader.littleEndian(at: 21, count: 4) else { return header }
            return header.sized((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return header.sized(reader.littleEndian(at: 24, count: 3).map { $0 + 1 }, reader.littleEndian(at: 27, count: 3).map { $0 + 1 })
        default:
            return header
        }
    }

    /// Whether the `ftyp` box names AVIF as its major or a compatible brand.
    static func isAVIF(_ reader: ByteReader) -> Bool {
        guard let size = reader.bigEndian(at: 0, count: 4), size >= 16 else { return false }
        var offset = 8
        while offset + 4 <= min(size, 1024) {
            if offset != 12, let brand = reader.text(at: offset, count: 4), brand == "avif" || brand == "avis" { return true }
            offset += 4
        }
        return false
    }

    /// AVIF: the size is in the first `ispe` (image spatial extents) property, within the first 64 KB.
    static func avif(_ reader: ByteReader) -> ImageHeader {
        let header = ImageHeader(type: "image/avif", fileExtension: "avif")
        let end = min(reader.bytes.count, 65_536) - 16
        var offset = 4
        while offset <= end {
            if reader.text(at: offset, count: 4) == "ispe" {
                return header.sized(reader.bigEndian(at: offset + 8, count: 4), reader.bigEndian(at: offset + 12, count: 4))
            }
            offset += 1
        }
        return header
    }
}

/// Bounds-checked reads of a file's first bytes.
private struct ByteReader {
    let bytes: [UInt8]

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func starts(with prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && bytes[..<prefix.count].elementsEqual(prefix)
    }

    /// `count` bytes as ASCII text, or nil when they are not all there.
    func text(at offset: Int, count: Int) -> String? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    func bigEndian(at offset: Int, count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian(at offset: Int, count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
