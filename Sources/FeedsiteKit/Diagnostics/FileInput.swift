import Foundation

/// Reads whole files, turning I/O failures into `InputError`s that say what to do.
package enum FileInput {
    /// The bytes of the file at `path`; `purpose` says what the file is for in messages. A file larger
    /// than `limit` bytes is refused before it is read, so no input can make feedsite load gigabytes.
    package static func read(_ path: String, purpose: String, missingHint: String? = nil, limit: Int = 64 << 20) throws(InputError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw InputError("\(path): no such file (expected \(purpose))", hint: missingHint)
        }
        if isFolder.boolValue {
            throw InputError("\(path): is a folder, expected \(purpose)", hint: missingHint)
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw InputError("\(path): is \(Self.megabytes(size)), more than the \(Self.megabytes(limit)) feedsite reads as \(purpose)",
                             hint: "check that this is the right file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(path): cannot be read (check its permissions)")
        }
        return [UInt8](data)
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
