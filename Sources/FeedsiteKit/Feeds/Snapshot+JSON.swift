/// A snapshot as JSON: keys in a fixed order, two spaces of indentation, one key per line and a
/// final newline, so that a changed post is a small diff in git.
///
///     {
///       "format": 1,
///       "handle": "jack",
///       "fetch": { "source", "etag", "last_modified", "fetched_at", "changed_at", "error" },
///       "posts": [ { "id", "url", "title", "text", "html", "published", "updated", "author",
///                    "media": [ { "url", "type", "alt" } ] } ]
///     }
extension Snapshot {
    /// The file's bytes.
    package var json: [UInt8] {
        var out = JSONLines()
        out.open("{")
        out.member("format", String(Self.formatVersion))
        out.member("handle", quoted(handle))
        out.open("\"fetch\": {")
        out.member("source", quoted(record.source))
        out.member("etag", quoted(record.etag))
        out.member("last_modified", quoted(record.lastModified))
        out.member("fetched_at", quoted(record.fetchedAt))
        out.member("changed_at", quoted(record.changedAt))
        out.member("error", quoted(record.error), last: true)
        out.close("}")
        if posts.isEmpty {
            out.member("posts", "[]", last: true)
        } else {
            out.open("\"posts\": [")
            for (index, post) in posts.enumerated() { write(post, to: &out, last: index == posts.count - 1) }
            out.close("]", last: true)
        }
        out.close("}", last: true)
        return Array(out.text.utf8)
    }
}

private extension Snapshot {
    func write(_ post: Post, to out: inout JSONLines, last: Bool) {
        out.open("{")
        out.member("id", quoted(post.id))
        out.member("url", quoted(post.url))
        out.member("title", quoted(post.title))
        out.member("text", quoted(post.text))
        out.member("html", quoted(post.html))
        out.member("published", quoted(post.published))
        out.member("updated", quoted(post.updated))
        out.member("author", quoted(post.author))
        if post.media.isEmpty {
            out.member("media", "[]", last: true)
        } else {
            out.open("\"media\": [")
            for (index, media) in post.media.enumerated() {
                out.open("{")
                out.member("url", quoted(media.url))
                out.member("type", quoted(media.type))
                out.member("alt", quoted(media.alt), last: true)
                out.close("}", last: index == post.media.count - 1)
            }
            out.close("]", last: true)
        }
        out.close("}", last: last)
    }

    func quoted(_ text: String?) -> String {
        text.map(JSONString.quoted) ?? "null"
    }
}

/// Pretty-printed JSON written line by line.
private struct JSONLines {
    var text = ""
    var depth = 0

    mutating func line(_ content: String) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    mutating func open(_ content: String) {
        line(content)
        depth += 1
    }

    mutating func close(_ bracket: String, last: Bool = false) {
        depth -= 1
        line(bracket + (last ? "" : ","))
    }

    mutating func member(_ key: String, _ value: String, last: Bool = false) {
        line("\"\(key)\": \(value)" + (last ? "" : ","))
    }
}
