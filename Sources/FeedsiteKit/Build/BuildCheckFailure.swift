/// A build stopped by the in-memory check: nothing was written.
package struct BuildCheckFailure: UserFacingError {
    /// The findings (with at least one error).
    package var report: CheckReport
    /// The template each page with findings was rendered from (page path -> template file): the pages
    /// were never written, so each finding names the template that made its page.
    package var templates: [String: String] = [:]
    /// The build's own warnings (template names that never resolve, media not copied…), shown with the findings.
    package var warnings: [Diagnostic] = []

    /// The checker found errors: exit 1.
    package var exitCode: ExitCode { .findings }

    /// Every finding, on the lines `report.textLines()` prints, with a hint naming the template that made its page.
    package var diagnostics: [Diagnostic] {
        report.findings.map { finding in
            var diagnostic = finding.diagnostic
            if let template = templates[finding.location.file] {
                diagnostic.hint = "in \(finding.location.file), rendered from \(template) (the page was not written)"
            }
            return diagnostic
        }
    }

    /// `build stopped: 2 errors, … ; nothing was written`, the warnings counting the build's own as the JSON totals do.
    package var summary: String? { "build stopped: \(report.summary(otherWarnings: warnings.count)); nothing was written" }
}
