import Foundation

extension Diagnostic {
    /// The error at `display:1:1` for a symbolic link to a folder in a folder the build reads every file of
    /// (`static/`, `templates/pages/`): links to folders are not followed, and leaving one out would be silent.
    package static func linkedFolder(_ path: String, display: String, folderName: String, instead: String) -> Diagnostic {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        return Diagnostic(at: SourceLocation(file: display, line: 1, column: 1),
                          "is a link to a folder (\(target)); feedsite does not follow links to folders, so \(instead)",
                          hint: "copy the folder into \(folderName) instead of linking to it, or remove the link")
    }
}
