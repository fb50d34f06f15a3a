import FeedsiteKit

/// A subcommand: its specification, how it is built from parsed arguments, and what it does.
protocol Command {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ console: Console) -> ExitCode
}
