import FeedsiteKit

extension Console {
    /// Prints any error the library throws and returns the exit code it maps to.
    func fail(_ error: any Error) -> ExitCode {
        switch error {
        case let error as DiagnosticError:
            report(error.diagnostics)
            let errors = error.diagnostics.filter { $0.severity == .error }.count
            if errors > 1 { err("\(errors) errors") }
        case let error as InputError:
            report(error)
        default:
            err("error: \(error)")
        }
        return .invalid
    }
}
