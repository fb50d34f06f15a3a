#if canImport(Glibc)
import Glibc
#endif

/// What the output folder's manifest records: the files feedsite wrote (with their size and
/// modification time), whether that build finished, and what it was built from.
struct BuildManifest: Equatable {
    /// A file's size, modification time and inode, to notice when anyone touched it.
    struct Stamp: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64

        /// The stamp of the file at `path`, or nil when it does not exist.
        static func of(_ path: String) -> Stamp? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return Stamp(size: Int(status.st_size), seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec),
                         inode: UInt64(status.st_ino))
        }
    }

    /// What the finished build was made from and what it found.
    struct Record: Equatable {
        var fingerprint: UInt64
        var pages: Int
        var intentURLs: Int
    }

    var complete: Bool
    /// Set only when the build finished without any warning: only then may a later build be skipped.
    var record: Record?
    var files: [String: Stamp?]

    var paths: Set<String> { Set(files.keys) }

    static let empty = BuildManifest(complete: true, record: nil, files: [:])
}

extension BuildManifest {
    /// The manifest as text: a header, the record, then `size mtime inode path` per file.
    var text: String {
        var text = "feedsite-manifest 3 \(complete ? "complete" : "building")\n"
        if let record {
            text += "record \(String(record.fingerprint, radix: 16)) \(record.pages) \(record.intentURLs)\n"
        }
        for path in files.keys.sorted() {
            if let stamp = files[path] ?? nil {
                text += "\(stamp.size) \(stamp.seconds).\(stamp.nanoseconds) \(stamp.inode) \(path)\n"
            } else {
                text += "- - - \(path)\n"
            }
        }
        return text
    }

    /// Reads a manifest; anything unreadable counts as no manifest (and so deletes nothing).
    init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first, header.hasPrefix("feedsite-manifest 3 ") else { return nil }
        complete = header == "feedsite-manifest 3 complete"
        record = nil
        files = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            if fields.first == "record", fields.count == 4, let fingerprint = UInt64(fields[1], radix: 16),
               let pages = Int(fields[2]), let intentURLs = Int(fields[3]) {
                record = Record(fingerprint: fingerprint, pages: pages, intentURLs: intentURLs)
                continue
            }
            guard fields.count == 4 else { return nil }
            let path = String(fields[3])
            // Only paths inside the folder: a tampered manifest must not make the build delete elsewhere.
            guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
            let time = fields[1].split(separator: ".")
            if let size = Int(fields[0]), time.count == 2, let seconds = Int(time[0]), let nanoseconds = Int(time[1]),
               let inode = UInt64(fields[2]) {
                files[path] = Stamp(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode)
            } else {
                files[path] = .some(nil)
            }
        }
    }
}
