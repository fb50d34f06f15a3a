#if canImport(Glibc)
import Glibc
#endif

extension LinkChecker {
    /// Checks `path`: every HTML file under it when it is a folder; when it is a file, that file alone,
    /// its folder standing for the site root (its relative links are looked up on disk from there).
    package func check(path: String) throws(InputError) -> CheckReport {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return try check(file: path) }
        return try check(folder: path)
    }

    /// Whether a file name ends in `.html` or `.htm`, in any case.
    static func isHTML(_ path: String) -> Bool {
        let tail = path.utf8.suffix(5).lazy.map(\.asciiLowercased)
        return tail.elementsEqual(".html".utf8) || tail.dropFirst().elementsEqual(".htm".utf8)
    }
}

private extension LinkChecker {
    /// Checks one file; its findings name it as given.
    func check(file path: String) throws(InputError) -> CheckReport {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let result = inspect(Page(path: name, bytes: try FileInput.read(path, purpose: "a page to check", limit: .max)))
        // Only the targets of its own links need to be known: each is looked up once on disk.
        var existing: Set<String> = [name]
        var looked: Set<String> = []
        for (_, value) in result.links {
            guard let target = RelativeLink.target(of: value, from: result.linkBase ?? name) else { continue }
            for candidate in [target, target + "/index.html", target + ".html"] where looked.insert(candidate).inserted {
                var status = stat()
                if stat(folder + "/" + candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG { existing.insert(candidate) }
            }
        }
        var report = report([result], pages: 1, existingFiles: existing)
        for index in report.findings.indices { report.findings[index].location.file = path }
        return report
    }
}
