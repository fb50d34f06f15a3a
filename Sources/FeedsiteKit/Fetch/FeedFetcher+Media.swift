#if canImport(Glibc)
import Glibc
#endif

/// The images of `media: copy` during a fetch: downloaded once every feed is read, and the copies
/// no snapshot uses any more removed at the end.
extension FeedFetcher {
    /// A snapshot waiting for its images: its feed, what the feed came to, the snapshot as the feed
    /// left it, and whether that differs from the file on disk.
    typealias AwaitingMedia = (feed: FeedUpdate, outcome: FeedUpdate.Result.Outcome, snapshot: Snapshot, changed: Bool)

    /// The snapshot whose images wait for `copyMedia`, when the feed was read (not failed) and its
    /// account copies images or has copies to forget; nil: the result is staged as it is.
    static func awaitsMedia(_ feed: FeedUpdate, _ result: FeedUpdate.Result) -> Snapshot? {
        if case .failed = result.outcome { return nil }
        guard let latest = result.snapshot ?? feed.previous, MediaDownloads.applies(to: feed.account, latest) else { return nil }
        return latest
    }

    /// Downloads the images of `awaiting`, stages each snapshot that changed (by its feed or by its
    /// copies), and reports every image not copied; returns how many were not.
    func copyMedia(_ awaiting: [AwaitingMedia], store: SnapshotStore, events: (FetchEvent) -> Void,
                   stage: (FeedUpdate, Snapshot, FeedUpdate.Result.Outcome) -> Void) -> Int {
        guard !awaiting.isEmpty else { return 0 }
        let downloads = MediaDownloads(folder: MediaFolder(store), limits: limits, stop: stop)
        let (snapshots, failures) = downloads.run(awaiting.map { MediaDownloads.Entry(account: $0.feed.account, snapshot: $0.snapshot) })
        for (index, snapshot) in snapshots.enumerated() where awaiting[index].changed || snapshot != awaiting[index].snapshot {
            stage(awaiting[index].feed, snapshot, awaiting[index].outcome)
        }
        for failure in failures { events(.imageNotCopied(handle: failure.handle, url: failure.url, reason: failure.reason)) }
        return failures.count
    }

    /// Removes from `snapshots/media/` the copies that no snapshot in the folder uses (every
    /// account's, not only those fetched now). Nothing is removed when a snapshot cannot be read:
    /// its copies might be among them.
    func removeUnusedMedia(_ store: SnapshotStore) {
        guard access(store.mediaFolder, F_OK) == 0 else { return }
        var used: Set<String> = []
        for file in store.files {
            guard let snapshot = try? store.read(String(file.dropLast(".json".count))) else { return }
            for post in snapshot.posts {
                for case let copy? in post.media.map(\.copy) { used.insert(copy.file) }
            }
        }
        MediaFolder(store).removeUnreferenced(keeping: used)
    }
}
