/// The images of `media: copy` during `feedsite fetch`, once the feeds are read: each image of an
/// account's posts is downloaded through `CurlTransfers` (the feeds' timeouts, redirects, proxies),
/// at most `media_size_limit` bytes, conditionally when an earlier copy has validators; its type is
/// read from its bytes; the copies are kept in `snapshots/media/` up to `media_total_limit` per
/// account. An image that is not copied leaves its post as it is, shown as a link, and is reported;
/// it never fails the feed.
struct MediaDownloads {
    let folder: MediaFolder
    /// The feeds' limits; `maximumBytes` is replaced by each account's `media_size_limit`.
    let limits: FetchLimits
    /// The fetch's stop: no copy is written once it is stopped, and a stop waits for the copy being written.
    var stop = FetchStop()

    /// One account's snapshot after its feed was read.
    struct Entry {
        let account: Account
        var snapshot: Snapshot
    }

    /// An image that was not copied, or whose copy was not renewed.
    struct Failure: Equatable {
        let handle: String
        /// The image's URL, a password shown as `***`.
        let url: String
        let reason: String
    }
}

extension MediaDownloads {
    /// Whether an account's snapshot goes through the downloads: its account copies media, or it
    /// holds copies to forget (the account no longer does).
    static func applies(to account: Account, _ snapshot: Snapshot?) -> Bool {
        guard let snapshot else { return false }
        return account.mediaPolicy == .copy || snapshot.posts.contains { $0.media.contains { $0.copy != nil } }
    }

    /// Downloads what `entries` need and returns their snapshots with each media item's copy set
    /// (in the same order), and the images not copied.
    func run(_ entries: [Entry]) -> (snapshots: [Snapshot], failures: [Failure]) {
        var plan = Plan()
        for entry in entries where entry.account.mediaPolicy == .copy {
            for item in entry.snapshot.posts.lazy.flatMap(\.media) where Self.mayBeImage(item) {
                plan.add(item, limit: entry.account.mediaSizeLimit, existing: existingCopy(item))
            }
        }
        let downloads = download(plan)
        var failures: [Failure] = []
        let snapshots = entries.map { entry in
            var snapshot = entry.snapshot
            failures += apply(downloads, plan: plan, account: entry.account, to: &snapshot)
            return snapshot
        }
        return (snapshots, failures)
    }
}

private extension MediaDownloads {
    /// The requests to make, one per image URL and size limit.
    struct Plan {
        var requests: [(limit: Int, request: FetchRequest)] = []
        var index: [String: Int] = [:]

        static func key(_ url: String, limit: Int) -> String { "\(limit) \(url)" }

        mutating func add(_ item: PostMedia, limit: Int, existing: MediaCopy?) {
            let key = Self.key(item.url, limit: limit)
            guard index[key] == nil else { return }
            // A copy without validators is kept as it is: asking again would download it again.
            if let existing, existing.etag == nil, existing.lastModified == nil { return }
            index[key] = requests.count
            requests.append((limit, FetchRequest(url: item.url, etag: existing?.etag, lastModified: existing?.lastModified)))
        }
    }

    /// What one request came to.
    enum Download {
        case copied(MediaCopy)
        case notModified
        case failed(String)
    }

    /// Whether an item may be an image worth downloading: an http(s) URL, and no type or an image type.
    static func mayBeImage(_ item: PostMedia) -> Bool {
        HTTPURLSyntax.isHTTP(item.url) && (item.type.map { $0.lowercased().hasPrefix("image/") } ?? true)
    }

    /// The item's copy when its file is still in the folder.
    func existingCopy(_ item: PostMedia) -> MediaCopy? {
        item.copy.flatMap { folder.size(of: $0.file) != nil ? $0 : nil }
    }

    /// Runs the plan's requests, those with the same size limit together.
    func download(_ plan: Plan) -> [Download] {
        var results = Array(repeating: Download.failed("not downloaded"), count: plan.requests.count)
        for limit in Set(plan.requests.map(\.limit)).sorted() {
            let group = plan.requests.indices.filter { plan.requests[$0].limit == limit }
            var bounds = limits
            bounds.maximumBytes = limit
            CurlTransfers(limits: bounds).run(group.map { plan.requests[$0].request }) { index, response in
                results[group[index]] = keep(response)
            }
        }
        return results
    }

    /// Keeps a response's body when its bytes are an image of a type copied.
    func keep(_ response: FetchResponse) -> Download {
        switch response {
        case .failed(let reason): return .failed(reason)
        case .notModified: return .notModified
        case .body(let body):
            guard let header = ImageHeader.read(body.bytes) else {
                return .failed("not an image (\(ImageHeader.typesCopied)), whatever its Content-Type says")
            }
            // The build refuses such a copy too (PublishedMedia): keeping it would warn on every build.
            guard header.width != nil, header.height != nil else {
                return .failed("a \(header.type.dropFirst("image/".count).uppercased()) image cut short: its header gives no width and height")
            }
            do {
                let write = { () throws(InputError) in try folder.store(body.bytes, as: header) }
                guard let file = try stop.unlessStopped(write) else { return .failed("the fetch was stopped") }
                return .copied(MediaCopy(file: file, type: header.type, width: header.width, height: header.height,
                                         etag: body.etag, lastModified: body.lastModified))
            } catch {
                return .failed(error.message)
            }
        }
    }

    /// Sets each media item's copy in `snapshot` from the downloads, in post order up to the
    /// account's total; returns the images not copied.
    func apply(_ downloads: [Download], plan: Plan, account: Account, to snapshot: inout Snapshot) -> [Failure] {
        var failures: [Failure] = []
        var reported: Set<String> = []
        func fail(_ url: String, _ reason: String, kept: Bool = false) {
            guard reported.insert(url).inserted else { return }
            let outcome = kept ? "the copy from an earlier fetch stays" : "the post links to it instead"
            failures.append(Failure(handle: account.handle, url: HTTPURLSyntax.redacted(url), reason: reason + "; " + outcome))
        }
        var total = 0
        var counted: Set<String> = []
        for post in snapshot.posts.indices {
            for index in snapshot.posts[post].media.indices {
                let item = snapshot.posts[post].media[index]
                guard account.mediaPolicy == .copy else {
                    snapshot.posts[post].media[index].copy = nil
                    continue
                }
                guard Self.mayBeImage(item) else { continue }
                var copy = existingCopy(item)
                if let request = plan.index[Plan.key(item.url, limit: account.mediaSizeLimit)] {
                    switch downloads[request] {
                    case .copied(let new): copy = new
                    case .notModified where copy == nil: fail(item.url, "HTTP 304 Not Modified, but there is no earlier copy")
                    case .notModified: break
                    case .failed(let reason): fail(item.url, reason, kept: copy != nil)
                    }
                }
                if let file = copy?.file, !counted.contains(file) {
                    let size = folder.size(of: file) ?? 0
                    if total + size > account.mediaTotalLimit {
                        fail(item.url, "the account's copies would pass media_total_limit (\(FileInput.megabytes(account.mediaTotalLimit)))")
                        copy = nil
                    } else {
                        total += size
                        counted.insert(file)
                    }
                }
                snapshot.posts[post].media[index].copy = copy
            }
        }
        return failures
    }
}
