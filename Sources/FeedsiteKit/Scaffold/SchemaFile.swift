#if canImport(Glibc)
import Glibc
#endif

/// `site.schema.json` beside site.yml: written by `feedsite init` and refreshed by `feedsite schema --write`.
package enum SchemaFile {
    /// Where the schema of the site whose config is `configPath` goes, written as the user wrote the config's path.
    package static func path(besideConfig configPath: String) -> String {
        guard let slash = configPath.lastIndex(of: "/") else { return SiteSchema.fileName }
        return String(configPath[...slash]) + SiteSchema.fileName
    }

    /// Throws unless `configPath` names a file: the schema belongs beside a site's site.yml, and
    /// without one there is no site to write it for.
    package static func checkSite(configPath: String) throws(InputError) {
        var status = stat()
        guard stat(configPath, &status) != 0 else { return }
        let code = errno
        let hint = "run it in the site's folder (where site.yml is), or name the site's site.yml with --config PATH; "
            + "'feedsite init' makes a new site"
        if code == ENOENT || code == ENOTDIR {
            throw InputError("\(configPath): no such file, so there is no site to write \(SiteSchema.fileName) for", hint: hint)
        }
        throw InputError("\(configPath): cannot be read (\(SystemError(code).message))", hint: hint)
    }

    /// Writes the current schema to `path` unless the file already holds exactly that; whether it
    /// wrote. The new file replaces the old at once (a temporary file renamed over it), so an editor
    /// never reads half a schema. A link at `path` is refused: it is neither written through nor replaced.
    package static func refresh(_ path: String) throws(InputError) -> Bool {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw InputError("\(path) is a link, and schema --write never writes through a link or replaces one",
                             hint: "remove the link (or put a plain copy of the file in its place), then run feedsite schema --write again")
        }
        let bytes = Array(SiteSchema.text.utf8)
        if let current = try? FileInput.read(path, purpose: "the schema", limit: bytes.count + 1), current == bytes { return false }
        do {
            try WholeFileReplacement.write(bytes, to: path)
        } catch {
            throw failure(path, error.code)
        }
        return true
    }
}

private extension SchemaFile {
    static func failure(_ path: String, _ code: Int32) -> InputError {
        InputError("\(path): cannot be written (\(SystemError(code).message))",
                   hint: "check that the folder exists and that you may write to it")
    }
}
