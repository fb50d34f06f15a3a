#if canImport(Glibc)
import Glibc
#endif

/// What the output folder's manifest records: the files feedsite wrote (with their size and
/// modification time), whether that build finished, and what it was built from.
struct BuildManifest: Equatable {
    /// A file's size, modification time and inode, to notice when anyone touched it.
    struct Stamp: Equatable, Sendable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64

        /// The stamp of the file at `path`, or nil when it does not exist.
        static func of(_ path: String) -> Stamp? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return Stamp(status)
        }

        /// Appends the stamp as `"\(size) \(seconds).\(nanoseconds) \(inode)"` writes it, without making that String.
        func appendText(to bytes: inout [UInt8]) {
            BuildManifest.appendDecimal(size, to: &bytes)
            bytes.append(0x20)
            BuildManifest.appendDecimal(seconds, to: &bytes)
            bytes.append(UInt8(ascii: "."))
            BuildManifest.appendDecimal(nanoseconds, to: &bytes)
            bytes.append(0x20)
            BuildManifest.appendDecimal(inode, to: &bytes)
        }
    }

    /// What the finished build was made from and what it found.
    struct Record: Equatable {
        var fingerprint: UInt64
        var pages: Int
        var intentURLs: Int
        var accounts: Int
        /// Relative links the check followed, so that an up-to-date build reports the same totals.
        var links: Int
    }

    var complete: Bool
    /// Set only when the build finished without any warning: only then may a later build be skipped.
    var record: Record?
    var files: [String: Stamp?]
    /// The paths in order, as the manifest read held them, when they were sorted: `bytes` takes them instead of sorting
    /// again while `files` has the same paths (callgrind, Benchmarks/one_change.py 10000, one incremental build: the two
    /// manifests' bytes 99.0 M -> 57.0 M instructions). Not part of the value: two manifests are equal when their files are.
    var sortedPaths: [String] = []

    var paths: Set<String> { Set(files.keys) }

    static let empty = BuildManifest(complete: true, record: nil, files: [:])

    static func == (left: BuildManifest, right: BuildManifest) -> Bool {
        left.complete == right.complete && left.record == right.record && left.files == right.files
    }
}

extension BuildManifest.Stamp {
    /// The stamp `stat` or `fstat` reported.
    init(_ status: stat) {
        self.init(size: Int(status.st_size), seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec),
                  inode: UInt64(status.st_ino))
    }
}

extension BuildManifest {
    /// The manifest as UTF-8 text: a header, the record, then `size mtime inode path` per file (`- - -`
    /// for a file not written yet), sorted by path: the same manifest is the same bytes, so a failed
    /// build that puts the previous one back leaves the file exactly as it was.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + files.count * 64)
        bytes += "feedsite-manifest 3 \(complete ? "complete" : "building")\n".utf8
        if let record {
            bytes += "record \(String(record.fingerprint, radix: 16)) \(record.pages) \(record.intentURLs) \(record.accounts) \(record.links)\n".utf8
        }
        // Digits written straight into the bytes, not through a String a line (perf, Benchmarks/one_change.py: the
        // manifest, written twice a build, 2.1% -> 1.2% of the build's CPU).
        for path in orderedPaths {
            if case let stamp?? = files[path] {
                stamp.appendText(to: &bytes)
                bytes.append(0x20)
            } else {
                bytes += "- - - ".utf8
            }
            bytes += path.utf8
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The paths of `files`, sorted: `sortedPaths` when it holds just those.
    var orderedPaths: [String] {
        if sortedPaths.count == files.count, sortedPaths.allSatisfy({ files[$0] != nil }) { return sortedPaths }
        return files.keys.sorted()
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude), to: &bytes)
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes += buffer[start...]
        }
    }

    /// Reads a manifest; anything unreadable counts as no manifest (and so deletes nothing).
    init?(bytes: [UInt8]) {
        guard let manifest = try? BuildManifest(parsing: bytes) else { return nil }
        self = manifest
    }

    /// A line of a manifest that is not one feedsite writes.
    struct BadLine: Error, Equatable {
        /// The line's number, from 1.
        let line: Int
        /// What is wrong with it.
        let reason: String
    }

    /// Reads a manifest; throws `BadLine` at the first line feedsite would not have written.
    init(parsing bytes: [UInt8]) throws(BadLine) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().filter { !$0.element.isEmpty }
        guard let header = lines.first, header.offset == 0, header.element.starts(with: "feedsite-manifest 3 ".utf8) else {
            throw BadLine(line: 1, reason: "expected the header 'feedsite-manifest 3 complete'")
        }
        complete = header.element.elementsEqual("feedsite-manifest 3 complete".utf8)
        record = nil
        files = [:]
        files.reserveCapacity(lines.count)
        var order: [String] = []
        order.reserveCapacity(lines.count)
        for (index, line) in lines.dropFirst() {
            if line.starts(with: "record ".utf8) {
                let fields = line.split(separator: 0x20)
                guard fields.count == 5 || fields.count == 6, let fingerprint = Self.number(fields[1], radix: 16), let pages = Self.number(fields[2]),
                      let intentURLs = Self.number(fields[3]), let accounts = Self.number(fields[4]) else {
                    throw BadLine(line: index + 1, reason: "expected 'record FINGERPRINT PAGES INTENT-URLS ACCOUNTS LINKS'")
                }
                // A record without the links count (an older feedsite wrote it) is dropped: the next build runs in full.
                guard fields.count == 6, let links = Self.number(fields[5]) else { continue }
                record = Record(fingerprint: fingerprint, pages: Int(pages), intentURLs: Int(intentURLs), accounts: Int(accounts), links: Int(links))
                continue
            }
            let fields = line.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let path = String(validating: fields[3], as: UTF8.self) else {
                throw BadLine(line: index + 1, reason: "expected 'SIZE SECONDS.NANOSECONDS INODE PATH'")
            }
            // Only paths inside the folder: a tampered manifest must not make the build delete elsewhere.
            guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                throw BadLine(line: index + 1, reason: "the path '\(path)' leaves the output folder")
            }
            order.append(path)
            let time = fields[1].split(separator: UInt8(ascii: "."))
            if let size = Self.number(fields[0]), time.count == 2, let seconds = Self.number(time[0]),
               let nanoseconds = Self.number(time[1]), let inode = Self.number(fields[2]) {
                files[path] = Stamp(size: Int(size), seconds: Int(seconds), nanoseconds: Int(nanoseconds), inode: inode)
            } else {
                files[path] = .some(nil)
            }
        }
        // Strictly increasing, so each path once: as `bytes` writes them.
        if zip(order, order.dropFirst()).allSatisfy({ $0 < $1 }) { sortedPaths = order }
    }

    /// A non-negative number written in ASCII digits.
    static func number(_ digits: ArraySlice<UInt8>, radix: UInt64 = 10) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = PercentEncoding.hexValue(byte), UInt64(digit) < radix else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow else { return nil }
            value = product &+ UInt64(digit)
        }
        return value
    }
}
