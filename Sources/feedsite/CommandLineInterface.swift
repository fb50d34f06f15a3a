import FeedsiteKit

/// The `feedsite` command line: picks the command, handles help and usage errors, returns the exit code.
enum CommandLineInterface {
    static let commands: [CommandSpec] = [BuildCommand.spec, CheckCommand.spec, InitCommand.spec, ServeCommand.spec, RenderCommand.spec]

    static var mainHelp: String {
        var text = """
        feedsite \(Generator.version): builds a static site of embedded X/Twitter timelines from one site.yml.

        usage: feedsite <command> [options]

        commands:

        """
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for spec in commands {
            text += "  \(spec.name)\(String(repeating: " ", count: width - spec.name.count))\(spec.summary)\n"
        }
        text += "  help\(String(repeating: " ", count: width - 4))Show help for a command: feedsite help build\n"
        text += """

        options:
          -h, --help   Show this help and exit.
          --version    Print the version and exit.

        Run 'feedsite <command> --help' for a command's options.

        """
        return text
    }

    /// Runs the command line `arguments` (without the program name).
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err("error: no command given\n\nusage: feedsite <command> [options]\nRun 'feedsite --help' for the list of commands.")
            return .invalid
        }
        switch first {
        case "-h", "--help":
            console.out(mainHelp)
            return .success
        case "--version":
            console.out("\(Generator.name) \(Generator.version)\n")
            return .success
        case "help":
            return help(Array(arguments.dropFirst()), console: console)
        default:
            break
        }
        guard let spec = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name) + ["help"]
            let kind = first.hasPrefix("-") ? "option" : "command"
            var message = "error: unknown \(kind) '\(first)'"
            if let suggestion = Suggestion.closest(to: first.trimmingDashes, in: names + (first.hasPrefix("-") ? ["version"] : [])) {
                message += "\n  hint: did you mean '\(first.hasPrefix("-") ? "--" : "")\(suggestion)'?"
            }
            console.err("\(message)\n\nusage: feedsite <command> [options]\nRun 'feedsite --help' for the list of commands.")
            return .invalid
        }
        let rest = Array(arguments.dropFirst())
        do {
            let parsed = try ParsedArguments(rest, spec: spec)
            if parsed.flags.contains("help") {
                console.out(spec.helpText)
                return .success
            }
            switch spec.name {
            case BuildCommand.spec.name: return try BuildCommand(parsed).run(console)
            case RenderCommand.spec.name: return try RenderCommand(parsed).run(console)
            case CheckCommand.spec.name: return try CheckCommand(parsed).run(console)
            case InitCommand.spec.name: return try InitCommand(parsed).run(console)
            case ServeCommand.spec.name: return try ServeCommand(parsed).run(console)
            default: return .invalid
            }
        } catch {
            var text = "error: \(error.message)"
            if let hint = error.hint { text += "\n  hint: \(hint)" }
            console.err("\(text)\n\n\(spec.usageLine)\nRun 'feedsite \(spec.name) --help' for more.")
            return .invalid
        }
    }

    private static func help(_ arguments: [String], console: Console) -> ExitCode {
        guard let name = arguments.first else {
            console.out(mainHelp)
            return .success
        }
        guard let spec = commands.first(where: { $0.name == name }) else {
            var text = "error: unknown command '\(name)'"
            if let suggestion = Suggestion.closest(to: name, in: commands.map(\.name)) {
                text += "\n  hint: did you mean '\(suggestion)'?"
            }
            console.err(text + "\nRun 'feedsite --help' for the list of commands.")
            return .invalid
        }
        console.out(spec.helpText)
        return .success
    }
}

private extension String {
    var trimmingDashes: String { String(drop { $0 == "-" }) }
}
