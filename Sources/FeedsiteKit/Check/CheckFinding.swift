/// One problem the checker found: where, how serious, which rule, what it means and how to fix it.
package struct CheckFinding: Sendable, Hashable, Comparable {
    /// The file (relative to the checked folder), line and column of the attribute value's first character.
    package var location: SourceLocation
    /// The rule that fired.
    package var rule: CheckRule
    /// Error or warning (warnings count as errors with --strict).
    package var severity: Diagnostic.Severity
    /// What is wrong, in plain words.
    package var message: String
    /// The URL as it stands in the attribute, after HTML character references are decoded.
    package var url: String
    /// A corrected URL, when the intended value is unambiguous.
    package var suggestion: String?
    /// Where the template text that produced it stands, when a build knows.
    package var templateLocation: SourceLocation?

    /// Creates a finding with the rule's default severity.
    package init(location: SourceLocation, rule: CheckRule, message: String, url: String, suggestion: String? = nil) {
        self.location = location
        self.rule = rule
        self.severity = rule.severity
        self.message = message
        self.url = url
        self.suggestion = suggestion
    }

    package static func < (lhs: CheckFinding, rhs: CheckFinding) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.rule) < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.rule)
    }
}
