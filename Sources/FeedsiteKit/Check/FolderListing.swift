import Foundation

/// Lists the regular files below a folder, as paths relative to it, sorted.
enum FolderListing {
    static func files(under folder: String) throws(InputError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw InputError("\(folder): no such folder")
        }
        guard isFolder.boolValue else { throw InputError("\(folder): is not a folder", hint: "pass the folder that holds the HTML files") }
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw InputError("\(folder): cannot be read (check its permissions)")
        }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if let type = enumerator.fileAttributes?[.type] as? FileAttributeType, type == .typeRegular || type == .typeSymbolicLink {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
