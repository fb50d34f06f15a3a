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

extension [Post] {
    /// These posts, each media item given the copy that `previous` has for the same URL: the copies
    /// a fetch made earlier stay with the posts until the next downloads say otherwise, and a feed
    /// that brings the same posts again is unchanged.
    package func keepingCopies(from previous: [Post]?) -> [Post] {
        guard let previous else { return self }
        var copies: [String: MediaCopy] = [:]
        for post in previous {
            for item in post.media { if let copy = item.copy { copies[item.url] = copy } }
        }
        guard !copies.isEmpty else { return self }
        return map { post in
            var post = post
            for index in post.media.indices where post.media[index].copy == nil {
                post.media[index].copy = copies[post.media[index].url]
            }
            return post
        }
    }
}

extension SnapshotStore {
    /// The folder of the media copies, `media/` in the snapshots folder.
    package var mediaFolder: String {
        folder + "/media"
    }
}
