#if canImport(Glibc)
import Glibc
#endif

/// `static/` beside site.yml: files copied to the output root as they are (`static/robots.txt` becomes
/// `robots.txt`), dotfiles included (`.nojekyll`, `.well-known/`). They are planned like every other file,
/// so the manifest records them, links into them resolve, and one that collides with a generated file is an error.
struct StaticFolder: Sendable {
    /// The folder's absolute path.
    let path: String
    /// How the folder is named in messages (`static`, relative to the working folder when possible).
    let display: String
}

extension StaticFolder {
    /// The folder's name beside site.yml.
    static let name = "static"

    /// The static folder of the site in `siteFolder`.
    init(siteFolder: String, displayPath: (String) -> String) {
        path = siteFolder + "/" + Self.name
        display = displayPath(path)
    }

    /// Whether the folder exists.
    var exists: Bool { access(path, F_OK) == 0 }

    /// Every file below the folder, by its path in the output: the HTML pages read (they are checked),
    /// the other files as copies of the files on disk (see `DiskFile`). Throws `InputError` for a file whose
    /// name no host serves safely, a link to something outside the site folder, a name feedsite keeps
    /// for itself, and an output folder inside this one (each build would copy the last one).
    func files(siteFolder: String, outputFolder: String) throws -> [SiteFile] {
        guard exists else { return [] }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw DiagnosticError([Diagnostic(at: SourceLocation(file: display, line: 1, column: 1),
                                              "is a file, expected the folder of files to publish as they are",
                                              hint: "move the file into a folder named static/ (static/robots.txt is published as robots.txt), or rename it")])
        }
        if outputFolder == path || outputFolder.hasPrefix(path + "/") {
            throw InputError("\(display): the output folder is inside the static folder", hint: "set 'output:' to a folder outside static/")
        }
        // static/ itself a link out of the site: said once, of the folder, not of each file in it.
        do throws(InputError) {
            try SiteFileKind.refuseOutsideLink(path, folder: siteFolder, folderName: "the site folder", display: display)
        } catch {
            throw DiagnosticError([Diagnostic(at: SourceLocation(file: display, line: 1, column: 1), error.message.dropPrefix(display + ": "),
                                              hint: "copy the folder into the site folder instead of linking to it")])
        }
        var others: [String] = []
        var misnamed: [String]? = []
        var linkedFolders: [String] = []
        let listed = try FolderListing.files(under: path, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
        let renameHint = "rename the file: static files keep their names in the output, and hosts serve only plain names"
        // Every problem of every file at once, each at its file.
        var diagnostics = (misnamed ?? []).map { name in
            Diagnostic.notUTF8Name(display: "\(display)/\(Self.shown(name))", hint: renameHint)
        } + others.map { other in
            Diagnostic.notAFile(path + "/" + other, display: "\(display)/\(Self.shown(other))", expected: "a file to publish",
                                  folderName: "static/")
        } + linkedFolders.map { link in
            Diagnostic.linkedFolder(path + "/" + link, display: "\(display)/\(Self.shown(link))", folderName: "static/",
                                    instead: "nothing below it is published")
        }
        for relative in listed {
            let shown = "\(display)/\(Self.shown(relative))"
            if let problem = Self.problem(in: relative) {
                diagnostics.append(Diagnostic(at: SourceLocation(file: shown, line: 1, column: 1), problem, hint: renameHint))
                continue
            }
            do throws(InputError) {
                try SiteFileKind.refuseOutsideLink(path + "/" + relative, folder: siteFolder, folderName: "the site folder", display: shown)
            } catch {
                diagnostics.append(Diagnostic(at: SourceLocation(file: shown, line: 1, column: 1), error.message.dropPrefix(shown + ": "),
                                              hint: error.hint))
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics.sorted()) }
        return try listed.map { relative in
            let file = path + "/" + relative
            // A page is read, to be checked; anything else is copied in chunks when written, never held in memory.
            guard LinkChecker.isHTML(relative) else { return SiteFile(path: relative, copying: try DiskFile(path: file, shown: "\(display)/\(relative)")) }
            return SiteFile(path: relative, bytes: try FileInput.read(file, purpose: "a static file", limit: .max))
        }
    }

    /// What makes `relative` (a path below static/) unsafe to publish; nil when nothing does.
    static func problem(in relative: String) -> String? {
        if let scalar = relative.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "its name contains the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        if relative.contains("\\") { return "its name contains '\\', which Windows and some hosts read as a folder separator" }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) { return "its path has an empty, '.' or '..' part" }
        if let first = components.first, first == Substring(OutputWriter.manifestName) || first.hasPrefix(OutputWriter.temporaryPrefix) {
            return "'\(first)' is a name feedsite keeps for its own files in the output folder"
        }
        return nil
    }

    /// `relative` with control characters written as `\u{…}`, for messages.
    static func shown(_ relative: String) -> String {
        var text = ""
        for scalar in relative.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

private extension String {
    /// The string without `prefix` when it starts with it.
    func dropPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }

    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
