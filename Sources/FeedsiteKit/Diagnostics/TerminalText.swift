/// Text made safe to print on a terminal: characters that a terminal would act on instead of showing
/// are written as `\u{1B}`, so that a value from a page or from site.yml cannot clear the screen,
/// retitle the window, move the cursor or reorder what is shown.
package enum TerminalText {
    /// `text` with every C0 control (newlines too unless `keepingNewlines`), DEL, every C1 control and
    /// the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069) written as `\u{XX}`:
    /// a backslash, `u` and the code point in upper-case hexadecimal (at least two digits) in braces.
    package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingNewlines: keepingNewlines) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

private extension TerminalText {
    static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
