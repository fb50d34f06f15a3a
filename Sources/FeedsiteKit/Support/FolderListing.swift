#if canImport(Glibc)
import Glibc
#endif

/// Lists the regular files below a folder, as paths relative to it, sorted. Uses readdir's file
/// types, so it needs no stat per file; links to files count as files, links to folders are not followed.
enum FolderListing {
    static func files(under folder: String) throws(InputError) -> [String] {
        var others: [String] = []
        return try files(under: folder, others: &others)
    }

    /// `files(under:)`, and in `others` (sorted) what is neither a file nor a folder: FIFOs, devices,
    /// sockets and broken links, which callers that publish or read every file must not skip silently.
    static func files(under folder: String, others: inout [String]) throws(InputError) -> [String] {
        var misnamed: [String]?
        return try files(under: folder, others: &others, misnamed: &misnamed)
    }

    /// `files(under:others:)`, and in `misnamed` (sorted) the paths of the files and folders whose names are
    /// not valid UTF-8, written with `\xHH` for the bytes that are not (`bad\xFFutf`); those are left out of
    /// the files, and folders so named are not entered. A String would repair such a name into one that names
    /// no file. With `misnamed` nil, they are listed repaired, as before.
    static func files(under folder: String, others: inout [String], misnamed: inout [String]?) throws(InputError) -> [String] {
        var linkedFolders: [String] = []
        return try files(under: folder, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
    }

    /// `files(under:others:misnamed:)`, and in `linkedFolders` (sorted) the symbolic links to folders, which
    /// are not followed: a caller that publishes every file says so rather than leave them out silently.
    static func files(under folder: String, others: inout [String], misnamed: inout [String]?,
                      linkedFolders: inout [String]) throws(InputError) -> [String] {
        try requireFolder(folder)
        var files: [String] = []
        try walk(folder, relative: "", into: &files, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
        files.sort()
        others.sort()
        misnamed?.sort()
        linkedFolders.sort()
        return files
    }

    /// The entries directly inside `folder`: names, and whether each is a folder (links to folders are not followed).
    static func entries(of folder: String) throws(InputError) -> [(name: String, isFolder: Bool)] {
        var others: [String] = []
        return try entries(of: folder, others: &others)
    }

    /// `entries(of:)`, and in `others` the names of what is neither a file nor a folder (see `files(under:others:)`).
    static func entries(of folder: String, others: inout [String]) throws(InputError) -> [(name: String, isFolder: Bool)] {
        var misnamed: [String]?
        return try entries(of: folder, others: &others, misnamed: &misnamed)
    }

    /// `entries(of:others:)`, and in `misnamed` (sorted) the names that are not valid UTF-8, escaped and
    /// left out of the entries (see `files(under:others:misnamed:)`).
    static func entries(of folder: String, others: inout [String], misnamed: inout [String]?) throws(InputError) -> [(name: String, isFolder: Bool)] {
        var linkedFolders: [String] = []
        return try entries(of: folder, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
    }

    /// `entries(of:others:)`, and in `linkedFolders` the names of the symbolic links to folders (not followed).
    static func entries(of folder: String, others: inout [String],
                        linkedFolders: inout [String]) throws(InputError) -> [(name: String, isFolder: Bool)] {
        var misnamed: [String]?
        return try entries(of: folder, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
    }

    /// `entries(of:others:misnamed:)`, and in `linkedFolders` the names of the symbolic links to folders (not followed).
    static func entries(of folder: String, others: inout [String], misnamed: inout [String]?,
                        linkedFolders: inout [String]) throws(InputError) -> [(name: String, isFolder: Bool)] {
        try requireFolder(folder)
        var files: [String] = []
        var folders: [String] = []
        try list(folder, files: &files, folders: &folders, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
        misnamed?.sort()
        return files.map { ($0, false) } + folders.map { ($0, true) }
    }

    /// Appends the files below `path` (named `relative`) to `files`.
    static func walk(_ path: String, relative: String, into files: inout [String]) throws(InputError) {
        var others: [String] = []
        var misnamed: [String]?
        var linkedFolders: [String] = []
        try walk(path, relative: relative, into: &files, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
    }

    private static func walk(_ path: String, relative: String, into files: inout [String], others: inout [String],
                             misnamed: inout [String]?, linkedFolders: inout [String]) throws(InputError) {
        var names: [String] = []
        var folders: [String] = []
        var unusual: [String] = []
        var badNames: [String]? = misnamed == nil ? nil : []
        var links: [String] = []
        try list(path, files: &names, folders: &folders, others: &unusual, misnamed: &badNames, linkedFolders: &links)
        for name in links { linkedFolders.append(relative.isEmpty ? name : relative + "/" + name) }
        for name in names { files.append(relative.isEmpty ? name : relative + "/" + name) }
        for name in unusual { others.append(relative.isEmpty ? name : relative + "/" + name) }
        for name in badNames ?? [] { misnamed?.append(relative.isEmpty ? name : relative + "/" + name) }
        for name in folders {
            try walk(path + "/" + name, relative: relative.isEmpty ? name : relative + "/" + name, into: &files, others: &others,
                     misnamed: &misnamed, linkedFolders: &linkedFolders)
        }
    }

    private static func requireFolder(_ folder: String) throws(InputError) {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw InputError("\(folder): no such folder") }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw InputError("\(folder): is not a folder", hint: "pass the folder that holds the HTML files")
        }
    }

    /// The names of the regular files and folders directly inside `path`; `others` gets FIFOs, devices,
    /// sockets and broken links; `linkedFolders` the links to folders (not followed).
    /// Names that are not valid UTF-8 go to `misnamed`, escaped, when it is not nil.
    private static func list(_ path: String, files: inout [String], folders: inout [String], others: inout [String],
                             misnamed: inout [String]?, linkedFolders: inout [String]) throws(InputError) {
        guard let directory = opendir(path) else {
            throw InputError("\(path): cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            if misnamed != nil, let escaped = withUnsafeBytes(of: entry.pointee.d_name, { raw in
                Self.escapedIfInvalid(raw.prefix { $0 != 0 })
            }) {
                misnamed?.append(escaped)
                continue
            }
            // readdir's type, stat only when it is unknown or a link (strace -c, feedsite check on the output of
            // Benchmarks/generate_site.py 1000: 10,330 system calls; a stat per entry would add about 2,000).
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var status = stat()
                let followed = type == Int32(DT_LNK) ? stat(path + "/" + name, &status) : lstat(path + "/" + name, &status)
                guard followed == 0 else {
                    others.append(name)
                    continue
                }
                let mode = status.st_mode & S_IFMT
                if mode == S_IFDIR && type == Int32(DT_LNK) {
                    linkedFolders.append(name)
                    continue
                }
                type = mode == S_IFREG ? Int32(DT_REG) : (mode == S_IFDIR ? Int32(DT_DIR) : -1)
            }
            if type == Int32(DT_REG) {
                files.append(name)
            } else if type == Int32(DT_DIR) {
                folders.append(name)
            } else {
                others.append(name)
            }
        }
    }

    /// `bytes` with each byte of an invalid UTF-8 sequence written `\xHH`; nil when the bytes are valid UTF-8.
    static func escapedIfInvalid(_ bytes: some Collection<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var text = ""
        var pending = Array(bytes)[...]
        var valid = true
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                pending = pending.dropFirst(encoded.count)
            case .error(let length):
                valid = false
                for byte in pending.prefix(length) { text += "\\x" + String(byte, radix: 16, uppercase: true) }
                pending = pending.dropFirst(length)
            case .emptyInput:
                return valid ? nil : text
            }
        }
    }
}
