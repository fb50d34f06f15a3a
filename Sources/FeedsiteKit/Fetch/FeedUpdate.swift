#if canImport(Glibc)
import Glibc
#endif

/// One account's feed during a fetch: what the last snapshot holds, and the snapshot a result makes.
struct FeedUpdate: Sendable {
    let account: Account
    let source: FeedSource
    /// The source as the fetch record and messages show it: as written in site.yml, a password in a URL as `***`.
    let shownSource: String
    /// The snapshot before this fetch, if there was one.
    let previous: Snapshot?

    /// What a feed came to, and the snapshot to write (nil: the file stays exactly as it is).
    struct Result: Sendable {
        enum Outcome: Equatable, Sendable {
            case updated
            case unchanged
            case failed(String)
        }

        var outcome: Outcome
        var snapshot: Snapshot?
        /// What reading the feed left out or changed, each `line 3, column 5: …`.
        var warnings: [String] = []
    }
}

extension FeedUpdate {
    /// The request, conditional when the last snapshot came from the same URL and holds as many
    /// posts as `posts:` asks for now (a 304 cannot bring back posts a smaller `posts:` left out).
    func request(url: String) -> FetchRequest {
        guard let previous, previous.record.source == shownSource, previous.record.error == nil,
              account.postLimit <= previous.record.postLimit ?? previous.posts.count else { return FetchRequest(url: url) }
        return FetchRequest(url: url, etag: previous.record.etag, lastModified: previous.record.lastModified)
    }

    /// The result of an HTTP response.
    func from(_ response: FetchResponse) -> Result {
        switch response {
        case .failed(let reason): return failed(reason)
        case .notModified:
            guard var snapshot = previous else { return failed(FetchResponse.notModifiedUnasked) }
            let trimmed = snapshot.posts.count > account.postLimit
            guard trimmed || snapshot.record.error != nil else { return Result(outcome: .unchanged) }
            // A smaller `posts:` applies at once, though the feed has not changed.
            if trimmed {
                snapshot.posts = PostSelection.newest(snapshot.posts, limit: account.postLimit)
                snapshot.record.postLimit = account.postLimit
                snapshot.record.changedAt = Timestamp.now
            }
            snapshot.record.error = nil
            snapshot.record.fetchedAt = Timestamp.now
            return Result(outcome: trimmed ? .updated : .unchanged, snapshot: snapshot)
        case .body(let body):
            return read(body.bytes, from: body.url, contentType: body.contentType, etag: body.etag, lastModified: body.lastModified)
        }
    }

    /// The result of reading a feed from a file.
    func fromFile(_ path: String, limit: Int) -> Result {
        var status = stat()
        if stat(path, &status) == 0, Int(status.st_size) > limit {
            return failed("larger than the limit of \(FileInput.megabytes(limit))")
        }
        do {
            try FileInput.requireRegularFile(path, purpose: "a feed")
            // Messages and snapshots name the file as site.yml does, never by this machine's absolute path.
            return read(try FileInput.read(path, purpose: "a feed", limit: limit), from: shownSource, contentType: nil,
                        etag: nil, lastModified: nil)
        } catch {
            let message = error.message.hasPrefix(path + ": ") ? String(error.message.dropFirst(path.count + 2)) : error.message
            return failed(message)
        }
    }
}

extension FeedUpdate {
    private func read(_ bytes: [UInt8], from location: String, contentType: String?, etag: String?, lastModified: String?) -> Result {
        let feed: Feed
        do {
            feed = try FeedReader.read(bytes, source: HTTPURLSyntax.redacted(location), contentType: contentType)
        } catch {
            // The failure line names the account and its source already: the reason does not repeat it.
            let prefix = HTTPURLSyntax.redacted(location) + ": "
            let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            return failed((error.location.map { "line \($0.line), column \($0.column): " } ?? "") + message)
        }
        var result = updated(with: feed, etag: etag, lastModified: lastModified)
        result.warnings = Self.warnings(feed)
        return result
    }

    /// The warnings of reading `feed`, each `line 3, column 5: …`.
    static func warnings(_ feed: Feed) -> [String] {
        feed.problems.map { "line \($0.location.line), column \($0.location.column): " + $0.message }
    }

    /// The result of reading `feed`: the newest posts, and the record of a fetch that succeeded.
    func updated(with feed: Feed, etag: String?, lastModified: String?, xUserID: String? = nil) -> Result {
        // The copies of images made earlier stay with their posts (MediaDownloads decides what becomes of them).
        let now = Timestamp.now
        // The newest posts by date (a date past tomorrow is brought back to now first), not the feed's first ones.
        let dated = PostSelection.clampingFutureDates(feed.posts, now: now, latest: FeedDate.adding(days: 1, to: now) ?? now, previous: previous?.posts)
        let posts = PostSelection.newest(dated, limit: account.postLimit).keepingCopies(from: previous?.posts)
        var record = previous?.record ?? SnapshotRecord(source: shownSource)
        let changed = previous?.posts != posts
        record.source = shownSource
        record.etag = etag
        record.lastModified = lastModified
        record.error = nil
        record.postLimit = account.postLimit
        record.xUserID = xUserID
        if changed || previous == nil { record.changedAt = now }
        // Nothing new: the file stays byte for byte as it was, so a job that commits snapshots sees no diff. A
        // `posts_limit` that differs alone (or is missing, in a snapshot older than it) is no reason to write.
        if !changed, let previous, record.settingPostLimit(previous.record.postLimit) == previous.record {
            return Result(outcome: .unchanged)
        }
        record.fetchedAt = now
        return Result(outcome: changed ? .updated : .unchanged, snapshot: Snapshot(handle: account.handle, record: record, posts: posts))
    }

    /// The result of a failure; `forgettingUserID` drops the record's `x_user_id`, so that the next
    /// fetch looks the user up again.
    func failed(_ reason: String, forgettingUserID: Bool = false) -> Result {
        var snapshot = previous ?? Snapshot(handle: account.handle, record: SnapshotRecord(source: shownSource), posts: [])
        let same = snapshot.record.error == reason && snapshot.record.source == shownSource
            && !(forgettingUserID && snapshot.record.xUserID != nil)
        snapshot.record.source = shownSource
        if forgettingUserID { snapshot.record.xUserID = nil }
        snapshot.record.error = reason
        // When it was tried: the page can say when the last attempt failed, a first one included.
        snapshot.record.fetchedAt = Timestamp.now
        return Result(outcome: .failed(reason), snapshot: same ? nil : snapshot)
    }
}

private extension SnapshotRecord {
    /// The record with `postLimit` set to `limit`.
    func settingPostLimit(_ limit: Int?) -> SnapshotRecord {
        var record = self
        record.postLimit = limit
        return record
    }
}
