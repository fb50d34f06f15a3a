/// One item of a feed as a format's reader found it, before `FeedAssembler` gives it an id, reads its
/// dates, cleans its HTML and drops it as a duplicate.
struct PostDraft {
    /// A post's content as the feed holds it.
    enum Content {
        /// HTML (RSS description, Atom `type="html"`/`xhtml`, JSON Feed `content_html`).
        case html(String)
        /// Plain text (Atom `type="text"`, JSON Feed `content_text`).
        case text(String)
    }

    /// Where the item starts, for warnings.
    var location: SourceLocation
    /// The base its relative links resolve against.
    var base: String?
    var id: String?
    var url: String?
    var title: String?
    var content: Content?
    /// The dates as written.
    var published: String?
    var updated: String?
    var author: String?
    var media: [PostMedia] = []
}
