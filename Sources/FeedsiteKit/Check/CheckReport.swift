/// What a check found, with its totals.
package struct CheckReport: Sendable {
    /// Every finding, sorted by file, line and column.
    package var findings: [CheckFinding]
    /// How many HTML files were checked.
    package var filesChecked: Int
    /// How many intent URLs were inspected.
    package var intentURLs: Int
    /// How many relative links were followed.
    package var links: Int

    /// Findings of error severity.
    package var errorCount: Int { findings.filter { $0.severity == .error }.count }
    /// Findings of warning severity.
    package var warningCount: Int { findings.filter { $0.severity == .warning }.count }
    /// How many files have at least one finding.
    package var filesWithFindings: Int { Set(findings.map(\.location.file)).count }

    /// Whether the check fails: any error, or with `strict` any warning.
    package func fails(strict: Bool) -> Bool {
        errorCount > 0 || (strict && warningCount > 0)
    }

    /// `3 errors, 1 warning in 2 of 120 files; 240 intent URLs checked`.
    package var summary: String { summary(otherWarnings: 0) }

    /// The summary with `otherWarnings` more warnings (a build's own, as `json(warnings:)` lists them)
    /// in its count, so that it says what the JSON totals say.
    package func summary(otherWarnings: Int) -> String {
        let checked = "\(intentURLs) intent URL\(intentURLs == 1 ? "" : "s") checked"
        let files = "\(filesChecked) file\(filesChecked == 1 ? "" : "s")"
        if findings.isEmpty, otherWarnings == 0 { return "no problems in \(files); \(checked)" }
        let errors = errorCount
        let warnings = warningCount + otherWarnings
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(filesWithFindings) of \(files); \(checked)"
    }

    /// One line per finding: `file:line:col: error: message [code]`, and the fix when there is one.
    package func textLines(errorsOnly: Bool = false) -> [String] {
        findings.filter { !errorsOnly || $0.severity == .error }.map(\.diagnostic.description)
    }

    /// The findings and totals as a JSON document.
    package var json: String { json(warnings: nil) }

    /// The findings and totals as a JSON document, with `warnings` (other than the findings: a build's
    /// template warnings, files it replaced after an edit) as `"warnings"` when given.
    package func json(warnings: [Diagnostic]?) -> String {
        var text = "{\n  \"findings\": ["
        for (index, finding) in findings.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"file\": \(JSONString.quoted(finding.location.file)), \"line\": \(finding.location.line), "
            text += "\"column\": \(finding.location.column), \"severity\": \"\(finding.severity.rawValue)\", "
            text += "\"code\": \"\(finding.rule.rawValue)\", \"message\": \(JSONString.quoted(finding.message)), "
            text += "\"url\": \(JSONString.quoted(finding.url)), \"suggestion\": \(finding.suggestion.map(JSONString.quoted) ?? "null")"
            if let template = finding.templateLocation {
                text += ", \"template\": {\"file\": \(JSONString.quoted(template.file)), \"line\": \(template.line), \"column\": \(template.column)}"
            }
            text += "}"
        }
        text += findings.isEmpty ? "],\n" : "\n  ],\n"
        if let warnings {
            let renderer = DiagnosticRenderer()
            text += "  \"warnings\": [" + (warnings.isEmpty ? "" : "\n    " + warnings.map(renderer.json).joined(separator: ",\n    ") + "\n  ") + "],\n"
        }
        // The warnings total counts the findings' warnings and the entries of `warnings`, so it adds up to what is listed.
        text += "  \"totals\": {\"errors\": \(errorCount), \"warnings\": \(warningCount + (warnings?.count ?? 0)), \"files\": \(filesChecked), "
        text += "\"files_with_findings\": \(filesWithFindings), \"intent_urls\": \(intentURLs), \"links\": \(links)}\n}\n"
        return text
    }
}
