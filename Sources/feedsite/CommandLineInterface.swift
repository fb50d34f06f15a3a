import FeedsiteKit

/// The `feedsite` command line: picks the command, handles help and usage errors, returns the exit code.
enum CommandLineInterface {
    /// Every command, in the order the main help lists them: help, usage, did-you-mean and dispatch
    /// all read this table.
    static let commands: [any Command.Type] = [
        BuildCommand.self, FetchCommand.self, CheckCommand.self, InitCommand.self, ServeCommand.self, RenderCommand.self, PostsCommand.self,
        CleanCommand.self, SchemaCommand.self, FoldersCommand.self, CompletionsCommand.self,
        HelpCommand.self,
    ]

    /// The options accepted before a command (without their dashes).
    static let globalOptions = ["help", "version"]

    static let usageLine = "usage: feedsite <command> [options]"
    static let pointer = "Run 'feedsite --help' for the list of commands."

    static var mainHelp: String {
        var text = """
        feedsite \(Generator.version): builds a static site of embedded X/Twitter timelines from one site.yml.

        \(usageLine)

        commands:

        """
        let specs = commands.map { $0.spec }
        let width = (specs.map(\.name.count).max() ?? 0) + 2
        for spec in specs {
            text += "  \(spec.name)\(String(repeating: " ", count: width - spec.name.count))\(spec.summary)\n"
        }
        text += """

        options:
          -h, --help   Show this help and exit.
          --version    Print the version and the commit it was built from, and exit.

        Run 'feedsite <command> --help' for a command's options.

        """
        return text
    }

    /// The command called `name`, if there is one.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// Runs the command line `arguments` (without the program name).
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            return console.fail(UsageError(message: "no command given"), usage: usageLine, pointer: pointer)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return run(HelpCommand.self, rest, console: console)
        case "--version":
            if let extra = rest.first {
                return console.fail(UsageError(message: "'--version' takes no arguments, found '\(extra)'"), usage: usageLine, pointer: pointer)
            }
            console.out(BuildInfo.versionLine + "\n")
            return .success
        default:
            guard let command = command(named: first) else {
                return console.fail(unknown(first), usage: usageLine, pointer: pointer)
            }
            return run(command, rest, console: console)
        }
    }
}

private extension CommandLineInterface {
    /// Parses `arguments` for `command` and runs it: `--help` prints its help, a usage error its usage
    /// line, and anything the command throws is mapped to an exit code by `Console.fail`.
    static func run(_ command: any Command.Type, _ arguments: [String], console: Console) -> ExitCode {
        let spec = command.spec
        let instance: any Command
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, spec: spec)
            if parsed.flags.contains("help") {
                console.out(spec.helpText)
                return .success
            }
            instance = try command.init(parsed)
        } catch {
            // A tool that asked for JSON reads stdout: it gets the error as the one document there too.
            if spec.options.contains(where: { $0.name == "format" }), asksForJSON(arguments) {
                console.out(document: DiagnosticRenderer().json(error))
            }
            return console.fail(error, usage: spec.usageLine, pointer: "Run 'feedsite \(spec.name) --help' for more.")
        }
        do {
            return try instance.run(console)
        } catch {
            return console.fail(error)
        }
    }

    /// Whether `arguments` (which may not parse) ask for `--format json`.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }

    /// The error for a first argument that is neither a command nor a global option.
    static func unknown(_ word: String) -> UsageError {
        guard word.hasPrefix("-") else {
            return UsageError(message: "unknown command '\(word)'", hint: Suggestion.didYouMean(word, in: commands.map { $0.spec.name }))
        }
        let bare = String(word.drop { $0 == "-" })
        let hint = bare.count == 1 ? ParsedArguments.shortOptionHint(bare.first!, among: globalOptions)
            : Suggestion.closest(to: bare, in: globalOptions).map { "did you mean '--\($0)'?" }
        return UsageError(message: "unknown option '\(word)'", hint: hint)
    }
}
