#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What a site's input files may be: regular files, or links to regular files inside the site. Static
/// files, data files, templates and assets are all checked here, so a link cannot publish `/etc/passwd`
/// and a FIFO cannot make a build wait forever.
package enum SiteFileKind {
    /// Refuses a file that is a symbolic link to somewhere outside `folder` (called `folderName` in the message).
    package static func refuseOutsideLink(_ path: String, folder: String, folderName: String, display: String) throws(InputError) {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let base = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard resolved == base || resolved.hasPrefix(base + "/") else {
            throw InputError("\(display): is a link to \(resolved), outside \(folderName)",
                             hint: "copy the file into \(folderName) instead of linking to it")
        }
    }

    /// What the entry at `path` is when it is neither a file nor a folder, for messages: "a broken link to
    /// TARGET", "a FIFO (named pipe)", "a device", "a socket".
    package static func unusualKind(_ path: String) -> String {
        var status = stat()
        if stat(path, &status) != 0 {
            let loops = errno == ELOOP
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            return loops ? "a link that loops (to \(target))" : "a broken link to \(target)"
        }
        switch status.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "neither a file nor a folder"
        }
    }
}
