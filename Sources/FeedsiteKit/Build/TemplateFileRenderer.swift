import Foundation

/// Renders one template file with data from a YAML or JSON file: what `feedsite render` does.
package enum TemplateFileRenderer {
    /// The rendered bytes of `templatePath` with the data in `dataPath` (none: an empty map);
    /// `{{> NAME}}` reads `partialsFolder/NAME.html` (default: the template's own folder).
    package static func render(templatePath: String, dataPath: String?, partialsFolder: String?) throws -> [UInt8] {
        let source = try FileInput.read(templatePath, purpose: "a template")
        let template = try Template(source: source, name: templatePath)
        var data = TemplateValue.map([:])
        if let dataPath {
            let bytes = try FileInput.read(dataPath, purpose: "a YAML or JSON data file")
            data = try YAMLReader(file: dataPath).read(bytes)?.templateValue ?? .null
        }
        let folder = partialsFolder ?? URL(fileURLWithPath: templatePath).deletingLastPathComponent().path
        let renderer = TemplateRenderer(partials: FolderTemplateLoader(folder: folder), missingPartials: .renderNothing)
        return try renderer.render(template, data: data)
    }
}
