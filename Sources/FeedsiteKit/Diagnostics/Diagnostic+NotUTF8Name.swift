extension Diagnostic {
    /// The error for an entry of a folder of input files whose name is not valid UTF-8, at `display:1:1`,
    /// `display` showing the bytes that are not as `\xHH` (`FolderListing`'s `misnamed`): a name repaired
    /// into `�` would name no file, and a hint to rename it would name the wrong one. static/, data/ and
    /// templates/pages/ all report it so; `hint` says what the folder's names may be.
    package static func notUTF8Name(display: String, hint: String) -> Diagnostic {
        Diagnostic(at: SourceLocation(file: display, line: 1, column: 1), "the name is not valid UTF-8, expected a UTF-8 name", hint: hint)
    }
}
