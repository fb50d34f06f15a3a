import FeedsiteKit

/// A path written so that a shell reads it back as one word, unchanged: for the commands that
/// feedsite suggests typing (`cd my site` would not work; `cd 'my site'` does).
enum ShellWord {
    /// `path` as is when it holds only characters no shell treats specially, otherwise in single
    /// quotes (a quote inside as `'\''`). A path with a character a terminal would act on (a newline,
    /// an escape, a bidirectional override: what `TerminalText` escapes) is written in `$'…'` instead,
    /// with each byte of such a character as `\xHH`, so the line shows it and bash, zsh, ksh and
    /// POSIX.1-2024 shells read back the same bytes. A path starting with `-` gets `./` so no command
    /// reads it as an option.
    static func quoted(_ path: String) -> String {
        let path = path.hasPrefix("-") ? "./" + path : path
        if TerminalText.escaped(path) != path { return dollarQuoted(path) }
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar))
        }
        return plain ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

private extension ShellWord {
    /// `$'…'`: backslash and quote escaped, and every byte of each character `TerminalText` escapes as `\xHH`.
    static func dollarQuoted(_ path: String) -> String {
        var text = "$'"
        for scalar in path.unicodeScalars {
            let character = String(scalar)
            if scalar == "\\" || scalar == "'" {
                text += "\\" + character
            } else if TerminalText.escaped(character) != character {
                for byte in character.utf8 { text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            } else {
                text += character
            }
        }
        return text + "'"
    }
}
