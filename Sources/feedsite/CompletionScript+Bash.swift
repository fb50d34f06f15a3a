/// The bash script. Words are compared as plain text (`[[ $word == "$cur"* ]]`), never as patterns
/// and never through `compgen -W`, so no handle or file name is expanded or split.
extension CompletionScript {
    var bash: String {
        var text = """
        # bash completion for feedsite (written by 'feedsite completions bash'). Load it with
        #   source <(feedsite completions bash)
        # or save it as ~/.local/share/bash-completion/completions/feedsite.

        _feedsite_add() {
            local cur=$1 word
            shift
            for word in "$@"; do
                [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
            done
        }

        _feedsite_values() {
            local cur=$1 config=$2 line
            case $3 in
                files) compopt -o filenames 2>/dev/null; while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur") ;;
                folders) compopt -o filenames 2>/dev/null; while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -d -- "$cur") ;;
                handles)
                    local -a arguments=(completions handles)
                    [[ -n $config ]] && arguments+=(--config "$config")
                    while IFS= read -r line; do
                        [[ $line == "$cur"* ]] && COMPREPLY+=("$line")
                    done < <(command feedsite "${arguments[@]}" 2>/dev/null)
                    ;;
                commands) _feedsite_add "$cur" \(commands.map(\.name).joined(separator: " ")) ;;
            esac
        }

        _feedsite() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} config= i
            COMPREPLY=()
            if (( COMP_CWORD == 1 )); then
                _feedsite_add "$cur" \(firstWords.joined(separator: " "))
                return
            fi
            for (( i = 2; i < COMP_CWORD; i++ )); do
                case ${COMP_WORDS[i]} in
                    --config) config=${COMP_WORDS[i+1]} ;;
                    --config=*) config=${COMP_WORDS[i]#--config=} ;;
                esac
            done
            case ${COMP_WORDS[1]} in

        """
        for entry in commands {
            text += "        \(entry.name))\n"
            let groups = valueOptions(entry)
            if !groups.isEmpty {
                text += "            case $prev in\n"
                for group in groups {
                    text += "                \(group.names.joined(separator: "|"))) \(Self.bashValues(group.values)); return ;;\n"
                }
                text += "            esac\n"
            }
            text += "            if [[ $cur == -* ]]; then _feedsite_add \"$cur\" \(longOptions(entry).joined(separator: " ")); return; fi\n"
            if entry.positionals != .none { text += "            \(Self.bashValues(entry.positionals))\n" }
            text += "            ;;\n"
        }
        text += """
            esac
        }

        complete -F _feedsite feedsite

        """
        return text
    }
}

private extension CompletionScript {
    static func bashValues(_ values: Values) -> String {
        switch values {
        case .none: ":"
        case .words(let words): "_feedsite_add \"$cur\" " + words.joined(separator: " ")
        case .files: "_feedsite_values \"$cur\" \"$config\" files"
        case .folders: "_feedsite_values \"$cur\" \"$config\" folders"
        case .handles: "_feedsite_values \"$cur\" \"$config\" handles"
        case .commands: "_feedsite_values \"$cur\" \"$config\" commands"
        }
    }
}
