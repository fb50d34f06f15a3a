import FeedsiteKit

/// `feedsite completions bash|zsh|fish`: a completion script for the shell; `completions handles`
/// lists site.yml's account handles for those scripts.
struct CompletionsCommand: Command {
    static let spec = CommandSpec("completions", "Print a completion script for bash, zsh or fish: commands, options and account handles.",
                                  arguments: CompletionShell.allCases.map(\.rawValue).joined(separator: "|"), options: [.config],
                                  details: """
                                  bash: source <(feedsite completions bash), or save it as ~/.local/share/bash-completion/completions/feedsite
                                  zsh:  source <(feedsite completions zsh) after compinit, or save it as _feedsite in a folder of $fpath
                                  fish: feedsite completions fish > ~/.config/fish/completions/feedsite.fish

                                  The scripts complete account handles (feedsite fetch <Tab>) from site.yml (or the --config on the command \
                                  line) when Tab is pressed, by running 'feedsite completions \(handlesWord) [--config PATH]', which prints \
                                  the handles one a line (nothing when site.yml cannot be read).
                                  """)

    /// The word that asks for the handles instead of a script.
    static let handlesWord = "handles"

    enum Output {
        case script(CompletionShell)
        case handles(configPath: String)
    }

    let output: Output

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let names = CompletionShell.allCases.map(\.rawValue)
        guard let word = arguments.positionals.first else {
            throw UsageError(message: "name the shell: \(names.joined(separator: ", "))", hint: "feedsite completions bash")
        }
        if word == Self.handlesWord {
            output = .handles(configPath: try arguments.configPath)
        } else if let shell = CompletionShell(rawValue: word) {
            output = .script(shell)
        } else {
            throw UsageError(message: "unknown shell '\(word)'; expected one of \(names.joined(separator: ", "))",
                             hint: Suggestion.didYouMean(word, in: names))
        }
    }

    func run(_ console: Console) throws -> ExitCode {
        switch output {
        case .script(let shell):
            let script = CompletionScript(CommandLineInterface.commands.map { $0.spec }, globalOptions: CommandLineInterface.globalOptions)
            console.out(document: script.text(for: shell))
        case .handles(let configPath):
            // Valid handles are letters, digits and `_ . - @` (each network's rules), one a line.
            let config = try SiteConfigLoader.load(path: configPath)
            console.out(config.accounts.map { $0.handle + "\n" }.joined())
        }
        return .success
    }
}
