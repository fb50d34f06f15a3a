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
    /// A date as written and where: its element (XML) or its value (JSON), for warnings.
    struct Dated {
        var text: String
        var location: SourceLocation
    }

    /// The dates as written.
    var published: Dated?
    var updated: Dated?
    var author: String?
    var media: [PostMedia] = []
    /// Reply or repost, as the format marks it; `FeedAssembler` adds what the title says.
    var relation = PostRelation()
}

extension PostDraft.Dated {
    /// The date in the first of `elements` that holds text, at that element; nil when none does.
    init?(_ elements: XMLElement?..., source: String) {
        for case let element? in elements {
            let text = element.text.trimmingSpaces
            guard !text.isEmpty else { continue }
            self.init(text: String(text), location: SourceLocation(file: source, line: element.line, column: element.column))
            return
        }
        return nil
    }
}
