/// One answer of X API v2 as JSON (https://docs.x.com/x-api): the object around `data`, `includes`,
/// `meta` and `errors`. Reads the user id of a user lookup and what an error answer says; the
/// posts are `XAPITimelineReader`'s. Pure: bytes in, values out.
package struct XAPIDocument: Sendable {
    /// The top-level object.
    let root: JSONValue
    /// The text, for locations.
    let text: SourceText
}

extension XAPIDocument {
    /// The answer in `bytes`, read from `source` (shown in messages). Throws when it is not a JSON object.
    package init(_ bytes: [UInt8], source: String) throws(FeedError) {
        let value: JSONValue
        do {
            value = try JSONReader.read(bytes, file: source)
        } catch {
            throw FeedError(.malformed, at: error.location, "X's answer is not valid JSON: " + error.message)
        }
        guard value.members != nil else {
            throw FeedError(.notAFeed, at: SourceText(bytes, file: source).location(of: value.offset),
                            "expected X's answer to be a JSON object, found \(value.kindName)")
        }
        root = value
        text = SourceText(bytes, file: source)
    }

    /// The user id of a user lookup (`GET /2/users/by/username/:username`: `{"data": {"id": "2244994945", …}}`).
    /// Throws, with X's own words, when X has no such user (`{"errors": [{"title": "Not Found Error", …}]}`)
    /// or the id is not a string of digits.
    package func userID(handle: String) throws(FeedError) -> String {
        guard let data = root.member("data") else {
            let reason = errorSummary.map { " (X says: \($0))" } ?? ""
            throw FeedError(.notAFeed, at: nil, "X has no account @\(handle)\(reason)",
                            hint: "check the handle in site.yml: an account that was renamed, suspended or deleted cannot be read")
        }
        guard let id = data.member("id")?.string, Self.isID(id) else {
            throw FeedError(.malformed, at: text.location(of: data.offset), "expected the user's \"id\" as a string of digits in X's answer")
        }
        return id
    }

    /// What the answer's errors say, in X's words, or nil when it has none: a problem object's `detail`
    /// or `title` (`{"title": "Unauthorized", "detail": "Unauthorized", "status": 401}`), else the first
    /// entry of `errors` (its `detail`, `message` or `title`), with how many more there are. At most
    /// 300 characters, control characters removed: it is shown on one line.
    package var errorSummary: String? {
        var summary = Self.words(of: root)
        let errors = root.member("errors")?.array ?? []
        if summary == nil, let first = errors.lazy.compactMap(Self.words(of:)).first {
            summary = first + (errors.count > 1 ? " (and \(errors.count - 1) more)" : "")
        }
        guard let summary else { return nil }
        let line = PostText.collapsed(ControlCharacters.removed(from: summary))
        return line.count > 300 ? String(line.prefix(299)) + "…" : line
    }

    /// Whether `id` can be an X user or post id: 1 to 20 ASCII digits (a user id goes into a request's path).
    package static func isID(_ id: String) -> Bool {
        (1...20).contains(id.utf8.count) && id.utf8.allSatisfy(\.isASCIIDigit)
    }
}

private extension XAPIDocument {
    /// The words of one problem object: its `detail`, `message` or `title`, the title first when both differ.
    static func words(of problem: JSONValue) -> String? {
        let title = problem.member("title")?.string
        guard let detail = problem.member("detail")?.string ?? problem.member("message")?.string else { return title }
        guard let title, title != detail, !detail.hasPrefix(title) else { return detail }
        return title + ": " + detail
    }
}
