/// The fish script: one `complete` line per command and option, each with its help text; handles
/// come from `feedsite completions handles` (with the `--config` already on the command line).
extension CompletionScript {
    var fish: String {
        var lines = [
            "# fish completion for feedsite (written by 'feedsite completions fish'). Load it with",
            "#   feedsite completions fish | source",
            "# or save it as ~/.config/fish/completions/feedsite.fish.",
            "",
            "function __feedsite_handles",
            "    set -l arguments completions handles",
            "    set -l words (commandline -opc)",
            "    for index in (seq (count $words))",
            "        if test \"$words[$index]\" = --config; and test $index -lt (count $words)",
            "            set arguments $arguments --config $words[(math $index + 1)]",
            "        else if string match -q -- '--config=*' $words[$index]",
            "            set arguments $arguments --config (string replace -- '--config=' '' $words[$index])",
            "        end",
            "    end",
            "    command feedsite $arguments 2>/dev/null",
            "end",
            "",
            "complete -c feedsite -f",
        ]
        for option in globalOptions {
            lines.append("complete -c feedsite -n __fish_use_subcommand -l \(option)")
        }
        for entry in commands {
            lines.append("complete -c feedsite -n __fish_use_subcommand -a \(entry.name) -d \(Self.quoted(entry.summary))")
        }
        for entry in commands {
            let condition = "-n \(Self.quoted("__fish_seen_subcommand_from \(entry.name)"))"
            for option in entry.options {
                var line = "complete -c feedsite \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if let value = option.value { line += " " + fishValues(value, required: true) }
                lines.append(line + " -d \(Self.quoted(option.help))")
            }
            if entry.positionals != .none { lines.append("complete -c feedsite \(condition) \(fishValues(entry.positionals, required: false))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension CompletionScript {
    /// `text` in fish's single quotes (`\` and `'` escaped).
    static func quoted(_ text: String) -> String {
        "'" + text.map { $0 == "\\" || $0 == "'" ? "\\\($0)" : String($0) }.joined() + "'"
    }

    func fishValues(_ values: Values, required: Bool) -> String {
        let flag = required ? "-x" : ""
        switch values {
        case .none: return required ? "-x" : ""
        case .words(let words): return "\(flag) -a \(Self.quoted(words.joined(separator: " ")))"
        case .files: return required ? "-r -F" : "-F"
        case .folders: return "\(flag) -a '(__fish_complete_directories)'"
        case .handles: return "\(flag) -a '(__feedsite_handles)'"
        case .commands: return "\(flag) -a \(Self.quoted(commands.map(\.name).joined(separator: " ")))"
        }
    }
}
