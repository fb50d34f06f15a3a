extension Diagnostic {
    /// The error for the entry at `path` (shown as `display`) of a folder of input files (`folderName`, such as
    /// `static/`) that is neither a file nor a folder: a broken link, a link loop, a FIFO, a device or a
    /// socket. static/, data/ and templates/pages/ all report it so, at `display:1:1`.
    package static func notAFile(_ path: String, display: String, expected: String, folderName: String) -> Diagnostic {
        Diagnostic(at: SourceLocation(file: display, line: 1, column: 1), "is \(SiteFileKind.unusualKind(path)), expected \(expected)",
                   hint: "remove it from \(folderName), or replace it with the file itself")
    }

}
