/// The process exit status, as documented for every command.
package enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// The checker found errors.
    case findings = 1
    /// Invalid input, usage or I/O error.
    case invalid = 2
    /// Stopped by Ctrl-C (SIGINT): 128 + 2, as shells report a command the signal ended.
    case interrupted = 130
}
