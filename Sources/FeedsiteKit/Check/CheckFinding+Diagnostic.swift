extension CheckFinding {
    /// The finding as a diagnostic: `message [code]`, the template it came from and the suggested URL
    /// on the one line that `feedsite check` and a stopped build print.
    package var diagnostic: Diagnostic {
        var text = "\(message) [\(rule.rawValue)]"
        if let templateLocation { text += " (from \(templateLocation))" }
        if let suggestion { text += " — suggested: \(suggestion)" }
        return Diagnostic(severity, at: location, text)
    }
}
