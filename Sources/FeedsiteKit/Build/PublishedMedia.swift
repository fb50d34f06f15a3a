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
    /// The snapshots as the pages and feeds show them: each published copy with the type and size its
    /// bytes give, each copy refused (its bytes are not the image its name says) left out.
    var snapshots: [Snapshot?] = []
    /// What each account's page shows (`River.shown`), with the same corrections as `snapshots`.
    var shown: [[Post]] = []
    /// One warning per copy refused.
    var warnings: [Diagnostic] = []
}

extension PublishedMedia {
    /// The output folder of the copies; an account page reaches them at `../media/`.
    static let folder = "media"
    /// The most bytes a copy may have (`media_size_limit:` allows 100 MiB).
    static let maximumBytes = 100 << 20

    /// The largest width or height published: a header that claims more is not believed.
    static let maximumSide = 16_384

    /// The copies the accounts of `config` with `media: copy` show, given their `snapshots` (in
    /// `config.accounts` order). Each copy's bytes are read again: a copy that is not the image its
    /// name says (truncated, replaced) is refused with a warning and its image shown as a link.
    init(config: SiteConfig, snapshots: [Snapshot?], displayPath: (String) -> String = { $0 }) {
        let source = SnapshotStore(folder: config.snapshotsFolder).mediaFolder
        var refused: Set<String> = []
        var checked: [String: MediaCopy] = [:]
        let shown = River.shown(config: config, snapshots: snapshots)
        for (account, posts) in zip(config.accounts, shown) where account.mediaPolicy == .copy {
            for post in posts {
                for case let copy? in post.media.map(\.copy) where checked[copy.file] == nil && !refused.contains(copy.file) {
                    // The decoder accepts only names feedsite gives copies: never a path outside the folder.
                    let path = source + "/" + copy.file
                    guard MediaCopy.isFileName(copy.file), Self.isRegularFile(path),
                          let bytes = try? FileInput.read(path, purpose: "a media copy", limit: Self.maximumBytes) else {
                        refused.insert(copy.file)
                        continue
                    }
                    guard let published = Self.checked(copy, bytes: bytes) else {
                        refused.insert(copy.file)
                        warnings.append(Diagnostic(.warning, at: SourceLocation(file: displayPath(path), line: 1, column: 1),
                                                   "the copy's bytes are not a whole \(copy.file.split(separator: ".").last?.uppercased() ?? "") image, "
                                                       + "as its name says (truncated or replaced); the image is shown as a link",
                                                   hint: "delete it and run 'feedsite fetch' to download it again"))
                        continue
                    }
                    checked[copy.file] = published
                    names.insert(copy.file)
                    files.append(SiteFile(path: Self.folder + "/" + copy.file, bytes: bytes))
                }
            }
        }
        func corrected(_ posts: [Post]) -> [Post] {
            posts.map { post in
                var post = post
                for item in post.media.indices {
                    guard let copy = post.media[item].copy else { continue }
                    if let published = checked[copy.file] {
                        post.media[item].copy = published
                    } else if refused.contains(copy.file) {
                        post.media[item].copy = nil
                    }
                }
                return post
            }
        }
        // Nothing to correct (no account copies media): the posts as they are, not copied again.
        guard !checked.isEmpty || !refused.isEmpty else {
            (self.snapshots, self.shown) = (snapshots, shown)
            return
        }
        self.snapshots = snapshots.map { snapshot in
            snapshot.map { snapshot in
                var snapshot = snapshot
                snapshot.posts = corrected(snapshot.posts)
                return snapshot
            }
        }
        self.shown = shown.map(corrected)
    }
}

private extension PublishedMedia {
    /// `copy` with the type and size its `bytes` give, or nil when they are not an image of the type its
    /// file name says or their header is cut short (it gives no width and height). The size is kept
    /// only when each side is at most `maximumSide`.
    static func checked(_ copy: MediaCopy, bytes: [UInt8]) -> MediaCopy? {
        guard let header = ImageHeader.read(bytes), copy.file.hasSuffix("." + header.fileExtension),
              header.width != nil, header.height != nil else { return nil }
        var copy = copy
        copy.type = header.type
        if let width = header.width, let height = header.height, width <= maximumSide, height <= maximumSide {
            (copy.width, copy.height) = (width, height)
        } else {
            (copy.width, copy.height) = (nil, nil)
        }
        return copy
    }

    /// Whether `path` is a regular file itself, not a link to one elsewhere.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
