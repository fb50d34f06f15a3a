/// A snapshot as JSON: keys in a fixed order, two spaces of indentation, one key per line and a
/// final newline, so that a changed post is a small diff in git.
///
///     {
///       "format": 1,
///       "handle": "jack",
///       "fetch": { "source", "etag", "last_modified", "fetched_at", "changed_at", "error", "posts_limit" (when known),
///                  "x_user_id" (`feed: x-api`, once known) },
///       "posts": [ { "id", "url", "title", "text", "html", "published", "updated", "author",
///                    "is_reply" and "is_repost" (only when true),
///                    "media": [ { "url", "type", "alt",
///                                 "copy": { "file", "type", "width", "height", "etag", "last_modified" } } ] } ]
///     }
///
/// `copy` is there only for an image `feedsite fetch` downloaded (`media: copy`).
extension Snapshot {
    /// The file's bytes.
    package var json: [UInt8] {
        var out = JSONLines()
        out.open("{")
        out.member("format", String(Self.formatVersion))
        out.member("handle", quoting: handle)
        out.open("\"fetch\": {")
        members([("source", record.source), ("etag", record.etag), ("last_modified", record.lastModified),
                 ("fetched_at", record.fetchedAt), ("changed_at", record.changedAt), ("error", record.error)], to: &out,
                last: record.postLimit == nil && record.xUserID == nil)
        if let limit = record.postLimit { out.member("posts_limit", String(limit), last: record.xUserID == nil) }
        if let id = record.xUserID { out.member("x_user_id", quoting: id, last: true) }
        out.close("}")
        if posts.isEmpty {
            out.member("posts", "[]", last: true)
        } else {
            out.open("\"posts\": [")
            for (index, post) in posts.enumerated() { write(post, to: &out, last: index == posts.count - 1) }
            out.close("]", last: true)
        }
        out.close("}", last: true)
        return out.bytes
    }
}

private extension Snapshot {
    func write(_ post: Post, to out: inout JSONLines, last: Bool) {
        out.open("{")
        members([("id", post.id), ("url", post.url), ("title", post.title), ("text", post.text), ("html", post.html),
                 ("published", post.published), ("updated", post.updated), ("author", post.author)], to: &out, last: false)
        // Written only when true, so that the snapshots of feeds that say neither stay as they were.
        if post.isReply { out.member("is_reply", "true") }
        if post.isRepost { out.member("is_repost", "true") }
        if post.media.isEmpty {
            out.member("media", "[]", last: true)
        } else {
            out.open("\"media\": [")
            for (index, media) in post.media.enumerated() {
                out.open("{")
                members([("url", media.url), ("type", media.type), ("alt", media.alt)], to: &out, last: media.copy == nil)
                if let copy = media.copy { write(copy, to: &out) }
                out.close("}", last: index == post.media.count - 1)
            }
            out.close("]", last: true)
        }
        out.close("}", last: last)
    }

    /// A media item's copy (only written when there is one, so that snapshots without copies stay as they were).
    func write(_ copy: MediaCopy, to out: inout JSONLines) {
        out.open("\"copy\": {")
        members([("file", copy.file), ("type", copy.type)], to: &out, last: false)
        out.member("width", copy.width.map { String($0) } ?? "null")
        out.member("height", copy.height.map { String($0) } ?? "null")
        members([("etag", copy.etag), ("last_modified", copy.lastModified)], to: &out, last: true)
        out.close("}", last: true)
    }

    /// One `"key": value` line per entry, in order (`null` for nil); `last`: no comma after the last one.
    func members(_ entries: [(key: String, value: String?)], to out: inout JSONLines, last: Bool) {
        for (index, entry) in entries.enumerated() {
            out.member(entry.key, quoting: entry.value, last: last && index == entries.count - 1)
        }
    }
}

/// Pretty-printed JSON written line by line, as UTF-8 bytes.
private struct JSONLines {
    var bytes: [UInt8] = []
    var depth = 0

    mutating func line(_ content: String) {
        indent()
        bytes.append(contentsOf: content.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func open(_ content: String) {
        line(content)
        depth += 1
    }

    mutating func close(_ bracket: String, last: Bool = false) {
        depth -= 1
        line(bracket + (last ? "" : ","))
    }

    /// `"key": value` with `value` as it is (a number, `true`, `[]`).
    mutating func member(_ key: String, _ value: String, last: Bool = false) {
        line("\"\(key)\": \(value)" + (last ? "" : ","))
    }

    /// `"key": "value"`, the value quoted; `null` when nil.
    mutating func member(_ key: String, quoting value: String?, last: Bool = false) {
        guard let value else { return member(key, "null", last: last) }
        indent()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: "\": ".utf8)
        JSONString.append(value, to: &bytes)
        if !last { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}
