import Foundation

/// Reads whole files, turning I/O failures into `InputError`s that say what to do.
package enum FileInput {
    /// The bytes of the file at `path`; `purpose` says what the file is for in messages.
    package static func read(_ path: String, purpose: String, missingHint: String? = nil) throws(InputError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw InputError("\(path): no such file (expected \(purpose))", hint: missingHint)
        }
        if isFolder.boolValue {
            throw InputError("\(path): is a folder, expected \(purpose)", hint: missingHint)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(path): cannot be read (check its permissions)")
        }
        return [UInt8](data)
    }
}
