import FeedsiteKit

/// A mistake on the command line: printed with the usage line and a pointer to --help, exit 2.
struct UsageError: UserFacingError, Equatable {
    let message: String
    var hint: String?

    /// Bad usage: exit 2.
    var exitCode: ExitCode { .invalid }

    /// The message and hint, shown without a place.
    var problem: (message: String, hint: String?)? { (message, hint) }
}
