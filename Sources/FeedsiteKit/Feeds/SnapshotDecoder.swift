/// Reads a snapshot file back, checking its shape: a file broken by hand is reported at its
/// `file:line:col` with what was expected, like site.yml.
struct SnapshotDecoder {
    let text: SourceText
    private(set) var diagnostics: [Diagnostic] = []

    static let topKeys = ["format", "handle", "fetch", "posts"]
    static let fetchKeys = ["source", "etag", "last_modified", "fetched_at", "changed_at", "error"]
    static let postKeys = ["id", "url", "title", "text", "html", "published", "updated", "author", "media"]
    static let mediaKeys = ["url", "type", "alt"]
    static let hint = "fix the file by hand, or delete it: the next 'feedsite fetch' writes it again"

    init(_ bytes: [UInt8], file: String) {
        text = SourceText(bytes, file: file)
    }
}

extension SnapshotDecoder {
    /// The snapshot, or nil after recording every problem in `diagnostics`.
    mutating func decode() -> Snapshot? {
        let root: JSONValue
        do {
            root = try JSONReader.read(text.bytes, file: text.file)
        } catch {
            diagnostics.append(Diagnostic(at: error.location, error.message, hint: Self.hint))
            return nil
        }
        guard let members = object(root, what: "a snapshot (an object with format, handle, fetch and posts)", keys: Self.topKeys) else { return nil }
        if let format = required("format", in: root, members) {
            if format.number != Double(Snapshot.formatVersion) {
                problem(format, "snapshot format \(format.number.map { String($0) } ?? format.kindName) is not one this feedsite reads; expected \"format\": \(Snapshot.formatVersion)")
            }
        }
        let handle = required("handle", in: root, members).flatMap { string($0) }
        let record = required("fetch", in: root, members).flatMap { fetchRecord($0) }
        let posts = required("posts", in: root, members).flatMap { list($0) { decoder, value in decoder.post(value) } }
        guard diagnostics.isEmpty, let handle, let record, let posts else { return nil }
        return Snapshot(handle: handle, record: record, posts: posts)
    }
}

private extension SnapshotDecoder {
    mutating func problem(_ value: JSONValue, _ message: String) {
        diagnostics.append(Diagnostic(at: text.location(of: value.offset), message, hint: Self.hint))
    }

    /// The members of an object whose keys are all among `keys` (others are reported with a suggestion).
    mutating func object(_ value: JSONValue, what: String, keys: [String]) -> [JSONMember]? {
        guard let members = value.members else {
            problem(value, "expected \(what), found \(value.kindName)")
            return nil
        }
        for member in members where !keys.contains(member.key) {
            diagnostics.append(Diagnostic(at: text.location(of: member.keyOffset), "unknown key '\(member.key)' in a snapshot",
                                          hint: Suggestion.didYouMean(member.key, in: keys) ?? "the keys are: " + keys.joined(separator: ", ")))
        }
        return members
    }

    mutating func required(_ key: String, in object: JSONValue, _ members: [JSONMember]) -> JSONValue? {
        guard let member = members.first(where: { $0.key == key }) else {
            problem(object, "this object has no \"\(key)\"")
            return nil
        }
        return member.value
    }

    mutating func string(_ value: JSONValue) -> String? {
        guard let text = value.string else {
            problem(value, "expected a string, found \(value.kindName)")
            return nil
        }
        return text
    }

    /// A string or null at `key`; an absent key is null. The outer nil means a wrong type was reported.
    mutating func optionalString(_ key: String, in members: [JSONMember]) -> String?? {
        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return .some(nil) }
        guard let text = value.string else {
            problem(value, "expected a string or null for \"\(key)\", found \(value.kindName)")
            return nil
        }
        return .some(text)
    }

    mutating func list<T>(_ value: JSONValue, _ item: (inout SnapshotDecoder, JSONValue) -> T?) -> [T]? {
        guard let elements = value.array else {
            problem(value, "expected an array, found \(value.kindName)")
            return nil
        }
        var items: [T] = []
        for element in elements { if let decoded = item(&self, element) { items.append(decoded) } }
        return items.count == elements.count ? items : nil
    }

    mutating func fetchRecord(_ value: JSONValue) -> SnapshotRecord? {
        guard let members = object(value, what: "the fetch record (an object)", keys: Self.fetchKeys) else { return nil }
        let source = required("source", in: value, members).flatMap { string($0) }
        let fields = ["etag", "last_modified", "fetched_at", "changed_at", "error"].map { optionalString($0, in: members) }
        guard let source, fields.allSatisfy({ $0 != nil }) else { return nil }
        return SnapshotRecord(source: source, etag: fields[0]!, lastModified: fields[1]!, fetchedAt: fields[2]!, changedAt: fields[3]!,
                              error: fields[4]!)
    }

    mutating func post(_ value: JSONValue) -> Post? {
        guard let members = object(value, what: "a post (an object with at least an id)", keys: Self.postKeys) else { return nil }
        let id = required("id", in: value, members).flatMap { string($0) }
        let fields = ["url", "title", "text", "html", "published", "updated", "author"].map { optionalString($0, in: members) }
        var media: [PostMedia]? = []
        if let list = members.first(where: { $0.key == "media" })?.value, !list.isNull {
            media = self.list(list) { decoder, item in decoder.media(item) }
        }
        guard let id, fields.allSatisfy({ $0 != nil }), let media else { return nil }
        // A snapshot edited by hand is untrusted like a feed: links and media only at http(s) URLs, HTML sanitized again.
        return Post(id: id, url: FeedLink.webURL(fields[0]!), title: fields[1]!, text: fields[2]! ?? "",
                    html: PostHTML.clean(fields[3]! ?? "", base: nil), published: fields[4]!,
                    updated: fields[5]!, author: fields[6]!,
                    media: media.compactMap { item in FeedLink.webURL(item.url).map { PostMedia(url: $0, type: item.type, alt: item.alt) } })
    }

    mutating func media(_ value: JSONValue) -> PostMedia? {
        guard let members = object(value, what: "a media item (an object with a url)", keys: Self.mediaKeys) else { return nil }
        let url = required("url", in: value, members).flatMap { string($0) }
        let type = optionalString("type", in: members)
        let alt = optionalString("alt", in: members)
        guard let url, let type, let alt else { return nil }
        return PostMedia(url: url, type: type, alt: alt)
    }
}
