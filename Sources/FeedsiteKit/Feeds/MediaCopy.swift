/// The copy of an image that `feedsite fetch` downloaded into `snapshots/media/` (with `media: copy`):
/// the file's name there, its type and size as read from its bytes, and the validators for the next
/// conditional request.
package struct MediaCopy: Sendable, Equatable {
    /// The file's name in `snapshots/media/`: `isFileName` holds for it.
    package var file: String
    /// The image type read from the file's first bytes (`image/png`).
    package var type: String
    /// Its width in pixels, when its header says.
    package var width: Int? = nil
    /// Its height in pixels, when its header says.
    package var height: Int? = nil
    /// The `ETag` of the response that brought it.
    package var etag: String? = nil
    /// The `Last-Modified` of the response that brought it.
    package var lastModified: String? = nil
}

extension MediaCopy {
    /// The file name extensions feedsite gives copies, one per image type it copies.
    package static let extensions = ["png", "jpg", "gif", "webp", "avif"]

    /// Whether `name` is a name feedsite gives copies: 16 lower-case hex digits, optionally `-` and
    /// up to 4 digits (a second file with the same hash), then one of `extensions`. Nothing else in
    /// `snapshots/media/` is ever read, published or removed, so a snapshot edited by hand cannot
    /// name `../site.yml`.
    package static func isFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 17, bytes[..<16].allSatisfy({ $0.isASCIIDigit || (0x61...0x66).contains($0) }) else { return false }
        var rest = bytes[16...]
        if rest.first == UInt8(ascii: "-") {
            let digits = rest.dropFirst().prefix { $0.isASCIIDigit }
            guard (1...4).contains(digits.count) else { return false }
            rest = rest.dropFirst(1 + digits.count)
        }
        guard rest.first == UInt8(ascii: ".") else { return false }
        return extensions.contains(String(decoding: rest.dropFirst(), as: UTF8.self))
    }
}
