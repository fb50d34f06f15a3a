import Foundation

/// Rewords libyaml's syntax errors for people, keeping libyaml's position.
enum YAMLSyntaxMessages {
    /// How one of libyaml's problems is said to a person. `{opened}` in the message stands for the
    /// place where the construct the problem belongs to was opened.
    struct Rewording {
        let message: String
        let hint: String
        /// Whether the diagnostic points at that opening place instead of the problem's own.
        var atContext = false
    }

    /// libyaml's problems that always read the same way, by libyaml's wording.
    static let rewordings: [String: Rewording] = [
        "mapping values are not allowed in this context": Rewording(
            message: "unexpected ':' here; a value that contains ': ' must be quoted",
            hint: "put the value in quotes, or check the indentation of this line"),
        "did not find expected key": Rewording(
            message: "expected a 'key: value' line aligned with the keys of the map that starts at {opened}",
            hint: "check this line's indentation, or quote a value that starts with a special character"),
        "could not find expected ':'": Rewording(
            message: "expected ':' after this key",
            hint: "write 'key: value' with a space after the colon, or quote the text if it is not a key", atContext: true),
        "did not find expected node content": Rewording(
            message: "expected a value here", hint: "write a value, or quote text that starts with a special character"),
        "did not find expected ',' or ']'": Rewording(message: "expected ',' or ']' in the list opened at {opened}", hint: "close the list with ']'"),
        "did not find expected ',' or '}'": Rewording(message: "expected ',' or '}' in the map opened at {opened}", hint: "close the map with '}'"),
        "did not find expected '-' indicator": Rewording(
            message: "unexpected indentation: expected another '- ' item of the list at {opened}, or a key aligned with the keys above",
            hint: "indent this line like the keys above it"),
        "block sequence entries are not allowed in this context": Rewording(
            message: "a '- ' list item cannot start here", hint: "start the list on the next line, indented under its key"),
        "found unknown escape character": Rewording(
            message: "unknown escape sequence in a double-quoted string",
            hint: "write a backslash as \\\\, or use single quotes where no escapes are needed"),
        "found undefined tag handle": Rewording(message: "unknown tag handle", hint: "remove the tag"),
        "found unexpected ':'": Rewording(message: "unexpected ':'", hint: "quote the value that contains it"),
    ]

    static let tabIndentation = Rewording(message: "a tab character cannot be used for indentation in YAML",
                                          hint: "indent with spaces instead of tabs")

    /// libyaml's problem for a `\u` or `\U` escape that is no character: half of a surrogate pair, or beyond U+10FFFF.
    static let invalidCodePointProblem = "found invalid Unicode character escape code"

    /// The escape `written` (standing for `value`) at `at`, its backslash, is no character, said as the JSON reader says it.
    static func invalidCodePoint(_ written: String, value: UInt32, at: SourceLocation) -> Diagnostic {
        if (0xD800...0xDFFF).contains(value) {
            return Diagnostic(at: at, "expected a character, found '\(written)', half of a UTF-16 surrogate pair without its other half",
                              hint: "write the character itself, or its code point in one escape (U+1F600 is \\U0001F600): "
                                  + "YAML takes no UTF-16 pairs")
        }
        return Diagnostic(at: at, "expected a character, found '\(written)', beyond U+10FFFF, the last Unicode code point",
                          hint: "write the character itself, or an escape up to \\U0010FFFF")
    }

    /// A diagnostic for libyaml's `problem` (and `context`) at `at`; `character` is the one found there.
    static func diagnostic(problem: String, context: String?, at: SourceLocation, contextAt: SourceLocation,
                           character: Character?) -> Diagnostic {
        let opened = "line \(contextAt.line), column \(contextAt.column)"
        func said(_ rewording: Rewording) -> Diagnostic {
            Diagnostic(at: rewording.atContext ? contextAt : at, rewording.message.replacingOccurrences(of: "{opened}", with: opened),
                       hint: rewording.hint)
        }
        if let rewording = rewordings[problem] { return said(rewording) }
        switch problem {
        case "found character that cannot start any token":
            if character == "\t" { return said(tabIndentation) }
            let shown = character.map { "'\($0)'" } ?? "this character"
            return Diagnostic(at: at, "\(shown) cannot start a YAML value",
                              hint: "put the value in quotes, e.g. \"\(character.map(String.init) ?? "")…\"")
        case "found unexpected end of stream":
            if context?.contains("quoted scalar") == true {
                return Diagnostic(at: contextAt, "this quoted string is never closed", hint: "add the closing quote")
            }
            return Diagnostic(at: at, "the file ends in the middle of a value", hint: "complete or remove the last value")
        default:
            if problem.contains("tab") { return said(tabIndentation) }
            if problem.contains("alias") || problem.contains("anchor") {
                return Diagnostic(at: at, "invalid anchor or alias: \(problem)", hint: "anchor names use letters, digits, '-' and '_'")
            }
            let where_ = context.map { " (\($0) at \(opened))" } ?? ""
            return Diagnostic(at: at, "invalid YAML: \(problem)\(where_)")
        }
    }
}
