import Foundation

/// The names of the extra pages: each `templates/pages/NAME.html` becomes `NAME/index.html`. A name
/// is a folder name in the output and part of every link to the page, so it is kept to what needs no
/// escaping anywhere: lower-case ASCII letters, digits and `-`. The folder is one level deep: a page
/// in a subfolder is an error, not a nested page, so every extra page sits beside the account pages.
enum ExtraPageNames {
    /// The folder below the templates folder.
    static let folder = "pages"

    /// The names of the pages in `path` (the pages folder), sorted; none when it does not exist. Throws
    /// `DiagnosticError`, an error at each entry's `NAME:1:1`, for a subfolder (or a link to one), a file
    /// that is not `.html`, or a name that is not a page name.
    /// Hidden files and editors' backups (`.about.html.swp`, `about.html~`) are passed over, as assets are.
    /// The name a bad name is told to take is free: no other page's, nor one of `reserved` (the top-level
    /// folders the build writes for itself: accounts, the river, media, assets; see `reservedNames(for:)`).
    static func names(in path: String, display: String, reserved: Set<String> = []) throws -> [String] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw DiagnosticError([Diagnostic(at: SourceLocation(file: display, line: 1, column: 1),
                                              "is not a folder, expected the folder of page templates (\(folder)/NAME.html)",
                                              hint: "move it away, or rename it: the name '\(folder)' in templates/ is the extra pages' folder")])
        }
        var others: [String] = []
        var misnamed: [String]? = []
        var linkedFolders: [String] = []
        let entries = try FolderListing.entries(of: path, others: &others, misnamed: &misnamed, linkedFolders: &linkedFolders)
        let at = { (name: String) in SourceLocation(file: "\(display)/\(StaticFolder.shown(name))", line: 1, column: 1) }
        var diagnostics = (misnamed ?? []).filter { SiteBuilder.isPublishedAsset($0) }.map { name in
            Diagnostic.notUTF8Name(display: "\(display)/\(name)",
                                   hint: "rename it to a page name of lower-case letters, digits and '-' (NAME.html becomes NAME/index.html)")
        }
        diagnostics += others.filter { SiteBuilder.isPublishedAsset($0) }.map { name in
            Diagnostic.notAFile(path + "/" + name, display: "\(display)/\(StaticFolder.shown(name))", expected: "a page template (NAME.html)",
                                  folderName: display + "/")
        }
        diagnostics += linkedFolders.filter { SiteBuilder.isPublishedAsset($0) }.map { name in
            Diagnostic.linkedFolder(path + "/" + name, display: "\(display)/\(StaticFolder.shown(name))", folderName: display + "/",
                                    instead: "no page in it is built (extra pages cannot be nested in folders either)")
        }
        let templates = entries.map(\.name).filter { $0.hasSuffix(".html") }
        var names: [String] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where SiteBuilder.isPublishedAsset(entry.name) {
            if entry.isFolder {
                diagnostics.append(Diagnostic(at: at(entry.name), "extra pages cannot be nested in folders",
                                              hint: "move the templates of '\(entry.name)/' up into \(display)/ (each NAME.html there becomes NAME/index.html)"))
                continue
            }
            guard entry.name.hasSuffix(".html") else {
                diagnostics.append(Diagnostic(at: at(entry.name), "not a page template (NAME.html)",
                                              hint: "\(display)/ holds only page templates: move the file elsewhere, or to static/ to publish it as it is"))
                continue
            }
            let name = String(entry.name.dropLast(5))
            if let problem = problem(in: name) {
                let taken = reserved.union(templates.filter { $0 != entry.name }.map { String($0.dropLast(5)).lowercased() })
                diagnostics.append(Diagnostic(at: at(entry.name), problem,
                                              hint: "rename it to \(freeName(for: name, taken: taken)).html: page names use lower-case letters, digits and '-'"))
                continue
            }
            names.append(name)
        }
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics.sorted()) }
        return names
    }

    /// What makes `name` no page name; nil when it is one.
    static func problem(in name: String) -> String? {
        if name.isEmpty { return "the page has no name" }
        if let bad = name.unicodeScalars.first(where: { !isNameScalar($0) }) {
            return "'\(StaticFolder.shown(name))' is not a page name: it contains '\(StaticFolder.shown(String(bad)))'"
        }
        if name.hasPrefix("-") || name.hasSuffix("-") {
            return "'\(name)' is not a page name: it starts or ends with '-' (a link to '-x/' reads as an option in a shell, and looks like a typo)"
        }
        return nil
    }
}

extension ExtraPageNames {
    /// The top-level folders the build writes for `config` whatever the templates: each account's, the
    /// river's, the media copies' and the assets'. An extra page of one of these names is refused later
    /// (`BuildPlan.refuseReservedPageNames`, `refuseCollisions`); a rename hint must not lead there.
    static func reservedNames(for config: SiteConfig) -> Set<String> {
        Set(config.accounts.map { $0.slug.lowercased() }).union([River.folder, PublishedMedia.folder, "assets"])
    }

    /// `suggestion(for:)`, or when that is in `taken` (lower-case names), the first of NAME-page, NAME-page-2, … that is not.
    static func freeName(for name: String, taken: Set<String>) -> String {
        let base = suggestion(for: name)
        guard taken.contains(base) else { return base }
        return (1...).lazy.map { $0 == 1 ? "\(base)-page" : "\(base)-page-\($0)" }.first { !taken.contains($0) } ?? base
    }
}

private extension ExtraPageNames {
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    /// `name` made a page name: accents dropped (`ü` is `u`), lower case, each run of anything else one
    /// `-`, none at either end; `about` when nothing is left.
    static func suggestion(for name: String) -> String {
        var text = ""
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        for scalar in folded.unicodeScalars {
            let kept: Unicode.Scalar = isNameScalar(scalar) ? scalar : "-"
            if kept == "-" && (text.isEmpty || text.hasSuffix("-")) { continue }
            text.unicodeScalars.append(kept)
        }
        while text.hasSuffix("-") { text.removeLast() }
        return text.isEmpty ? "about" : text
    }
}
