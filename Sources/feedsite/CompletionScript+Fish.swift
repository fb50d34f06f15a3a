/// The fish script: one `complete` line per command and option, each with its help text; handles
/// come from `feedsite completions handles` (with the `--config` already on the command line, its
/// leading `~` made `$HOME`), without those already typed. The values an option takes (`text`,
/// `json`, handles) carry an empty description of their own (`text\t`), so fish does not show the
/// option's help beside each of them.
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
            "    set -l typed",
            "    for index in (seq (count $words))",
            "        set -l config",
            "        if test \"$words[$index]\" = --config; and test $index -lt (count $words)",
            "            set config $words[(math $index + 1)]",
            "        else if string match -q -- '--config=*' $words[$index]",
            "            set config (string replace -- '--config=' '' $words[$index])",
            "        end",
            "        # fish hands the words over without their quotes, but with a leading ~ as typed.",
            "        test -n \"$config\"; and set arguments $arguments --config (string replace -r -- '^~(?=/|$)' $HOME $config)",
            "        # The handles already typed (--only jack,bob counts both), in lower case as fetch compares them.",
            "        set typed $typed (string lower -- (string split , -- $words[$index]))",
            "    end",
            "    for handle in (command feedsite $arguments 2>/dev/null)",
            "        contains -- (string lower -- $handle) $typed; or printf '%s\\t\\n' $handle",
            "    end",
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
        case .words(let words): return "\(flag) -a \(Self.quoted(words.map { $0 + "\\t" }.joined(separator: " ")))"
        case .files: return required ? "-r -F" : "-F"
        case .folders: return "\(flag) -a '(__fish_complete_directories)'"
        case .handles: return "\(flag) -a '(__feedsite_handles)'"
        case .commands: return "\(flag) -a \(Self.quoted(commands.map(\.name).joined(separator: " ")))"
        }
    }
}
