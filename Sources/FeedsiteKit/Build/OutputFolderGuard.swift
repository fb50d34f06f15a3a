import Foundation

/// Refuses output folders whose cleaning could destroy the site or the user's files.
enum OutputFolderGuard {
    /// Throws when the output folder of `folders` is one whose cleaning could destroy the site (see below).
    static func check(_ folders: SiteFolders, configPath: String) throws(InputError) {
        try check(output: folders.output, siteFolder: folders.site, configPath: configPath, templatesFolder: folders.templates)
        let output = canonical(folders.output)
        let inputs = [("data/", folders.site + "/" + DataFiles.folderName), ("static/", folders.site + "/" + StaticFolder.name),
                      ("the snapshots folder", folders.snapshots), ("feeds/", folders.site + "/feeds")]
        for (name, folder) in inputs {
            let input = canonical(folder)
            if output == input || output.hasPrefix(input + "/") {
                throw InputError("refusing to build into \(output), which is inside \(name): the site reads that folder, and each build would change it",
                                 hint: "set 'output:' in site.yml (or --output) to a folder of its own, such as output")
            }
        }
    }

    /// Throws when `output` is `/`, the home folder, the site folder, an ancestor of it, or holds site.yml or the templates.
    static func check(output: String, siteFolder: String, configPath: String, templatesFolder: String) throws(InputError) {
        let output = canonical(output)
        let site = canonical(siteFolder)
        let hint = "set 'output:' in site.yml to a folder of its own, such as output"
        if output == "/" { throw InputError("refusing to build into '/'", hint: hint) }
        var status = stat()
        if lstat(output, &status) == 0, status.st_mode & S_IFMT != S_IFDIR, status.st_mode & S_IFMT != S_IFLNK {
            throw InputError("refusing to build into \(output), which is a file, not a folder", hint: hint)
        }
        if output == canonical(NSHomeDirectory()) { throw InputError("refusing to build into the home folder \(output)", hint: hint) }
        if output == site { throw InputError("refusing to build into the site folder itself (\(output))", hint: hint) }
        if site.hasPrefix(output + "/") {
            throw InputError("refusing to build into \(output), which contains the site folder", hint: hint)
        }
        if canonical(configPath).hasPrefix(output + "/") {
            throw InputError("refusing to build into \(output), which contains \(configPath)", hint: hint)
        }
        let templates = canonical(templatesFolder)
        if templates == output || templates.hasPrefix(output + "/") {
            throw InputError("refusing to build into \(output), which contains the templates folder", hint: hint)
        }
        // Assets are copied from the templates folder: an output folder inside it would copy itself.
        if output.hasPrefix(templates + "/") {
            throw InputError("refusing to build into \(output), which is inside the templates folder", hint: hint)
        }
    }

    /// An absolute path with `.`, `..` and symbolic links resolved (as far as the path exists).
    static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var url = URL(fileURLWithPath: absolute).standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
            missing.insert(url.lastPathComponent, at: 0)
            url.deleteLastPathComponent()
        }
        var resolved = url.resolvingSymlinksInPath().path
        for component in missing { resolved += (resolved.hasSuffix("/") ? "" : "/") + component }
        return resolved
    }
}
