/// A path written so that a POSIX shell reads it back as one word, unchanged: for the commands that
/// feedsite suggests typing (`cd my site` would not work; `cd 'my site'` does).
enum ShellWord {
    /// `path` as is when it holds only characters no shell treats specially, otherwise in single
    /// quotes (a quote inside as `'\''`). A path starting with `-` gets `./` so no command reads it
    /// as an option.
    static func quoted(_ path: String) -> String {
        let path = path.hasPrefix("-") ? "./" + path : path
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar))
        }
        return plain ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
