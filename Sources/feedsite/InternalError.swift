import FeedsiteKit

/// An error the library threw that is not a `UserFacingError`: a bug in feedsite, shown as one, exit 2.
struct InternalError: UserFacingError {
    /// How the error describes itself.
    let text: String

    init(_ error: any Error) {
        text = String(describing: error)
    }

    var exitCode: ExitCode { .invalid }

    var problem: (message: String, hint: String?)? {
        ("internal error: \(text)", "this is a bug in feedsite; please report it with the command that caused it")
    }
}

extension InternalError {
    /// `error` itself when it is user-facing; otherwise an internal error that wraps it.
    static func userFacing(_ error: any Error) -> any UserFacingError {
        error as? any UserFacingError ?? InternalError(error)
    }
}
