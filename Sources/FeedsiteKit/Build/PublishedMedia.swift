#if canImport(Glibc)
import Glibc
#endif

/// The copies of post images a build publishes, as `media/<file>`: for each account with
/// `media: copy`, those its shown posts use and `snapshots/media/` holds. Read from disk only: the
/// build never downloads; an image whose copy is missing is shown as a link.
struct PublishedMedia: Sendable {
    /// The files to publish, in the order the pages first use them.
    var files: [SiteFile] = []
    /// Their names in `snapshots/media/`.
    var names: Set<String> = []
}

extension PublishedMedia {
    /// The output folder of the copies; an account page reaches them at `../media/`.
    static let folder = "media"
    /// The most bytes a copy may have (`media_size_limit:` allows 100 MiB).
    static let maximumBytes = 100 << 20

    /// The copies the accounts of `config` with `media: copy` show, given their `snapshots` (in
    /// `config.accounts` order).
    init(config: SiteConfig, snapshots: [Snapshot?]) {
        let source = SnapshotStore(folder: config.snapshotsFolder).mediaFolder
        var missing: Set<String> = []
        for (account, snapshot) in zip(config.accounts, snapshots) where account.mediaPolicy == .copy {
            guard let snapshot else { continue }
            for post in PostsContext.newestFirst(snapshot.posts).prefix(account.postLimit) {
                for case let copy? in post.media.map(\.copy) where !names.contains(copy.file) && !missing.contains(copy.file) {
                    // The decoder accepts only names feedsite gives copies: never a path outside the folder.
                    let path = source + "/" + copy.file
                    guard MediaCopy.isFileName(copy.file), Self.isRegularFile(path),
                          let bytes = try? FileInput.read(path, purpose: "a media copy", limit: Self.maximumBytes) else {
                        missing.insert(copy.file)
                        continue
                    }
                    names.insert(copy.file)
                    files.append(SiteFile(path: Self.folder + "/" + copy.file, bytes: bytes))
                }
            }
        }
    }
}

private extension PublishedMedia {
    /// Whether `path` is a regular file itself, not a link to one elsewhere.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
