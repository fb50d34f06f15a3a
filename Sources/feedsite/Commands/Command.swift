import FeedsiteKit

/// A subcommand: its specification, how it is built from parsed arguments, and what it does.
/// Every command is listed once, in `CommandLineInterface.commands`.
protocol Command: Sendable {
    /// The name, options and help text.
    static var spec: CommandSpec { get }
    /// The command for `arguments`, or a usage error when they make no sense together.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Runs the command; what it throws is printed and mapped to an exit code by `Console.fail`.
    func run(_ console: Console) throws -> ExitCode
}
