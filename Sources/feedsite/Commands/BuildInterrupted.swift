import FeedsiteKit

/// A build that Ctrl-C (or SIGTERM) stopped: exit 130. On stderr it is one line without `error:`
/// (the user asked for it); with `--format json` it is the error document on stdout, as for any other failure.
struct BuildInterrupted: UserFacingError {
    /// What is said on stderr, and as the JSON document's message.
    static let message = "build interrupted: its temporary files were removed, and the output folder is as it was before"

    var exitCode: ExitCode { .interrupted }

    var problem: (message: String, hint: String?)? {
        (Self.message, "run the build again to write the site")
    }
}
