import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes the output folder: each file atomically and only when its bytes changed, and removes
/// what an earlier build wrote that this one no longer produces, using a manifest in the folder.
struct OutputWriter {
    /// The manifest's name inside the output folder.
    static let manifestName = ".feedsite-manifest"
    /// The prefix of temporary files, removed by the next build if a build was interrupted.
    static let temporaryPrefix = ".feedsite-tmp-"

    let folder: String

    /// How many files were written, left unchanged and removed.
    struct Counts: Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    /// Writes `files`; returns what it did.
    func write(_ files: [OutputFile]) throws(InputError) -> Counts {
        try makeFolder(folder)
        let previous = readManifest()
        let current = Set(files.map(\.path))
        // Record first every path this build may write, so an interrupted build leaves nothing unaccounted for.
        try writeManifest(previous.union(current))
        removeTemporaryFiles(in: Set((files.map(\.path) + previous).map(Self.parent)).union([""]))

        let folders = Set(files.map { Self.parent(of: $0.path) }).filter { !$0.isEmpty }.sorted()
        for relative in folders { try makeFolder(folder + "/" + relative) }

        let written = Atomic<Int>(0)
        let failure = Mutex<InputError?>(nil)
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, files.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count, failure.withLock({ $0 == nil }) else { return }
                do throws(InputError) {
                    if try writeIfChanged(files[index]) { written.wrappingAdd(1, ordering: .relaxed) }
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }

        var counts = Counts(written: written.load(ordering: .relaxed), unchanged: 0, removed: 0)
        counts.unchanged = files.count - counts.written
        for stale in previous.subtracting(current).sorted() {
            let path = folder + "/" + stale
            if unlink(path) == 0 {
                counts.removed += 1
                removeEmptyParents(of: stale)
            }
        }
        try writeManifest(current)
        return counts
    }
}

private extension OutputWriter {
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    func makeFolder(_ path: String) throws(InputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError("\(path): cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// Writes the file unless it already holds exactly these bytes; returns whether it wrote.
    func writeIfChanged(_ file: OutputFile) throws(InputError) -> Bool {
        let path = folder + "/" + file.path
        if let existing = try? FileBytes.read(path), existing == file.bytes { return false }
        let directory = folder + "/" + Self.parent(of: file.path)
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let temporary = directory + "/" + Self.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36) + "-" + name
        try Self.writeAll(file.bytes, to: temporary)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw InputError("\(path): cannot be written: \(reason)")
        }
        return true
    }

    static func writeAll(_ bytes: [UInt8], to path: String) throws(InputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputError("\(path): cannot be written: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw InputError("\(path): cannot be written: \(reason)")
            }
            offset += count
        }
    }

    func readManifest() -> Set<String> {
        guard let bytes = try? FileBytes.read(folder + "/" + Self.manifestName) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.first == "feedsite-manifest 1" else { return [] }
        // Only paths inside the folder: a tampered manifest must not make the build delete elsewhere.
        return Set(lines.dropFirst().map(String.init).filter {
            !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") && !$0.isEmpty
        })
    }

    func writeManifest(_ paths: Set<String>) throws(InputError) {
        let text = "feedsite-manifest 1\n" + paths.sorted().map { $0 + "\n" }.joined()
        let path = folder + "/" + Self.manifestName
        let temporary = folder + "/" + Self.temporaryPrefix + "manifest-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        try Self.writeAll(Array(text.utf8), to: temporary)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw InputError("\(path): cannot be written: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes temporary files an interrupted build left in the folders this build writes to.
    func removeTemporaryFiles(in relativeFolders: Set<String>) {
        for relative in relativeFolders {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where name.hasPrefix(Self.temporaryPrefix) {
                unlink(path + "/" + name)
            }
        }
    }

    func removeEmptyParents(of relative: String) {
        var parent = Self.parent(of: relative)
        while !parent.isEmpty {
            guard rmdir(folder + "/" + parent) == 0 else { return }
            parent = Self.parent(of: parent)
        }
    }
}
