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
    /// For each of `files`, the first account (its position in `config.accounts`) that shows it.
    private var firstUse: [Int] = []
    /// The copies checked so far, with the type and size their bytes give, and those refused.
    private var checked: [String: MediaCopy] = [:]
    private var refused: Set<String> = []
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
        for (index, posts) in River.shown(config: config, snapshots: snapshots).enumerated() {
            let snapshot = index < snapshots.count ? snapshots[index] : nil
            let corrected = add(index, account: config.accounts[index], snapshot: snapshot, shown: posts, source: source, displayPath: displayPath)
            self.snapshots.append(corrected.snapshot)
            shown.append(corrected.shown)
        }
    }

    /// Checks the copies account `index` shows when its `media:` is `copy` (`source`: `snapshots/media/`),
    /// and returns its snapshot and shown posts with each published copy's type and size from its
    /// bytes, each refused copy left out. An account with another `media:` is returned as it is: its
    /// pages show no copy, and its feed the types its snapshot gives.
    mutating func add(_ index: Int, account: Account, snapshot: Snapshot?, shown: [Post], source: String,
                      displayPath: (String) -> String) -> (snapshot: Snapshot?, shown: [Post]) {
        guard account.mediaPolicy == .copy else { return (snapshot, shown) }
        var touched = false
        for post in shown {
            for case let copy? in post.media.map(\.copy) {
                touched = true
                guard checked[copy.file] == nil && !refused.contains(copy.file) else { continue }
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
                firstUse.append(index)
            }
        }
        // Nothing to correct: the posts as they are, not copied again.
        guard touched else { return (snapshot, shown) }
        return (snapshot.map { snapshot in
            var snapshot = snapshot
            snapshot.posts = corrected(snapshot.posts)
            return snapshot
        }, corrected(shown))
    }

    /// Adds the copies another core checked (of other accounts): the files stay in the order of the accounts that first use them.
    mutating func add(_ other: PublishedMedia) {
        let order = (firstUse.indices.map { (firstUse[$0], 0, $0) } + other.firstUse.indices.map { (other.firstUse[$0], 1, $0) })
            .sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        var merged: [SiteFile] = []
        var accounts: [Int] = []
        var paths = Set<String>()
        for (account, side, position) in order {
            let file = side == 0 ? files[position] : other.files[position]
            guard paths.insert(file.path).inserted else { continue }
            merged.append(file)
            accounts.append(account)
        }
        (files, firstUse) = (merged, accounts)
        names.formUnion(other.names)
        checked.merge(other.checked) { mine, _ in mine }
        refused.formUnion(other.refused)
        let shown = Set(warnings.map(\.location))
        warnings += other.warnings.filter { !shown.contains($0.location) }
    }
}

private extension PublishedMedia {
    /// `copy` with the type and size its `bytes` give, or nil when they are not an image of the type its
    /// file name says or their header is cut short (it gives no width and height). The size is kept
    /// only when each side is at most `maximumSide`.
    /// `posts` with each checked copy's type and size, each refused copy left out.
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
