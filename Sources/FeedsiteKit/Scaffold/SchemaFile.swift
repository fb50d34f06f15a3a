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

    /// Writes the current schema to `path` unless the file already holds exactly that; whether it
    /// wrote. The new file replaces the old at once (a temporary file renamed over it), so an editor
    /// never reads half a schema.
    package static func refresh(_ path: String) throws(InputError) -> Bool {
        let bytes = Array(SiteSchema.text.utf8)
        if let current = try? FileInput.read(path, purpose: "the schema", limit: bytes.count + 1), current == bytes { return false }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno) }
        do {
            try DescriptorWriter.write(bytes, to: descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw failure(path, error.code)
        }
        let code = fsync(descriptor) == 0 ? 0 : errno
        close(descriptor)
        guard code == 0, rename(temporary, path) == 0 else {
            let reason = code == 0 ? errno : code
            unlink(temporary)
            throw failure(path, reason)
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
