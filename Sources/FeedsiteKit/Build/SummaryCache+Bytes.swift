import Synchronization

/// The cache file: a header line with the format's version, a checksum of the rest, then the
/// fields in `BinaryWriter`'s encoding (decoding 10,000 accounts takes milliseconds, not a JSON tree).
/// Each account's fields are preceded by a table of their lengths, so that they are decoded on all cores.
extension SummaryCache {
    /// The header; another version of feedsite that writes another layout writes another header
    /// (2: the table of the accounts' lengths; 3: the decoded site.yml).
    static let header = Array("feedsite-cache 3\n".utf8)

    /// The file's bytes.
    var bytes: [UInt8] {
        // The header, the checksum and the fields in one buffer, the checksum put in last: no copy of the
        // 13 MB at 10,000 accounts (perf, Benchmarks/one_change.py: its page faults 6,300 -> 3,500 a build).
        let section = config.map { config in
            var section = BinaryWriter()
            config.write(to: &section)
            return section.bytes
        }
        var payload = BinaryWriter()
        let copied = (section?.count ?? encodedConfig?.bytes.count ?? 0) + encodedAccounts.reduce(0) { $0 + ($1?.count ?? 1_536) }
            + max(0, accounts.count - encodedAccounts.count) * 1_536
        payload.reserve(Self.header.count + 8 + inputs.snapshots.count * 64 + copied + pool.kept.count * 1_024)
        payload.add(encoded: Self.header[...])
        let start = payload.bytes.count + 8
        payload.add(UInt64(0))
        payload.add(fingerprint)
        payload.add(inputs.base)
        // The decoded site.yml, by its length, so that it is read before the rest and skipped after.
        if let section, section.count <= Self.maximumConfigBytes(accounts: accounts.count) {
            payload.add(true)
            payload.add(section.count)
            payload.add(encoded: section[...])
        } else if config == nil, let encodedConfig {
            payload.add(true)
            payload.add(encodedConfig.bytes.count)
            payload.add(encoded: encodedConfig.bytes)
        } else {
            payload.add(false)
        }
        payload.add(inputs.snapshots.count)
        for (name, stamp) in inputs.snapshots {
            payload.add(name)
            payload.add(stamp.size)
            payload.add(stamp.seconds)
            payload.add(stamp.nanoseconds)
            payload.add(stamp.inode)
        }
        payload.add(accounts.count)
        payload.add(pool.depth)
        let lengths = payload.bytes.count
        for _ in accounts.indices { payload.add(UInt64(0)) }
        for (index, account) in accounts.enumerated() {
            let accountStart = payload.bytes.count
            defer { payload.put(UInt64(payload.bytes.count - accountStart), at: lengths + 8 * index) }
            if index < encodedAccounts.count, let encoded = encodedAccounts[index] {
                payload.add(encoded: encoded)
                continue
            }
            payload.add(account.snapshot != nil)
            if let snapshot = account.snapshot { Self.write(snapshot, to: &payload) }
            payload.add(account.origins.count)
            for origin in account.origins.sorted() { payload.add(origin) }
            payload.add(account.check != nil)
            if let check = account.check {
                payload.add(check.intentURLs)
                payload.add(check.links)
            }
        }
        payload.add(pool.cut != nil)
        if let cut = pool.cut { Self.write(cut, to: &payload) }
        payload.add(pool.kept.count)
        for candidate in pool.kept { Self.write(candidate, to: &payload) }
        var hash = Hasher64()
        hash.add(payload.bytes[start...])
        payload.put(hash.value, at: start - 8)
        return payload.bytes
    }

    /// Whether `bytes` start with the header and the checksum of the rest.
    static func checksumHolds(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: header), bytes.count >= header.count + 8 else { return false }
        var reader = BinaryReader(bytes, from: header.count)
        guard let checksum = try? reader.uint64() else { return false }
        var hash = Hasher64()
        hash.add(bytes[reader.offset...])
        return hash.value == checksum
    }

    /// The decoded site.yml a cache file's `bytes` (its checksum checked: `checkedBytes`) holds, when it was decoded
    /// from the inputs whose hash is `base` with `key`; nil otherwise, or when it is malformed.
    static func config(in bytes: [UInt8], base: UInt64, key: CachedConfig.Key) -> SiteConfig? {
        var reader = BinaryReader(bytes, from: header.count + 16)
        guard bytes.starts(with: header), (try? reader.uint64()) == base, (try? reader.bool()) == true,
              let length = try? reader.count(upTo: bytes.count - reader.offset) else { return nil }
        let end = reader.offset + length
        guard let cached = try? CachedConfig.read(&reader), reader.offset == end, cached.key == key, cached.holdsToday else { return nil }
        return cached.config
    }

    /// The hash of the inputs but the snapshots (`BuildInputs.base`) of the build that wrote a cache file's `bytes`.
    static func base(of bytes: [UInt8]) -> UInt64? {
        var reader = BinaryReader(bytes, from: header.count + 16)
        return bytes.starts(with: header) ? try? reader.uint64() : nil
    }

    /// Reads the file's `bytes` for a build of `config`; throws at anything feedsite would not have
    /// written for it (other version, checksum, counts or indices out of range). `checked`: the
    /// checksum was found right already (`checkedBytes`). `contents`: `Contents(bytes:)`, read already.
    init(bytes: [UInt8], config: SiteConfig, checked: Bool = false, contents read: Contents? = nil) throws(BinaryReader.Malformed) {
        guard checked || Self.checksumHolds(bytes) else { throw BinaryReader.Malformed() }
        var pool = RiverCandidates(config: config)
        let contents: Contents
        if let read {
            contents = read
        } else {
            contents = try Contents(bytes: bytes, accounts: config.accounts.count, depth: pool.depth)
        }
        guard contents.accounts.count == config.accounts.count, contents.depth == pool.depth else { throw BinaryReader.Malformed() }
        fingerprint = contents.fingerprint
        inputs = contents.inputs
        encodedConfig = contents.encodedConfig
        accounts = contents.accounts
        encodedAccounts = contents.encodedAccounts
        var reader = BinaryReader(bytes, from: contents.end)
        let cut = try reader.bool() ? try Self.candidate(&reader, accounts: accounts.count) : nil
        let keptCount = try reader.count(upTo: bytes.count)
        var kept: [RiverCandidates.Candidate] = []
        kept.reserveCapacity(min(keptCount, bytes.count / 80))
        for _ in 0..<keptCount { kept.append(try Self.candidate(&reader, accounts: accounts.count)) }
        guard reader.isAtEnd else { throw BinaryReader.Malformed() }
        pool = RiverCandidates(config: config, kept: kept, cut: cut)
        self.pool = pool
    }
}

extension SummaryCache {
    /// What a cache file holds before the river's pool, which needs no config to read: so that it can be
    /// read on other cores while site.yml is decoded.
    struct Contents: Sendable {
        var fingerprint: UInt64
        var inputs: BuildInputs
        var encodedConfig: (key: CachedConfig.Key, bytes: ArraySlice<UInt8>)?
        /// The river's depth the writing build had (`RiverCandidates.depth`).
        var depth: Int
        var accounts: [Account]
        var encodedAccounts: [ArraySlice<UInt8>?]
        /// Where the river's pool starts.
        var end: Int

        /// Reads the contents of a cache file's `bytes`; with `accounts` and `depth`, throws before decoding the accounts
        /// when the file holds another number of them or another depth.
        init(bytes: [UInt8], accounts expected: Int? = nil, depth expectedDepth: Int? = nil) throws(BinaryReader.Malformed) {
            guard bytes.starts(with: SummaryCache.header) else { throw BinaryReader.Malformed() }
            var reader = BinaryReader(bytes, from: SummaryCache.header.count + 8)
            fingerprint = try reader.uint64()
            let base = try reader.uint64()
            if try reader.bool() {
                let length = try reader.count(upTo: bytes.count - reader.offset)
                var keyReader = reader
                let key = try CachedConfig.key(&keyReader)
                guard keyReader.offset <= reader.offset + length else { throw BinaryReader.Malformed() }
                // Skipped first, which refuses a length past the end (the bound above was taken before the length was read).
                let start = reader.offset
                try reader.skip(length)
                encodedConfig = (key, bytes[start..<start + length])
            }
            let snapshotCount = try reader.count(upTo: bytes.count)
            var snapshots: [(name: String, stamp: BuildManifest.Stamp)] = []
            // A count is believed no further than the bytes left could hold (each entry takes more than 40).
            snapshots.reserveCapacity(min(snapshotCount, bytes.count / 40))
            for _ in 0..<snapshotCount {
                let name = try reader.string()
                let stamp = BuildManifest.Stamp(size: try reader.int(), seconds: try reader.int(), nanoseconds: try reader.int(), inode: try reader.uint64())
                snapshots.append((name, stamp))
            }
            inputs = BuildInputs(base: base, snapshots: snapshots)
            let accountCount = try reader.count(upTo: bytes.count)
            let depth = try reader.int()
            guard expected == nil || expected == accountCount, expectedDepth == nil || expectedDepth == depth,
                  accountCount <= (bytes.count - reader.offset) / 8 else { throw BinaryReader.Malformed() }
            self.depth = depth
            var starts: [Int] = []
            starts.reserveCapacity(accountCount)
            var end = reader.offset + 8 * accountCount
            for _ in 0..<accountCount {
                starts.append(end)
                end += try reader.count(upTo: bytes.count - end)
            }
            let decoded = try SummaryCache.accounts(in: bytes, starts: starts, end: end)
            accounts = decoded.accounts
            encodedAccounts = decoded.encoded
            self.end = end
        }
    }
}

private extension SummaryCache {
    /// The accounts whose fields start at `starts` (the last ending at `end`), decoded on all cores, each with
    /// its bytes; throws when one is malformed or does not end where the next starts.
    static func accounts(in bytes: [UInt8], starts: [Int], end: Int) throws(BinaryReader.Malformed)
        -> (accounts: [Account], encoded: [ArraySlice<UInt8>?]) {
        // Two cores for the 10,000 accounts' newest posts (perf, Benchmarks/one_change.py: reading the cache took 9.0% of
        // the build's CPU, all on the main thread; now 3.2% there and 4.7% on both cores, about 68 -> 41 ms of wall).
        let decoded = Mutex<[(Int, [Account])]>([])
        try ParallelLoop.run(count: starts.count, chunk: 512) { chunks throws(BinaryReader.Malformed) in
            var mine: [(Int, [Account])] = []
            for range in chunks {
                var accounts: [Account] = []
                accounts.reserveCapacity(range.count)
                for index in range {
                    var reader = BinaryReader(bytes, from: starts[index])
                    accounts.append(try account(&reader))
                    guard reader.offset == (index + 1 < starts.count ? starts[index + 1] : end) else { throw BinaryReader.Malformed() }
                }
                mine.append((range.lowerBound, accounts))
            }
            decoded.withLock { $0 += mine }
        }
        var accounts: [Account] = []
        accounts.reserveCapacity(starts.count)
        for (_, chunk) in decoded.withLock({ $0 }).sorted(by: { $0.0 < $1.0 }) { accounts += chunk }
        let encoded = starts.indices.map { index in bytes[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : end)] }
        return (accounts, encoded)
    }

    /// One account's fields.
    static func account(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Account {
        let snapshot = try reader.bool() ? try snapshot(&reader) : nil
        var origins = Set<String>()
        for _ in 0..<(try reader.count(upTo: reader.bytes.count)) { origins.insert(try reader.string()) }
        let check = try reader.bool() ? PageCheck(intentURLs: try reader.count(upTo: Int(Int32.max)), links: try reader.count(upTo: Int(Int32.max))) : nil
        return Account(snapshot: snapshot, origins: origins, check: check)
    }

    static func write(_ snapshot: Snapshot, to out: inout BinaryWriter) {
        out.add(snapshot.handle)
        let record = snapshot.record
        out.add(record.source)
        out.add(record.etag)
        out.add(record.lastModified)
        out.add(record.fetchedAt)
        out.add(record.changedAt)
        out.add(record.error)
        out.add(record.postLimit)
        out.add(record.xUserID)
        out.add(snapshot.posts.count)
        for post in snapshot.posts { write(post, to: &out) }
    }

    static func snapshot(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Snapshot {
        let handle = try reader.string()
        let record = SnapshotRecord(source: try reader.string(), etag: try reader.optionalString(), lastModified: try reader.optionalString(),
                                    fetchedAt: try reader.optionalString(), changedAt: try reader.optionalString(),
                                    error: try reader.optionalString(), postLimit: try reader.optionalInt(), xUserID: try reader.optionalString())
        var posts: [Post] = []
        for _ in 0..<(try reader.count(upTo: 1)) { posts.append(try post(&reader)) }
        return Snapshot(handle: handle, record: record, posts: posts)
    }

    static func write(_ post: Post, to out: inout BinaryWriter) {
        out.add(post.id)
        out.add(post.url)
        out.add(post.title)
        out.add(post.text)
        out.add(post.html)
        out.add(post.published)
        out.add(post.updated)
        out.add(post.author)
        out.add(post.media.count)
        for media in post.media {
            out.add(media.url)
            out.add(media.type)
            out.add(media.alt)
            out.add(media.copy != nil)
            if let copy = media.copy {
                out.add(copy.file)
                out.add(copy.type)
                out.add(copy.width)
                out.add(copy.height)
                out.add(copy.etag)
                out.add(copy.lastModified)
            }
        }
        out.add(post.isReply)
        out.add(post.isRepost)
    }

    static func post(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Post {
        var post = Post(id: try reader.string())
        post.url = try reader.optionalString()
        post.title = try reader.optionalString()
        post.text = try reader.string()
        post.html = try reader.string()
        post.published = try reader.optionalString()
        post.updated = try reader.optionalString()
        post.author = try reader.optionalString()
        for _ in 0..<(try reader.count(upTo: reader.bytes.count)) {
            var media = PostMedia(url: try reader.string())
            media.type = try reader.optionalString()
            media.alt = try reader.optionalString()
            if try reader.bool() {
                media.copy = MediaCopy(file: try reader.string(), type: try reader.string(), width: try reader.optionalInt(),
                                       height: try reader.optionalInt(), etag: try reader.optionalString(), lastModified: try reader.optionalString())
            }
            post.media.append(media)
        }
        post.isReply = try reader.bool()
        post.isRepost = try reader.bool()
        // A checksum tells damage, not intent: a post is taken only as the snapshot decoder would leave it
        // (links http(s), HTML the sanitizer's own), so a crafted cache cannot put markup on a page.
        let checked = SnapshotDecoder.checkedPost(id: post.id, url: post.url, title: post.title, text: post.text, html: post.html,
                                                  published: post.published, updated: post.updated, author: post.author, media: post.media,
                                                  isReply: post.isReply, isRepost: post.isRepost)
        guard checked == post else { throw BinaryReader.Malformed() }
        return post
    }

    static func write(_ candidate: RiverCandidates.Candidate, to out: inout BinaryWriter) {
        out.add(candidate.entry.account)
        out.add(candidate.position)
        write(candidate.entry.post, to: &out)
    }

    /// A candidate of the pool; its key, id and display time are worked out again from its post.
    static func candidate(_ reader: inout BinaryReader, accounts: Int) throws(BinaryReader.Malformed) -> RiverCandidates.Candidate {
        guard accounts > 0 else { throw BinaryReader.Malformed() }
        let account = try reader.count(upTo: accounts - 1)
        let position = try reader.count(upTo: Int(Int32.max))
        let post = try post(&reader)
        let entry = River.entries([post], account: account)[0]
        return RiverCandidates.Candidate(entry: entry, position: position, key: PostOrder.key(of: post), id: PostAnchor.globalID(of: post))
    }
}
