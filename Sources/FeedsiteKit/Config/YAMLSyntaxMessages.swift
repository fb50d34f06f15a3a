/// Rewords libyaml's syntax errors for people, keeping libyaml's position.
enum YAMLSyntaxMessages {
    /// A diagnostic for libyaml's `problem` (and `context`) at `at`; `character` is the one found there.
    static func diagnostic(problem: String, context: String?, at: SourceLocation, contextAt: SourceLocation,
                           character: Character?) -> Diagnostic {
        let opened = "line \(contextAt.line), column \(contextAt.column)"
        switch problem {
        case "found character that cannot start any token":
            if character == "\t" {
                return Diagnostic(at: at, "a tab character cannot be used for indentation in YAML",
                                  hint: "indent with spaces instead of tabs")
            }
            let shown = character.map { "'\($0)'" } ?? "this character"
            return Diagnostic(at: at, "\(shown) cannot start a YAML value",
                              hint: "put the value in quotes, e.g. \"\(character.map(String.init) ?? "")…\"")
        case "mapping values are not allowed in this context":
            return Diagnostic(at: at, "unexpected ':' here; a value that contains ': ' must be quoted",
                              hint: "put the value in quotes, or check the indentation of this line")
        case "did not find expected key":
            return Diagnostic(at: at, "expected a 'key: value' line aligned with the keys of the map that starts at \(opened)",
                              hint: "check this line's indentation, or quote a value that starts with a special character")
        case "could not find expected ':'":
            return Diagnostic(at: contextAt, "expected ':' after this key",
                              hint: "write 'key: value' with a space after the colon, or quote the text if it is not a key")
        case "did not find expected node content":
            return Diagnostic(at: at, "expected a value here", hint: "write a value, or quote text that starts with a special character")
        case "did not find expected ',' or ']'":
            return Diagnostic(at: at, "expected ',' or ']' in the list opened at \(opened)", hint: "close the list with ']'")
        case "did not find expected ',' or '}'":
            return Diagnostic(at: at, "expected ',' or '}' in the map opened at \(opened)", hint: "close the map with '}'")
        case "did not find expected '-' indicator":
            return Diagnostic(at: at, "unexpected indentation: expected another '- ' item of the list at \(opened), or a key aligned with the keys above",
                              hint: "indent this line like the keys above it")
        case "block sequence entries are not allowed in this context":
            return Diagnostic(at: at, "a '- ' list item cannot start here",
                              hint: "start the list on the next line, indented under its key")
        case "found unexpected end of stream":
            if context?.contains("quoted scalar") == true {
                return Diagnostic(at: contextAt, "this quoted string is never closed", hint: "add the closing quote")
            }
            return Diagnostic(at: at, "the file ends in the middle of a value", hint: "complete or remove the last value")
        case "found unknown escape character":
            return Diagnostic(at: at, "unknown escape sequence in a double-quoted string",
                              hint: "write a backslash as \\\\, or use single quotes where no escapes are needed")
        case "found undefined tag handle":
            return Diagnostic(at: at, "unknown tag handle", hint: "remove the tag")
        case "found unexpected ':'":
            return Diagnostic(at: at, "unexpected ':'", hint: "quote the value that contains it")
        default:
            if problem.contains("tab") {
                return Diagnostic(at: at, "a tab character cannot be used for indentation in YAML",
                                  hint: "indent with spaces instead of tabs")
            }
            if problem.contains("alias") || problem.contains("anchor") {
                return Diagnostic(at: at, "invalid anchor or alias: \(problem)", hint: "anchor names use letters, digits, '-' and '_'")
            }
            let where_ = context.map { " (\($0) at \(opened))" } ?? ""
            return Diagnostic(at: at, "invalid YAML: \(problem)\(where_)")
        }
    }
}
