/// An image, video or other file attached to a post: an RSS enclosure, `media:content` or
/// `media:thumbnail`, a JSON Feed `image` or attachment.
package struct PostMedia: Sendable, Equatable {
    /// The file's absolute URL.
    package var url: String
    /// Its MIME type (`image/jpeg`), when the feed says.
    package var type: String? = nil
    /// Its text alternative, when the feed has one.
    package var alt: String? = nil
    /// The copy in `snapshots/media/`, when `feedsite fetch` downloaded it (`media: copy`).
    package var copy: MediaCopy? = nil
}
