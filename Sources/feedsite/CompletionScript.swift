/// A shell completion script for `feedsite`, written from the command table (`CommandLineInterface.commands`),
/// so that a new command or option is completed as soon as it is in the table. Account handles come
/// from `feedsite completions handles`, run when the user presses Tab, so they follow site.yml.
struct CompletionScript {
    /// What a word may be completed with.
    enum Values: Equatable {
        /// Nothing to offer (a number, a host).
        case none
        /// These words.
        case words([String])
        /// Files (and folders to reach them).
        case files
        /// Folders.
        case folders
        /// The handles of site.yml's accounts.
        case handles
        /// The command names.
        case commands
    }

    /// One command's completions.
    struct Entry {
        let name: String
        let summary: String
        /// Each `--option`'s name, short letter, help, and what its value completes with (nil: a flag).
        let options: [(name: String, short: Character?, help: String, value: Values?)]
        /// What the positional arguments complete with.
        let positionals: Values
    }

    let commands: [Entry]
    /// The options before a command (`--help`, `--version`).
    let globalOptions: [String]

    /// The script for the commands in `specs`.
    init(_ specs: [CommandSpec], globalOptions: [String]) {
        commands = specs.map { spec in
            Entry(name: spec.name, summary: spec.summary,
                  options: (spec.options + [CommandSpec.Option.help]).map { ($0.name, $0.short, $0.help, $0.value.map(Self.values)) },
                  positionals: Self.values(of: spec.arguments))
        }
        self.globalOptions = globalOptions
    }

    /// What a placeholder (`PATH`, `HANDLE...`, `text|json`, `[COMMAND]`) completes with.
    static func values(of placeholder: String) -> Values {
        let bare = placeholder.filter { !"[]. …,".contains($0) }
        if bare.isEmpty { return .none }
        if bare.contains("HANDLE") { return .handles }
        if bare == "COMMAND" { return .commands }
        if bare == "DIR" { return .folders }
        let parts = bare.split(separator: "|").map(String.init)
        if parts.allSatisfy({ $0 == $0.lowercased() }) { return .words(parts) }
        return parts.contains { ["PATH", "FILE", "DIR", "TEMPLATE", "SOURCE"].contains($0) } ? .files : .none
    }
}

extension CompletionScript {
    /// The script for `shell`.
    func text(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// Every long option of `entry`, with dashes.
    func longOptions(_ entry: Entry) -> [String] {
        entry.options.map { "--" + $0.name }
    }

    /// The options of `entry` whose values complete with something, grouped by what.
    func valueOptions(_ entry: Entry) -> [(names: [String], values: Values)] {
        var groups: [(names: [String], values: Values)] = []
        for option in entry.options {
            guard let values = option.value else { continue }
            let names = ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
            if let index = groups.firstIndex(where: { $0.values == values }) {
                groups[index].names += names
            } else {
                groups.append((names, values))
            }
        }
        return groups
    }

    /// The part of bash's and zsh's `_feedsite` after its local variables (`config` and the array `used`
    /// among them): the first word offers the commands; later words find the `--config` typed (as the
    /// shell will read it: `_feedsite_word` takes its quotes off and expands a leading `~`, evaluating
    /// nothing) and collect the words already typed, then the command's arm offers an option's values,
    /// its options after a `-`, or its positional arguments. The shells differ only in how they name the
    /// words (`words`, the command at `commandIndex`, the word being completed at `current`) and how they
    /// offer fixed words (`offer`); each defines `_feedsite_word WORD` and
    /// `_feedsite_values CUR CONFIG KIND [WORD...]` (handles leave out those among the WORDs).
    func dispatch(words: String, commandIndex: Int, current: String, offer: ([String]) -> String) -> String {
        func values(_ values: Values) -> String {
            switch values {
            case .none: ":"
            case .words(let words): offer(words)
            case .files: "_feedsite_values \"$cur\" \"$config\" files"
            case .folders: "_feedsite_values \"$cur\" \"$config\" folders"
            case .handles: "_feedsite_values \"$cur\" \"$config\" handles \"${used[@]}\""
            case .commands: "_feedsite_values \"$cur\" \"$config\" commands"
            }
        }
        // bash splits `--config=PATH` into three words, `--config`, `=` and `PATH` (`=` is in COMP_WORDBREAKS).
        var text = """
                if (( \(current) == \(commandIndex) )); then
                    \(offer(firstWords))
                    return
                fi
                for (( i = \(commandIndex + 1); i < \(current); i++ )); do
                    used+=("${\(words)[i]}")
                    case ${\(words)[i]} in
                        --config)
                            if [[ ${\(words)[i+1]} == = ]]; then config=$(_feedsite_word "${\(words)[i+2]}")
                            else config=$(_feedsite_word "${\(words)[i+1]}"); fi ;;
                        --config=*) config=$(_feedsite_word "${\(words)[i]#--config=}") ;;
                    esac
                done
                case ${\(words)[\(commandIndex)]} in

            """
        for entry in commands {
            text += "        \(entry.name))\n"
            let groups = valueOptions(entry)
            if !groups.isEmpty {
                text += "            case $prev in\n"
                for group in groups {
                    text += "                \(group.names.joined(separator: "|"))) \(values(group.values)); return ;;\n"
                }
                text += "            esac\n"
            }
            text += "            if [[ $cur == -* ]]; then \(offer(longOptions(entry))); return; fi\n"
            if entry.positionals != .none { text += "            \(values(entry.positionals))\n" }
            text += "            ;;\n"
        }
        return text + "    esac\n"
    }

    /// The command names and global options, for the first word.
    var firstWords: [String] {
        commands.map(\.name) + globalOptions.map { "--" + $0 } + ["-h"]
    }
}
