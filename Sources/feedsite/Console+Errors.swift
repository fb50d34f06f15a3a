import FeedsiteKit

extension Console {
    /// How errors and diagnostics look on `err`: severities coloured on a terminal without NO_COLOR.
    var renderer: DiagnosticRenderer { DiagnosticRenderer(colors: colorsErrors) }

    /// Prints an error the library threw and returns the exit code it maps to; an error that is
    /// not user-facing is printed as an internal error.
    func fail(_ error: any Error) -> ExitCode {
        let error = InternalError.userFacing(error)
        err(rendered: renderer.text(error))
        return error.exitCode
    }

    /// Prints a usage error, the usage line and where to read more; returns its exit code.
    func fail(_ error: UsageError, usage: String, pointer: String) -> ExitCode {
        err(rendered: "\(renderer.text(error))\n\n\(usage)\n\(pointer)")
        return error.exitCode
    }

    /// Prints diagnostics (warnings, typically) to stderr.
    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { err(rendered: renderer.text(diagnostic)) }
    }

    /// The exit code for a command that ended with `code`: when writing its output failed (a full
    /// disk, say), that is said on stderr and the code is 2, since what was printed is incomplete.
    func finish(_ code: ExitCode) -> ExitCode {
        guard let failure = writeFailure else { return code }
        err("error: cannot write to \(failure.stream): \(failure.error.message)")
        return .invalid
    }
}
