import Foundation

/// The site's templates, parsed once: the account page, the index, the optional river and 404 pages and the partials.
package struct TemplateSet: Sendable {
    /// `templates/account.html`.
    package var account: Template
    /// `templates/index.html`.
    package var index: Template
    /// `templates/404.html`, when present.
    package var notFound: Template?
    /// `templates/latest.html`, the river pages (`latest/`), when present: a site made before it
    /// existed keeps building as it did.
    package var latest: Template? = nil
    /// `templates/partials/**.html`, by name (path below partials/ without `.html`).
    package var partials: TemplateLibrary
    /// `templates/pages/NAME.html`, the extra pages (`NAME/index.html`), sorted by name.
    package var pages: [(name: String, template: Template)] = []

    /// The largest template file read.
    static let maximumTemplateBytes = 4 << 20

    /// Reads and parses every template below `folder`; all syntax errors of all files are reported together.
    /// `displayFolder` is how the folder is named in messages; `reservedPageNames` are the top-level folders a
    /// rename hint for a page template must not suggest (see `ExtraPageNames.reservedNames(for:)`).
    package static func load(folder: String, displayFolder: String, reservedPageNames: Set<String> = []) throws -> TemplateSet {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError("\(displayFolder): templates folder not found",
                             hint: "create it with 'feedsite init', or set 'templates:' in site.yml")
        }
        var diagnostics: [Diagnostic] = []
        func parse(_ relative: String, required: Bool) throws -> Template? {
            let path = folder + "/" + relative
            guard FileManager.default.fileExists(atPath: path) else {
                if required {
                    throw InputError("\(displayFolder)/\(relative): template not found",
                                     hint: "every site needs templates/account.html and templates/index.html; 'feedsite init' writes them")
                }
                return nil
            }
            try refuseOutsideLink(path, folder: folder, folderName: "the templates folder", display: "\(displayFolder)/\(relative)")
            do {
                let bytes = try FileInput.read(path, purpose: "a template", limit: maximumTemplateBytes)
                return try Template(source: bytes, name: "\(displayFolder)/\(relative)")
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
                return nil
            }
        }
        let account = try parse("account.html", required: true)
        let index = try parse("index.html", required: true)
        let notFound = try parse("404.html", required: false)
        let latest = try parse("latest.html", required: false)
        var partials: [String: Template] = [:]
        let partialsFolder = folder + "/partials"
        if FileManager.default.fileExists(atPath: partialsFolder) {
            for file in try FolderListing.files(under: partialsFolder) where file.hasSuffix(".html") {
                if let template = try parse("partials/" + file, required: false) {
                    partials[String(file.dropLast(5))] = template
                }
            }
        }
        var pages: [(name: String, template: Template)] = []
        for name in try ExtraPageNames.names(in: folder + "/" + ExtraPageNames.folder, display: displayFolder + "/" + ExtraPageNames.folder,
                                                  reserved: reservedPageNames) {
            if let template = try parse(ExtraPageNames.folder + "/" + name + ".html", required: false) { pages.append((name, template)) }
        }
        guard diagnostics.isEmpty, let account, let index else { throw DiagnosticError(diagnostics) }
        return TemplateSet(account: account, index: index, notFound: notFound, latest: latest, partials: TemplateLibrary(partials), pages: pages)
    }

    /// Refuses a file that is a symbolic link to somewhere outside `folder` (see `SiteFileKind.refuseOutsideLink`).
    static func refuseOutsideLink(_ path: String, folder: String, folderName: String, display: String) throws {
        try SiteFileKind.refuseOutsideLink(path, folder: folder, folderName: folderName, display: display)
    }
}
