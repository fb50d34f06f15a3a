import FeedsiteKit

/// `feedsite help [COMMAND]`: the main help, or a command's help (the text its --help prints).
struct HelpCommand: Command {
    static let spec = CommandSpec("help", "Show help for a command: feedsite help build", arguments: "[COMMAND]", options: [])

    /// The command to explain; nil for the main help.
    let topic: (any Command.Type)?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let name = arguments.positionals.first else {
            topic = nil
            return
        }
        guard let topic = CommandLineInterface.command(named: name) else {
            throw UsageError(message: "unknown command '\(name)'",
                             hint: Suggestion.didYouMean(name, in: CommandLineInterface.commands.map { $0.spec.name }))
        }
        self.topic = topic
    }

    func run(_ console: Console) -> ExitCode {
        console.out(topic?.spec.helpText ?? CommandLineInterface.mainHelp)
        return .success
    }
}
