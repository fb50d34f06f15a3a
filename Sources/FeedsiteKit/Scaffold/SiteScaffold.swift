import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `feedsite init` writes: the sample site.yml, its JSON Schema, the default templates, a .gitignore and a CI workflow.
package enum SiteScaffold {
    /// Which CI workflow init writes (`--ci`).
    package enum CI: String, CaseIterable, Sendable {
        /// `.github/workflows/feedsite.yml` (`GitHubWorkflow`): fetch, build and deploy to GitHub Pages.
        case github
        /// No workflow.
        case none
    }

    /// What `write(into:force:)` did: the paths written, and what the user should still do.
    package struct Outcome: Equatable {
        /// The paths written, relative to the site's folder.
        package var written: [String] = []
        /// Things init left to the user (a `.gitignore` that is a link), one sentence each.
        package var notes: [String] = []
    }

    /// The starter files: path relative to the new site's folder, and bytes. An existing
    /// `.gitignore` is never replaced: the lines feedsite needs are added to it (`GitIgnore`).
    package static func files(ci: CI = .github) -> [(path: String, bytes: [UInt8])] {
        StarterFiles.encoded.map { ($0.path, [UInt8](Data(base64Encoded: $0.base64) ?? Data())) }
            + [(SiteSchema.fileName, Array(SiteSchema.text.utf8)), (gitIgnorePath, Array(GitIgnore.fresh.utf8))]
            + (ci == .github ? [(GitHubWorkflow.path, Array(GitHubWorkflow.text.utf8))] : [])
    }

    /// Writes the starter site into `folder`, making it and its missing parents (like `mkdir -p`).
    /// Everything is checked before the first write, so a refusal writes nothing: a path in the way
    /// (a file where a folder goes, a folder or a link where a file goes) is refused even with
    /// `force`, and unless `force` so is any file that exists already. A `.gitignore` only gains the
    /// lines it lacks; one that is a link is left alone, with a note.
    package static func write(into folder: String, force: Bool, ci: CI = .github) throws(InputError) -> Outcome {
        // An empty name would make every path absolute ("/site.yml"): never write outside the folder named.
        guard !folder.isEmpty else {
            throw InputError("the folder name is empty", hint: "name the folder to create the site in, or '.' for this one")
        }
        try checkIsFolder(folder)
        let files = files(ci: ci)
        var blockers: [String] = []
        var existing: [String] = []
        var outcome = Outcome()
        var gitIgnore: [UInt8]?
        for file in files {
            blockers += parents(of: file.path).compactMap { blocker(folder, $0, wantsFolder: true) }
            let path = folder + "/" + file.path
            switch kind(of: path) {
            case .missing:
                if file.path == gitIgnorePath { gitIgnore = file.bytes }
            case .file where file.path == gitIgnorePath:
                guard let own = try? FileInput.read(path, purpose: "a .gitignore", limit: .max) else {
                    blockers.append("\(gitIgnorePath) cannot be read")
                    continue
                }
                gitIgnore = GitIgnore.merged(String(decoding: own, as: UTF8.self)).map { Array($0.utf8) }
            case .file:
                existing.append(file.path)
            case .link where file.path == gitIgnorePath:
                outcome.notes.append("\(gitIgnorePath) is a link, so init left it as it is: add the lines "
                                     + "\(GitIgnore.requiredLines) to the file it points to yourself")
            case .link, .folder, .other:
                blockers.append(blocker(folder, file.path, wantsFolder: false) ?? file.path)
            }
        }
        if !blockers.isEmpty {
            var unique: [String] = []
            for blocker in blockers where !unique.contains(blocker) { unique.append(blocker) }
            throw InputError("\(folder) has \(unique.count == 1 ? "something" : "things") in the way of the starter site: "
                             + unique.joined(separator: "; "),
                             hint: "move \(unique.count == 1 ? "it" : "them") away, or choose another folder (feedsite init NEW_FOLDER); "
                                 + "--force does not change this")
        }
        if !existing.isEmpty, !force {
            throw InputError("\(folder) already has \(existing.count == 1 ? "a file" : "files") that init would overwrite: "
                             + existing.joined(separator: ", "),
                             hint: "choose an empty folder (feedsite init NEW_FOLDER), or pass --force to overwrite them")
        }
        for file in files {
            let bytes: [UInt8]
            if file.path == gitIgnorePath {
                guard let gitIgnore else { continue }
                bytes = gitIgnore
            } else {
                bytes = file.bytes
            }
            let path = folder + "/" + file.path
            try makeFolders(parent(of: path))
            do {
                try WholeFileReplacement.write(bytes, to: path)
            } catch {
                throw InputError("\(path): cannot be written (\(error.message))", hint: writeHint)
            }
            outcome.written.append(file.path)
        }
        return outcome
    }
}

private extension SiteScaffold {
    static let gitIgnorePath = ".gitignore"

    /// What a path is, without following a link at its end.
    enum Kind {
        case missing, file, folder, link, other
    }

    static func kind(of path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// Why `relative` (inside `folder`) is in the way: nil when it is missing or what init needs
    /// there. A link to a folder serves as a folder; a link where a file goes is never replaced.
    static func blocker(_ folder: String, _ relative: String, wantsFolder: Bool) -> String? {
        let path = folder + "/" + relative
        let kind = kind(of: path)
        if wantsFolder {
            switch kind {
            case .missing, .folder: return nil
            case .link:
                var status = stat()
                if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return nil }
                return "\(relative) is a link to no folder, where init makes a folder"
            case .file, .other: return "\(relative) is a file, where init makes a folder"
            }
        }
        switch kind {
        case .missing, .file: return nil
        case .folder: return "\(relative) is a folder, where init writes a file"
        case .link: return "\(relative) is a link, which init never replaces"
        case .other: return "\(relative) is not a regular file, where init writes a file"
        }
    }

    /// `templates` and `templates/assets` for `templates/assets/site.css`.
    static func parents(of relative: String) -> [String] {
        var result: [String] = []
        var path = parent(of: relative)
        while !path.isEmpty, path != "/" {
            result.insert(path, at: 0)
            path = parent(of: path)
        }
        return result
    }

    /// The folder that holds `path`: `a` for `a/b` and `a/b/`, `""` for a bare name, `/` for `/a`.
    /// (Foundation's deletingLastPathComponent crashes on one-character names on Linux.)
    static func parent(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Refuses a `folder` that is a file, or lies below one, before anything is written.
    static func checkIsFolder(_ folder: String) throws(InputError) {
        var path = folder
        while !path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                if isFolder.boolValue { return }
                throw InputError(path == folder ? "\(folder) is a file, not a folder" : "\(folder) cannot be created: \(path) is a file",
                                 hint: "give init the name of a new folder (feedsite init my-site), or of an existing folder")
            }
            let parent = parent(of: path)
            if parent == path { return }
            path = parent
        }
    }

    /// What to do when a folder or file of the site cannot be written, whatever the system's reason.
    static let writeHint = "check that you may write to that folder and that its disk has room, or choose another folder (feedsite init NEW_FOLDER)"

    /// Makes `path` and its missing parents, like `mkdir -p`; an error names the folder that could not
    /// be made and gives the system's reason ("Permission denied"), not Foundation's wording.
    static func makeFolders(_ path: String) throws(InputError) {
        guard !path.isEmpty, kind(of: path) != .folder else { return }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
        try makeFolders(parent(of: path))
        guard mkdir(path, 0o777) != 0 else { return }
        let code = errno
        if code == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
        throw InputError("\(path): cannot be created (\(SystemError(code).message))", hint: writeHint)
    }
}
