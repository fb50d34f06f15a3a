/// The names a snapshot gives an account's context (`account.posts`, `account.has_posts`,
/// `account.snapshot`), declared once: the records' schemas, the `ContextSchema` the template name
/// checker uses and the README's rows are all made from `fields`.
struct PostsContext: Sendable {
    /// Whether `published_display` is written in English (the site's `language` is `en` or `en-…`).
    let english: Bool
    /// The account's `media:`: whether images are links, copies published with the site, or hotlinked.
    var media: MediaPolicy = .link
    /// The copies the build publishes (file names in `snapshots/media/`); an image whose copy is not
    /// among them is shown as a link.
    var copies: Set<String> = []
    /// The path from the page to the published copies (`../media/`).
    var mediaPrefix = "../media/"
    /// Put before each post's `anchor`: empty on its account page, the account's slug and `-` on river
    /// pages, where posts of several accounts stand together.
    var anchorPrefix = ""

    /// One documented name: its type and meaning for the README, and the names below it.
    struct Field: Sendable {
        let name: String
        let type: String
        let summary: String
        let shape: Shape

        /// What a template finds under the name.
        enum Shape: Sendable {
            case scalar
            /// A list of records with these fields.
            case list([Field])
            /// A record with these fields, or null.
            case record([Field])
        }
    }
}

extension PostsContext {
    /// The snapshot's names, appended to the `account` record after the option table's fields.
    static let fields: [Field] = [
        Field(name: "posts", type: "list", summary: "the snapshot's posts, newest first (by `published`, else `updated`, then feed order; undated last), at most `posts:`; empty without a snapshot",
              shape: .list(postFields)),
        Field(name: "has_posts", type: "boolean", summary: "true when `account.posts` is not empty", shape: .scalar),
        Field(name: "snapshot", type: "map or null", summary: "the last fetch of the account's feed; null when it was never fetched",
              shape: .record(snapshotFields)),
    ]

    static let postFields: [Field] = [
        Field(name: "id", type: "string", summary: "the post's identifier in the feed", shape: .scalar),
        Field(name: "anchor", type: "string",
              summary: "an id for its `<article>`, unique on the page: `post-` and the id's letters, digits and `-`, other bytes as `_XX` "
                  + "(on river pages the account's slug and `-` before it); an Atom entry without a link or an IRI id is `BASE/HANDLE/#post-…`",
              shape: .scalar),
        Field(name: "url", type: "string or null", summary: "the post's address (http or https only)", shape: .scalar),
        Field(name: "title", type: "string or null", summary: "its title, as plain text", shape: .scalar),
        Field(name: "text", type: "string", summary: "its content as plain text", shape: .scalar),
        Field(name: "html", type: "string", summary: "its content as HTML, sanitized again by the build (write it with `{{{ }}}`)", shape: .scalar),
        Field(name: "published", type: "string or null", summary: "when it was published, RFC 3339 in UTC (`2026-11-29T14:03:00Z`; null when missing or not a date)", shape: .scalar),
        Field(name: "published_display", type: "string or null", summary: "`published` for readers: `29 Nov 2026, 14:03 UTC` when `language` is English, else `2026-11-29 14:03 UTC`", shape: .scalar),
        Field(name: "is_reply", type: "boolean", summary: "true when the feed marks it as a reply: Atom/RSS `thr:in-reply-to` (RFC 4685), JSON Feed `\"_feedsite\": {\"is_reply\": true}`, or a title beginning `R to @`", shape: .scalar),
        Field(name: "is_repost", type: "boolean", summary: "true when the feed marks it as a repost: JSON Feed `\"_feedsite\": {\"is_repost\": true}`, or a title beginning `RT by @` or `RT @`", shape: .scalar),
        Field(name: "media", type: "list", summary: "attached files (http or https only)", shape: .list(mediaFields)),
    ]

    static let mediaFields: [Field] = [
        Field(name: "url", type: "string", summary: "the file's address", shape: .scalar),
        Field(name: "alt", type: "string or null", summary: "its text alternative", shape: .scalar),
        Field(name: "type", type: "string or null", summary: "its MIME type (of a copy: read from its bytes)", shape: .scalar),
        Field(name: "width", type: "number or null", summary: "its width in pixels, when known (read from a copy's header)", shape: .scalar),
        Field(name: "height", type: "number or null", summary: "its height in pixels, when known (read from a copy's header)", shape: .scalar),
        Field(name: "is_image", type: "boolean", summary: "true when it is an image: a copy, or its type is `image/…`", shape: .scalar),
        Field(name: "image_url", type: "string or null",
              summary: "what `<img src>` shows: with `media: copy` the copy published with the site (relative to the page), "
                  + "with `media: hotlink` the original; null with `media: link`, for what is not an image and for an image not copied",
              shape: .scalar),
        Field(name: "is_copy", type: "boolean", summary: "true when `image_url` is the copy published with the site", shape: .scalar),
    ]

    /// All scalars: declared as (name, type, summary).
    static let snapshotFields: [Field] = [
        ("fetched_at", "string or null", "when a fetch last changed the snapshot, RFC 3339 in UTC"),
        ("fetched_display", "string or null", "`fetched_at` for readers, as `published_display`"),
        ("changed_at", "string or null", "when the posts last changed, RFC 3339 in UTC"),
        ("changed_display", "string or null", "`changed_at` for readers, as `published_display`"),
        ("source", "string", "the feed's URL or file"),
        ("error", "string or null", "why the last fetch failed, in the fetcher's words (such as libcurl's), for the site owner, not readers; null when it succeeded"),
    ].map { Field(name: $0.0, type: $0.1, summary: $0.2, shape: .scalar) }

    /// Whether a site in `language` (a BCP 47 tag) gets dates in English: `en` and `en-…`.
    static func isEnglish(_ language: String) -> Bool {
        let tag = language.lowercased()
        return tag == "en" || tag.hasPrefix("en-")
    }

    /// The values of `fields`, in order, for an account without a snapshot: constants.
    static let noSnapshot: [TemplateValue] = [.list([]), .bool(false), .null]

    /// The values of `fields`, in order, for `snapshot`, whose page shows `shown` (`River.shown`: its
    /// newest `posts:` posts, already ordered).
    func values(_ snapshot: Snapshot, shown: [Post]) -> [TemplateValue] {
        let posts = shown.map(value(of:))
        return [.list(posts), .bool(!posts.isEmpty), snapshotValue(snapshot)]
    }

    /// The values of `fields` but `posts` (`has_posts`, `snapshot`), for the `accounts` list: no post is made.
    /// `snapshot` nil: an account without one.
    func valuesWithoutPosts(_ snapshot: Snapshot?) -> [TemplateValue] {
        guard let snapshot else { return Array(Self.noSnapshot.dropFirst()) }
        // `posts:` is at least 1, so the page shows a post whenever the snapshot has one.
        return [.bool(!snapshot.posts.isEmpty), snapshotValue(snapshot)]
    }

    /// `account.snapshot`: the last fetch.
    func snapshotValue(_ snapshot: Snapshot) -> TemplateValue {
        let record = snapshot.record
        return .record(TemplateRecord(Self.snapshotSchema, [
            time(record.fetchedAt), display(record.fetchedAt), time(record.changedAt), display(record.changedAt),
            .string(record.source), Self.optional(record.error),
        ]))
    }

    /// The values of `postFields`, in order, for `post` (the river's posts add their account to them).
    func postValues(_ post: Post) -> [TemplateValue] {
        let media = post.media.filter { HTTPURLSyntax.problem(in: $0.url) == nil }.map(value(of:))
        let published = publishedValues(post)
        return [
            .string(post.id), .string(PostAnchor.of(post.id, after: anchorPrefix)), urlValue(post), Self.optional(post.title), .string(post.text),
            // Sanitized when the snapshot was read (SnapshotDecoder): a snapshot edited by hand is untrusted too.
            .string(post.html),
            published.time, published.display,
            .bool(post.isReply), .bool(post.isRepost), .list(media),
        ]
    }

    /// The post's `url`: its address when it is http(s), else null.
    func urlValue(_ post: Post) -> TemplateValue {
        Self.optional(post.url.flatMap { HTTPURLSyntax.problem(in: $0) == nil ? $0 : nil })
    }

    /// The post's `published` and `published_display`, from `time` when the caller read it already.
    func publishedValues(_ post: Post, time: DisplayTime?? = nil) -> (time: TemplateValue, display: TemplateValue) {
        let time = time ?? post.published.flatMap(DisplayTime.init)
        return (Self.optional(time?.rfc3339), Self.optional(time?.display(english: english)))
    }
}

private extension PostsContext {
    static func schema(_ fields: [Field]) -> TemplateRecord.Schema { TemplateRecord.Schema(fields.map(\.name)) }
    static let postSchema = schema(postFields)
    static let mediaSchema = schema(mediaFields)
    static let snapshotSchema = schema(snapshotFields)

    func value(of post: Post) -> TemplateValue {
        .record(TemplateRecord(Self.postSchema, postValues(post)))
    }

    /// A media item as `media:` shows it: a published copy, the original, or (null `image_url`) a link.
    func value(of item: PostMedia) -> TemplateValue {
        let copy = media == .copy ? item.copy.flatMap { copies.contains($0.file) ? $0 : nil } : nil
        let isImage = copy != nil || item.type.map { $0.lowercased().hasPrefix("image/") } ?? false
        let imageURL: String? = if let copy { mediaPrefix + copy.file } else if media == .hotlink && isImage { item.url } else { nil }
        let size = imageURL == nil ? nil : item.copy
        return .record(TemplateRecord(Self.mediaSchema, [
            .string(item.url), Self.optional(item.alt), Self.optional(copy?.type ?? item.type),
            // A hotlinked image has the size of its last copy, if `media: copy` made one.
            size?.width.map(TemplateValue.int) ?? .null, size?.height.map(TemplateValue.int) ?? .null,
            .bool(isImage), Self.optional(imageURL), .bool(copy != nil),
        ]))
    }

    func time(_ timestamp: String?) -> TemplateValue {
        Self.optional(timestamp.flatMap(DisplayTime.init)?.rfc3339)
    }

    func display(_ timestamp: String?) -> TemplateValue {
        Self.optional(timestamp.flatMap(DisplayTime.init)?.display(english: english))
    }

    static func optional(_ text: String?) -> TemplateValue {
        text.map { .string($0) } ?? .null
    }
}
