/// Shows user-facing errors the one way feedsite shows them: as text for a terminal (severities
/// optionally coloured) or the serve overlay, and as JSON. Every problem goes out through one
/// function, so all three lay out hints alike; the text forms show control characters escaped
/// (`TerminalText`), so that nothing a message quotes can act on the terminal.
package struct DiagnosticRenderer: Sendable {
    /// Whether severities are painted with ANSI colours (only on a terminal, and only without NO_COLOR).
    package var colors: Bool

    /// Creates a renderer; plain text unless `colors`.
    package init(colors: Bool = false) {
        self.colors = colors
    }
}

extension DiagnosticRenderer {
    /// `4800` as `4,800`.
    package static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// The error as lines: each problem with its hint indented beneath, then the closing line and,
    /// when the collector's cap was hit, how many more problems there were.
    package func lines(_ error: any UserFacingError) -> [String] {
        var lines = error.diagnostics.map(text)
        if let problem = error.problem {
            lines.append(entry(nil, .error, problem.message, hint: problem.hint))
        }
        if let summary = error.summary { lines.append(TerminalText.escaped(summary)) }
        if error.dropped > 0 {
            lines.append("and \(Self.grouped(error.dropped)) more error\(error.dropped == 1 ? "" : "s")")
        }
        return lines
    }

    /// The error as one text, lines joined by newlines (no newline at the end).
    package func text(_ error: any UserFacingError) -> String {
        lines(error).joined(separator: "\n")
    }

    /// `path:line:col: error: message`, and the hint indented on the lines after.
    package func text(_ diagnostic: Diagnostic) -> String {
        entry(diagnostic.location, diagnostic.severity, diagnostic.message, hint: diagnostic.hint)
    }

    /// The error as a JSON document: the exit code, every problem (a problem without a place has no
    /// `file`, `line` and `column`), how many were dropped and the closing line.
    package func json(_ error: any UserFacingError) -> String {
        var entries = error.diagnostics.map(json)
        if let problem = error.problem {
            entries.append("{\"file\": null, \"line\": null, \"column\": null, " + Self.jsonFields(.error, problem.message, problem.hint))
        }
        var text = "{\n  \"exit_code\": \(error.exitCode.rawValue),\n  \"diagnostics\": ["
        text += entries.isEmpty ? "],\n" : "\n    " + entries.joined(separator: ",\n    ") + "\n  ],\n"
        text += "  \"dropped\": \(error.dropped),\n"
        text += "  \"summary\": \(error.summary.map(JSONString.quoted) ?? "null")\n}\n"
        return text
    }
}

extension DiagnosticRenderer {
    /// One diagnostic as a JSON object: `{"file", "line", "column", "severity", "message", "hint"}`.
    package func json(_ diagnostic: Diagnostic) -> String {
        "{\"file\": \(JSONString.quoted(diagnostic.location.file)), \"line\": \(diagnostic.location.line), "
            + "\"column\": \(diagnostic.location.column), " + Self.jsonFields(diagnostic.severity, diagnostic.message, diagnostic.hint)
    }
}

private extension DiagnosticRenderer {
    /// The one layout of a problem: `[location: ]severity: message`, then `  hint: ` and the hint's
    /// further lines aligned beneath its first. The location, the message and each line of the hint
    /// are escaped here, so a newline in a message cannot start a line that looks like another problem.
    func entry(_ location: SourceLocation?, _ severity: Diagnostic.Severity, _ message: String, hint: String?) -> String {
        var text = location.map { TerminalText.escaped("\($0)") + ": " } ?? ""
        text += "\(paint(severity)): \(TerminalText.escaped(message))"
        if let hint {
            for (index, line) in hint.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                text += (index == 0 ? "\n  hint: " : "\n        ") + TerminalText.escaped(String(line))
            }
        }
        return text
    }

    func paint(_ severity: Diagnostic.Severity) -> String {
        guard colors else { return severity.rawValue }
        let code = severity == .error ? "31" : "33"
        return "\u{1B}[1;\(code)m\(severity.rawValue)\u{1B}[0m"
    }

    /// `"severity": …, "message": …, "hint": …}`: the fields every JSON problem ends with.
    static func jsonFields(_ severity: Diagnostic.Severity, _ message: String, _ hint: String?) -> String {
        "\"severity\": \"\(severity.rawValue)\", \"message\": \(JSONString.quoted(message)), \"hint\": \(hint.map(JSONString.quoted) ?? "null")}"
    }
}
