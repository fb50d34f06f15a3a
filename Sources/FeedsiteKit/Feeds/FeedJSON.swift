/// A feed as the JSON document `feedsite posts --format json` prints: keys in a fixed order, absent
/// values as `null`, two-space indentation, one post member per line.
package enum FeedJSON {
    /// `{"source", "format", "title", "link", "posts": [...], "problems": [...]}`.
    package static func document(_ feed: Feed, source: String) -> String {
        var text = "{\n"
        text += "  \"source\": \(JSONString.quoted(source)),\n"
        text += "  \"format\": \(JSONString.quoted(feed.format.rawValue)),\n"
        text += "  \"title\": \(optional(feed.title)),\n"
        text += "  \"link\": \(optional(feed.link)),\n"
        text += "  \"posts\": [" + list(feed.posts.map(post), indent: "  ") + "],\n"
        text += "  \"problems\": [" + list(feed.problems.map(problem), indent: "  ") + "]\n"
        return text + "}\n"
    }

    /// One post as a JSON object, members in the order of `Post`'s properties.
    package static func post(_ post: Post) -> String {
        let media = post.media.map { item in
            "{\"url\": \(JSONString.quoted(item.url)), \"type\": \(optional(item.type)), \"alt\": \(optional(item.alt))}"
        }
        let members = [
            ("id", JSONString.quoted(post.id)), ("url", optional(post.url)), ("title", optional(post.title)),
            ("text", JSONString.quoted(post.text)), ("html", JSONString.quoted(post.html)),
            ("published", optional(post.published)), ("updated", optional(post.updated)), ("author", optional(post.author)),
            ("media", "[" + media.joined(separator: ", ") + "]"),
        ]
        return "{\n" + members.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
    }
}

private extension FeedJSON {
    static func optional(_ text: String?) -> String {
        text.map(JSONString.quoted) ?? "null"
    }

    static func problem(_ diagnostic: Diagnostic) -> String {
        "{\"line\": \(diagnostic.location.line), \"column\": \(diagnostic.location.column), "
            + "\"severity\": \"\(diagnostic.severity.rawValue)\", \"message\": \(JSONString.quoted(diagnostic.message))}"
    }

    static func list(_ entries: [String], indent: String) -> String {
        entries.isEmpty ? "" : "\n" + entries.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent
    }
}
