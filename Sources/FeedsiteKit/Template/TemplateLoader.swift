import Foundation
import Synchronization

/// Where partials and parents come from: `{{> name}}` asks the loader for `name`.
package protocol TemplateLoader: Sendable {
    /// The template called `name`, or nil when there is none.
    func template(named name: String) throws(DiagnosticError) -> Template?
    /// What to tell the user when `name` does not exist.
    func missingHint(for name: String) -> String?
}

/// Templates parsed up front, by name.
package struct TemplateLibrary: TemplateLoader {
    /// The templates, by partial name.
    package var templates: [String: Template]

    /// Creates a library from parsed templates.
    package init(_ templates: [String: Template] = [:]) {
        self.templates = templates
    }

    package func template(named name: String) -> Template? {
        templates[name]
    }

    package func missingHint(for name: String) -> String? {
        let known = templates.keys.sorted()
        return Suggestion.didYouMean(name, in: known) ?? (known.isEmpty ? nil : "known partials: \(known.joined(separator: ", "))")
    }
}

/// Partials read from a folder on first use: `{{> NAME}}` reads `FOLDER/NAME.html`, parsed once.
package final class FolderTemplateLoader: TemplateLoader {
    private let folder: String
    private let cache = Mutex<[String: Template?]>([:])

    /// A loader for `folder`.
    package init(folder: String) {
        self.folder = folder
    }

    package func template(named name: String) throws(DiagnosticError) -> Template? {
        if let cached = cache.withLock({ $0[name] }) { return cached }
        // Names never leave the folder: no absolute paths, no '..' components.
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let path = folder + "/" + name + ".html"
        let template: Template?
        if let data = FileManager.default.contents(atPath: path) {
            template = try Template(source: [UInt8](data), name: path)
        } else {
            template = nil
        }
        cache.withLock { $0[name] = template }
        return template
    }

    package func missingHint(for name: String) -> String? {
        "create \(folder)/\(name).html"
    }
}
