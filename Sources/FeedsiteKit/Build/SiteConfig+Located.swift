extension SiteConfig {
    /// `error` pointed at where site.yml sets `key`, when it sets it; otherwise `error` as it is.
    func located(_ error: InputError, key: String) -> any Error {
        guard let location = locations[key] else { return error }
        return DiagnosticError([Diagnostic(at: location, error.message, hint: error.hint)])
    }
}
