/// Reads a snapshot straight from its bytes into a `Snapshot`, without a `JSONValue` tree: the fast
/// path of `SnapshotDecoder.decode`, for the files `feedsite fetch` writes (keys in any order).
///
/// It gives up (nil) at the first thing that is not a snapshot as the tree decoder would accept it:
/// a syntax error, an unknown or repeated key, a wrong type, a missing member, a format, handle, date,
/// count, id or copy name the tree decoder refuses, a post id seen before. `SnapshotDecoder` then reads
/// the file again as a tree and reports every problem at its `file:line:col`, as before. Whatever it
/// accepts becomes the same `Snapshot` the tree decoder makes: strings go through the same reader
/// (or, when they are plain, are taken as they are: `JSONPlainString`), and fields through the same
/// checks and conversions (`SnapshotDecoder.checkedPost`, `isRFC3339`).
struct SnapshotStreamDecoder {
    /// The reader, used token by token.
    var reader: JSONReader
    /// The slug the file is named after; nil: the handle is not compared.
    let slug: String?
    /// The ids (as written) of the posts read so far: a second one is the tree decoder's to report.
    /// Compared as strings, as the tree decoder does (canonically equivalent ids are the same id).
    var ids: Set<String> = []
    /// Where escaped strings are decoded, kept from one to the next.
    var scratch: [UInt8] = []

    /// Prepares to read `bytes`, the file of the account `slug` (nil: any).
    init(_ bytes: [UInt8], slug: String?) {
        reader = JSONReader(bytes, file: "")
        self.slug = slug
        // Room for a usual snapshot's ids: growing the set hashes every id again (callgrind, clean build
        // of Benchmarks/posts.py 1000: inserting the ids 53 M -> 12 M instructions).
        ids.reserveCapacity(64)
    }
}

extension SnapshotStreamDecoder {
    /// The snapshot, or nil when the tree decoder must read the file (see the type's summary).
    mutating func decode() -> Snapshot? {
        reader.skipByteOrderMark()
        var handle: String?, record: SnapshotRecord?, posts: [Post]?, format = false
        let complete = object(Self.topKeys) { decoder, key in
            switch key {
            case 0:
                guard let literal = decoder.number(), Double(literal) == Double(Snapshot.formatVersion) else { return false }
                format = true
            case 1:
                guard let cleaned = decoder.string() else { return false }
                if let slug = decoder.slug, cleaned.lowercased() != slug { return false }
                handle = cleaned
            case 2: record = decoder.fetchRecord()
            default: posts = decoder.posts()
            }
            return true
        }
        guard complete, reader.peekAfterWhitespace() == nil, format, let handle, let record, let posts else { return nil }
        return Snapshot(handle: handle, record: record, posts: posts)
    }
}

private extension SnapshotStreamDecoder {
    static func keys(_ names: [String]) -> [[UInt8]] { names.map { Array($0.utf8) } }
    static let topKeys = keys(SnapshotDecoder.topKeys)
    static let fetchKeys = keys(SnapshotDecoder.fetchKeys)
    static let postKeys = keys(SnapshotDecoder.postKeys)
    static let mediaKeys = keys(SnapshotDecoder.mediaKeys)
    static let copyKeys = keys(SnapshotDecoder.copyKeys)

    /// Reads an object whose keys are among `keys`, each once, handing each member's position in `keys`
    /// to `member`, which reads the value and says whether it was as expected. False at the first surprise.
    mutating func object(_ keys: [[UInt8]], _ member: (inout SnapshotStreamDecoder, Int) -> Bool) -> Bool {
        guard reader.peekAfterWhitespace() == UInt8(ascii: "{") else { return false }
        reader.index += 1
        if reader.peekAfterWhitespace() == UInt8(ascii: "}") {
            reader.index += 1
            return true
        }
        var seen: UInt64 = 0, expected = 0
        while true {
            guard reader.peekAfterWhitespace() == UInt8(ascii: "\""), let key = key(in: keys, from: expected),
                  seen & (1 << key) == 0, reader.peekAfterWhitespace() == UInt8(ascii: ":") else { return false }
            seen |= 1 << key
            expected = key + 1
            reader.index += 1
            guard member(&self, key) else { return false }
            switch reader.peekAfterWhitespace() {
            case UInt8(ascii: ","): reader.index += 1
            case UInt8(ascii: "}"): reader.index += 1; return true
            default: return false
            }
        }
    }

    /// Reads an array, each element by `element`. False at the first surprise.
    mutating func array(_ element: (inout SnapshotStreamDecoder) -> Bool) -> Bool {
        guard reader.peekAfterWhitespace() == UInt8(ascii: "[") else { return false }
        reader.index += 1
        if reader.peekAfterWhitespace() == UInt8(ascii: "]") {
            reader.index += 1
            return true
        }
        while true {
            guard element(&self) else { return false }
            switch reader.peekAfterWhitespace() {
            case UInt8(ascii: ","): reader.index += 1
            case UInt8(ascii: "]"): reader.index += 1; return true
            default: return false
            }
        }
    }

    /// The position in `keys` of the key whose opening quote is the next byte, trying `expected`
    /// (the writer's order) first; nil for an unknown key or one with an escape.
    mutating func key(in keys: [[UInt8]], from expected: Int) -> Int? {
        // Each key compared in place with its closing quote, no name cut out first (callgrind, clean build of
        // Benchmarks/posts.py 1000: 59 M -> 22 M instructions). A key's letters hold no quote or backslash.
        let start = reader.index + 1
        let found = reader.bytes.withUnsafeBufferPointer { buffer -> Int? in
            func matches(_ key: [UInt8]) -> Bool {
                let end = start + key.count
                guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return false }
                return key.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: buffer[start..<end]).sameBytes(as: $0) }
            }
            return expected < keys.count && matches(keys[expected]) ? expected : keys.firstIndex(where: matches)
        }
        if let found { reader.index = start + keys[found].count + 1 }
        return found
    }

    /// The string at the next byte as written, escapes decoded, and whether it holds nothing that
    /// `ControlCharacters.removed` would take out; nil when something else stands there.
    mutating func writtenString() -> (text: String, isClean: Bool)? {
        guard reader.peekAfterWhitespace() == UInt8(ascii: "\"") else { return nil }
        // Most strings are plain: one pass over their bytes instead of the reader's run search, UTF-8
        // validation, comparison and control character search (callgrind, clean build of
        // Benchmarks/posts.py 1000: reading the strings 280 M -> 167 M instructions).
        let start = reader.index + 1
        if let plain = reader.bytes.withUnsafeBufferPointer({ JSONPlainString.find(in: $0, from: start) }) {
            reader.index = plain.bytes.upperBound + 1
            return (JSONPlainString.string(plain, of: reader.bytes, scratch: &scratch), true)
        }
        return (try? reader.readStringToken()).map { ($0, false) }
    }

    /// The string at the next byte, escapes decoded, without the characters `ControlCharacters`
    /// removes; nil when something else stands there.
    mutating func string() -> String? {
        guard let (text, isClean) = writtenString() else { return nil }
        return isClean ? text : ControlCharacters.removed(from: text)
    }

    /// A string or null, as `string()`: `.some(nil)` for null, nil when something else stands there.
    mutating func optionalString() -> String?? {
        if reader.peekAfterWhitespace() == UInt8(ascii: "n") { return (try? reader.readWordToken("null")).map { nil } }
        return string().map { .some($0) }
    }

    /// The literal of the number at the next byte; nil when something else stands there.
    mutating func number() -> String? {
        guard let byte = reader.peekAfterWhitespace(), byte == UInt8(ascii: "-") || byte.isASCIIDigit else { return nil }
        return try? reader.readNumberToken()
    }

    /// A whole number from `range` or null (`.some(nil)`), as `SnapshotDecoder` reads counts and pixels.
    mutating func optionalWholeNumber(in range: ClosedRange<Double>) -> Int?? {
        if reader.peekAfterWhitespace() == UInt8(ascii: "n") { return (try? reader.readWordToken("null")).map { nil } }
        guard let number = number().flatMap(Double.init), range.contains(number), number == number.rounded() else { return nil }
        return .some(Int(number))
    }

    /// `true`, `false`, or null (false); nil when something else stands there.
    mutating func optionalBool() -> Bool? {
        let word: StaticString, value: Bool
        switch reader.peekAfterWhitespace() {
        case UInt8(ascii: "t"): (word, value) = ("true", true)
        case UInt8(ascii: "f"): (word, value) = ("false", false)
        case UInt8(ascii: "n"): (word, value) = ("null", false)
        default: return nil
        }
        return (try? reader.readWordToken(word)).map { value }
    }

    /// A string or null with control characters removed, and an RFC 3339 date when it is one of the dates.
    mutating func field(isDate: Bool) -> String?? {
        guard let cleaned = optionalString() else { return nil }
        if isDate, let cleaned, !SnapshotDecoder.isRFC3339(cleaned) { return nil }
        return .some(cleaned)
    }

    mutating func fetchRecord() -> SnapshotRecord? {
        var source: String?, fields = [String?](repeating: nil, count: 6), limit: Int?
        let complete = object(Self.fetchKeys) { decoder, key in
            switch key {
            case 0:
                source = decoder.string()
                return source != nil
            case 6:
                guard let count = decoder.optionalWholeNumber(in: 1...Double(Int32.max)) else { return false }
                limit = count
                return true
            default:
                guard let value = decoder.field(isDate: key == 3 || key == 4) else { return false }
                fields[key == 7 ? 5 : key - 1] = value
                return true
            }
        }
        guard complete, let source else { return nil }
        if let id = fields[5], !XAPIDocument.isID(id) { return nil }
        return SnapshotRecord(source: source, etag: fields[0], lastModified: fields[1], fetchedAt: fields[2], changedAt: fields[3],
                              error: fields[4], postLimit: limit, xUserID: fields[5])
    }

    mutating func posts() -> [Post]? {
        var posts: [Post] = []
        let complete = array { decoder in
            guard let post = decoder.post() else { return false }
            posts.append(post)
            return true
        }
        return complete ? posts : nil
    }

    mutating func post() -> Post? {
        // Each field in its own variable, not in an array made for each post (callgrind, clean build of
        // Benchmarks/posts.py 1000: reading the posts ~33 M fewer instructions, the array's allocation and releases).
        var id: String?, url: String?, title: String?, text: String?, html: String?, published: String?, updated: String?, author: String?
        var media: [PostMedia] = [], isReply = false, isRepost = false
        let complete = object(Self.postKeys) { decoder, key in
            switch key {
            case 0:
                guard let (raw, isClean) = decoder.writtenString() else { return false }
                guard decoder.ids.insert(raw).inserted else { return false }
                id = isClean ? raw : ControlCharacters.removed(from: raw)
            case 8, 9:
                guard let flag = decoder.optionalBool() else { return false }
                if key == 8 { isReply = flag } else { isRepost = flag }
            case 10:
                if decoder.reader.peekAfterWhitespace() == UInt8(ascii: "n") { return (try? decoder.reader.readWordToken("null")) != nil }
                guard let items = decoder.media() else { return false }
                media = items
            default:
                guard let value = decoder.field(isDate: key == 5 || key == 6) else { return false }
                switch key {
                case 1: url = value
                case 2: title = value
                case 3: text = value
                case 4: html = value
                case 5: published = value
                case 6: updated = value
                default: author = value
                }
            }
            return true
        }
        guard complete, let id else { return nil }
        return SnapshotDecoder.checkedPost(id: id, url: url, title: title, text: text, html: html, published: published, updated: updated,
                                           author: author, media: media, isReply: isReply, isRepost: isRepost)
    }

    mutating func media() -> [PostMedia]? {
        var items: [PostMedia] = []
        let complete = array { decoder in
            var url: String?, type: String?, alt: String?, copy: MediaCopy?
            let item = decoder.object(Self.mediaKeys) { decoder, key in
                switch key {
                case 0:
                    url = decoder.string()
                    return url != nil
                case 3:
                    if decoder.reader.peekAfterWhitespace() == UInt8(ascii: "n") { return (try? decoder.reader.readWordToken("null")) != nil }
                    copy = decoder.mediaCopy()
                    return copy != nil
                default:
                    guard let value = decoder.field(isDate: false) else { return false }
                    if key == 1 { type = value } else { alt = value }
                    return true
                }
            }
            guard item, let url else { return false }
            items.append(PostMedia(url: url, type: type, alt: alt, copy: copy))
            return true
        }
        return complete ? items : nil
    }

    mutating func mediaCopy() -> MediaCopy? {
        var file: String?, type: String?, width: Int?, height: Int?, etag: String?, lastModified: String?
        let complete = object(Self.copyKeys) { decoder, key in
            switch key {
            case 0, 1:
                guard let text = decoder.string() else { return false }
                if key == 0 { file = text } else { type = text }
            case 2, 3:
                guard let pixels = decoder.optionalWholeNumber(in: 1...1_000_000) else { return false }
                if key == 2 { width = pixels } else { height = pixels }
            default:
                guard let value = decoder.field(isDate: false) else { return false }
                if key == 4 { etag = value } else { lastModified = value }
            }
            return true
        }
        guard complete, let file, MediaCopy.isFileName(file), let type else { return nil }
        return MediaCopy(file: file, type: type, width: width, height: height, etag: etag, lastModified: lastModified)
    }
}
