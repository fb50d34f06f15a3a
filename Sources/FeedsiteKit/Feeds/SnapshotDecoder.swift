/// Reads a snapshot file back, checking its shape: a file broken by hand is reported at its
/// `file:line:col` with what was expected, like site.yml. A file edited by hand is untrusted: its
/// handle must be its file's, each object's keys and each post's id appear once, and dates are RFC 3339.
struct SnapshotDecoder {
    let bytes: [UInt8]
    let file: String
    /// The slug the file is named after (`jack` for `jack.json`); nil: the handle is not compared.
    let slug: String?
    private(set) var diagnostics: [Diagnostic] = []

    static let topKeys = ["format", "handle", "fetch", "posts"]
    static let fetchKeys = ["source", "etag", "last_modified", "fetched_at", "changed_at", "error", "posts_limit", "x_user_id"]
    static let postKeys = ["id", "url", "title", "text", "html", "published", "updated", "author", "is_reply", "is_repost", "media"]
    static let mediaKeys = ["url", "type", "alt", "copy"]
    static let copyKeys = ["file", "type", "width", "height", "etag", "last_modified"]
    static let hint = "fix the file by hand, or delete it: the next 'feedsite fetch' writes it again"

    /// Lines and columns, found only when a problem is reported (callgrind, clean build of
    /// Benchmarks/generate_site.py 1000 --posts 20: indexing every snapshot's lines took 132 M).
    private lazy var text = SourceText(bytes, file: file)

    init(_ bytes: [UInt8], file: String, slug: String? = nil) {
        self.bytes = bytes
        self.file = file
        self.slug = slug
    }
}

extension SnapshotDecoder {
    /// The snapshot, or nil after recording every problem in `diagnostics`.
    mutating func decode() -> Snapshot? {
        // Straight from the bytes when the file is as fetch writes it (callgrind, clean build of
        // Benchmarks/posts.py 1000: decoding 1,240 M -> 876 M instructions, with the date and control
        // character checks below made faster too); as a tree, with every message, otherwise.
        var stream = SnapshotStreamDecoder(bytes, slug: slug)
        return stream.decode() ?? decodeTree()
    }

    /// As `decode`, always through a `JSONValue` tree: the path that reports problems.
    mutating func decodeTree() -> Snapshot? {
        let root: JSONValue
        do {
            root = try JSONReader.read(bytes, file: file)
        } catch {
            diagnostics.append(Diagnostic(at: error.location, error.message, hint: Self.hint))
            return nil
        }
        guard let members = object(root, what: "a snapshot (an object with format, handle, fetch and posts)", keys: Self.topKeys) else { return nil }
        if let format = required("format", in: root, members) { checkFormat(format) }
        let handle = required("handle", in: root, members).flatMap { checkedHandle($0) }
        let record = required("fetch", in: root, members).flatMap { fetchRecord($0) }
        let postValues = required("posts", in: root, members)
        let posts = postValues.flatMap { list($0) { decoder, value in decoder.post(value) } }
        if let elements = postValues?.array { checkUniqueIDs(elements) }
        guard diagnostics.isEmpty, let handle, let record, let posts else { return nil }
        return Snapshot(handle: handle, record: record, posts: posts)
    }
}

extension SnapshotDecoder {
    /// The post a snapshot's fields make, strings already without control characters: a snapshot
    /// edited by hand is untrusted like a feed, so links and media are kept only at http(s) URLs and
    /// the HTML is sanitized again unless it is exactly the sanitizer's own output. Both decoders end here.
    static func checkedPost(id: String, url: String?, title: String?, text: String?, html: String?, published: String?,
                            updated: String?, author: String?, media: [PostMedia], isReply: Bool, isRepost: Bool) -> Post {
        Post(id: id, url: webURL(url), title: title, text: text ?? "", html: PostHTML.stored(html ?? ""), published: published,
             updated: updated, author: author,
             media: media.compactMap { item in webURL(item.url).map { PostMedia(url: $0, type: item.type, alt: item.alt, copy: item.copy) } },
             isReply: isReply, isRepost: isRepost)
    }

    /// `FeedLink.webURL(link)`, at once for what fetch writes: `http://` or `https://` and then nothing
    /// but printable ASCII without space, which that leaves as it is.
    static func webURL(_ link: String?) -> String? {
        // Callgrind, clean build of Benchmarks/posts.py 1000: FeedLink.webURL took 30 M instructions on these links.
        guard var link else { return nil }
        let plain = link.withUTF8 { bytes in
            func starts(with scheme: StaticString) -> Bool {
                bytes.count >= scheme.utf8CodeUnitCount && UnsafeBufferPointer(rebasing: bytes[..<scheme.utf8CodeUnitCount]).sameBytes(as: scheme)
            }
            return (starts(with: "https://") || starts(with: "http://")) && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
        return plain ? link : FeedLink.webURL(link)
    }

    /// Whether `text` is an RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or `±HH:MM`.
    static func isRFC3339(_ text: String) -> Bool {
        // What fetch writes, at once (callgrind, clean build of Benchmarks/posts.py 1000: 57 M -> 14 M instructions).
        if FeedDate.isCanonical(text) { return true }
        let bytes = Array(text.utf8)
        func shape(_ pattern: String, at start: Int) -> Bool {
            let expected = Array(pattern.utf8)
            guard start + expected.count <= bytes.count else { return false }
            return zip(expected, bytes[start...]).allSatisfy { want, byte in want == UInt8(ascii: "9") ? byte.isASCIIDigit : want == byte }
        }
        guard shape("9999-99-99", at: 0), bytes.count > 10, bytes[10] | 0x20 == UInt8(ascii: "t"), shape("99:99:99", at: 11) else { return false }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
            if index == digits { return false }
        }
        let zone = bytes.count - index == 1 ? bytes[index] | 0x20 == UInt8(ascii: "z")
            : bytes.count - index == 6 && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) && shape("99:99", at: index + 1)
        // The fields in range (month 13, hour 24 are not dates): FeedDate reads only valid ones.
        return zone && FeedDate.rfc3339(text) != nil
    }
}

private extension SnapshotDecoder {
    mutating func problem(_ value: JSONValue, _ message: String, hint: String = Self.hint) {
        diagnostics.append(Diagnostic(at: text.location(of: value.offset), message, hint: hint))
    }

    /// The format as written (`2`, `2.0`, `"1"`), for messages.
    func literal(_ value: JSONValue) -> String {
        switch value.kind {
        case .number(let literal): literal
        case .string(let string): JSONString.quoted(string)
        default: value.kindName
        }
    }

    mutating func checkFormat(_ format: JSONValue) {
        guard format.number != Double(Snapshot.formatVersion) else { return }
        let newer = format.number.map { $0 > Double(Snapshot.formatVersion) } ?? false
        problem(format, "snapshot format \(literal(format)) is not one this feedsite reads: it reads \"format\": \(Snapshot.formatVersion) only",
                hint: newer ? "a newer feedsite wrote this file: upgrade feedsite, or delete the file and run 'feedsite fetch' to write it again"
                    : "delete the file and run 'feedsite fetch' to write it again")
    }

    /// The handle, which must be the one the file is named after (in any case, as page folders are).
    mutating func checkedHandle(_ value: JSONValue) -> String? {
        guard let handle = string(value) else { return nil }
        if let slug, handle.lowercased() != slug {
            problem(value, "the snapshot's handle '\(handle)' is not the one its file is named after: expected '\(slug)' (in any case)",
                    hint: "a snapshot belongs to the account its file is named after: write \"handle\": \"\(slug)\", or rename the file to \(handle.lowercased()).json")
            return nil
        }
        return handle
    }

    /// Reports each post whose id an earlier post already has, at its id.
    mutating func checkUniqueIDs(_ posts: [JSONValue]) {
        var first: [String: Int] = [:]
        for post in posts {
            guard let id = post.member("id"), let text = id.string else { continue }
            if let offset = first[text] {
                problem(id, "a second post with the id '\(text)'; the first is on line \(self.text.location(of: offset).line)",
                        hint: "each post's id appears once: remove one of the two posts, or give it its own id")
            } else {
                first[text] = id.offset
            }
        }
    }

    /// A date (`published`, `fetched_at`, …) must be RFC 3339, as feedsite writes it.
    mutating func checkDate(_ key: String, _ date: String?, in members: [JSONMember]) {
        guard let date, !Self.isRFC3339(date), let value = members.first(where: { $0.key == key })?.value else { return }
        problem(value, "\"\(key)\" is not an RFC 3339 date: '\(date)'",
                hint: "write it as 2026-11-29T14:03:00Z (or with an offset, 2026-11-29T15:03:00+01:00), or null")
    }

    /// The members of an object whose keys are all among `keys` (others are reported with a suggestion).
    mutating func object(_ value: JSONValue, what: String, keys: [String]) -> [JSONMember]? {
        guard let members = value.members else {
            problem(value, "expected \(what), found \(value.kindName)")
            return nil
        }
        // Every key known and there once, one bit a key: the common case, without a dictionary of
        // offsets (callgrind, clean build of Benchmarks/generate_site.py 100 --posts 20: 40 M -> 4 M).
        var known: UInt64 = 0
        let plain = members.allSatisfy { member in
            guard let position = keys.firstIndex(of: member.key), known & (1 << position) == 0 else { return false }
            known |= 1 << position
            return true
        }
        if plain { return members }
        var seen: [String: Int] = [:]
        for member in members {
            if let first = seen[member.key] {
                diagnostics.append(Diagnostic(at: text.location(of: member.keyOffset),
                                              "the key \"\(member.key)\" appears a second time in this object; the first is on line \(text.location(of: first).line)",
                                              hint: "keep one of the two: a key appears once in an object"))
                continue
            }
            seen[member.key] = member.keyOffset
            if !keys.contains(member.key) {
                diagnostics.append(Diagnostic(at: text.location(of: member.keyOffset), "unknown key '\(member.key)' in a snapshot",
                                              hint: Suggestion.didYouMean(member.key, in: keys) ?? "the keys are: " + keys.joined(separator: ", ")))
            }
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
        // A snapshot edited by hand follows the feeds' rule: no control characters reach a page.
        return ControlCharacters.removed(from: text)
    }

    /// A string or null at `key`; an absent key is null. The outer nil means a wrong type was reported.
    mutating func optionalString(_ key: String, in members: [JSONMember]) -> String?? {
        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return .some(nil) }
        guard let text = value.string else {
            problem(value, "expected a string or null for \"\(key)\", found \(value.kindName)")
            return nil
        }
        return .some(ControlCharacters.removed(from: text))
    }

    /// A whole number from 1 or null at `key`; an absent key is null. The outer nil means a wrong value was reported.
    mutating func optionalCount(_ key: String, in members: [JSONMember]) -> Int?? {
        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return .some(nil) }
        guard let number = value.number, number >= 1, number <= Double(Int32.max), number == number.rounded() else {
            problem(value, "expected a whole number from 1 or null for \"\(key)\", found \(literal(value))")
            return nil
        }
        return .some(Int(number))
    }

    /// A boolean at `key`; absent or null is false. Nil means a wrong type was reported.
    mutating func optionalBool(_ key: String, in members: [JSONMember]) -> Bool? {
        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return false }
        guard let flag = value.bool else {
            problem(value, "expected true or false for \"\(key)\", found \(value.kindName)")
            return nil
        }
        return flag
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
        let fields = ["etag", "last_modified", "fetched_at", "changed_at", "error", "x_user_id"].map { optionalString($0, in: members) }
        checkDate("fetched_at", fields[2] ?? nil, in: members)
        checkDate("changed_at", fields[3] ?? nil, in: members)
        let postLimit = optionalCount("posts_limit", in: members)
        if let id = fields[5] ?? nil, !XAPIDocument.isID(id), let value = members.first(where: { $0.key == "x_user_id" })?.value {
            // It goes into a request's path: nothing but digits.
            problem(value, "expected \"x_user_id\" to be an X user id (digits), found '\(id)'")
            return nil
        }
        guard let source, fields.allSatisfy({ $0 != nil }), let postLimit else { return nil }
        return SnapshotRecord(source: source, etag: fields[0]!, lastModified: fields[1]!, fetchedAt: fields[2]!, changedAt: fields[3]!,
                              error: fields[4]!, postLimit: postLimit, xUserID: fields[5]!)
    }

    mutating func post(_ value: JSONValue) -> Post? {
        guard let members = object(value, what: "a post (an object with at least an id)", keys: Self.postKeys) else { return nil }
        let id = required("id", in: value, members).flatMap { string($0) }
        let fields = ["url", "title", "text", "html", "published", "updated", "author"].map { optionalString($0, in: members) }
        checkDate("published", fields[4] ?? nil, in: members)
        checkDate("updated", fields[5] ?? nil, in: members)
        var media: [PostMedia]? = []
        if let list = members.first(where: { $0.key == "media" })?.value, !list.isNull {
            media = self.list(list) { decoder, item in decoder.media(item) }
        }
        let isReply = optionalBool("is_reply", in: members)
        let isRepost = optionalBool("is_repost", in: members)
        guard let id, fields.allSatisfy({ $0 != nil }), let media, let isReply, let isRepost else { return nil }
        return Self.checkedPost(id: id, url: fields[0]!, title: fields[1]!, text: fields[2]!, html: fields[3]!, published: fields[4]!,
                                updated: fields[5]!, author: fields[6]!, media: media, isReply: isReply, isRepost: isRepost)
    }

    mutating func media(_ value: JSONValue) -> PostMedia? {
        guard let members = object(value, what: "a media item (an object with a url)", keys: Self.mediaKeys) else { return nil }
        let url = required("url", in: value, members).flatMap { string($0) }
        let type = optionalString("type", in: members)
        let alt = optionalString("alt", in: members)
        var copy: MediaCopy?? = .some(nil)
        if let value = members.first(where: { $0.key == "copy" })?.value, !value.isNull { copy = mediaCopy(value) }
        guard let url, let type, let alt, let copy else { return nil }
        return PostMedia(url: url, type: type, alt: alt, copy: copy)
    }

    /// A media item's copy; its file must be a name feedsite gives copies (never a path elsewhere).
    mutating func mediaCopy(_ value: JSONValue) -> MediaCopy?? {
        guard let members = object(value, what: "a media copy (an object with file and type)", keys: Self.copyKeys) else { return nil }
        let fileValue = required("file", in: value, members)
        let file = fileValue.flatMap { string($0) }
        if let fileValue, let file, !MediaCopy.isFileName(file) {
            problem(fileValue, "\"\(file)\" is not the name of a copy feedsite made (16 hex digits and .png, .jpg, .gif, .webp or .avif)")
            return nil
        }
        let type = required("type", in: value, members).flatMap { string($0) }
        let width = dimension("width", in: members), height = dimension("height", in: members)
        let etag = optionalString("etag", in: members), lastModified = optionalString("last_modified", in: members)
        guard let file, let type, let width, let height, let etag, let lastModified else { return nil }
        return .some(MediaCopy(file: file, type: type, width: width, height: height, etag: etag, lastModified: lastModified))
    }

    /// A whole number of pixels or null at `key`; an absent key is null. The outer nil means a wrong value was reported.
    mutating func dimension(_ key: String, in members: [JSONMember]) -> Int?? {
        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return .some(nil) }
        guard let number = value.number, number >= 1, number <= 1_000_000, number == number.rounded() else {
            problem(value, "expected a whole number of pixels from 1 to 1000000 or null for \"\(key)\", found \(value.kindName)")
            return nil
        }
        return .some(Int(number))
    }
}
