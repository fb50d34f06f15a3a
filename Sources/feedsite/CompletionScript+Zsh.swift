/// The zsh script: the same decisions as the bash one, offered through `compadd` (handles and words
/// as plain strings, `-Q` so nothing in them is quoted or expanded).
extension CompletionScript {
    var zsh: String {
        var text = """
        #compdef feedsite
        # zsh completion for feedsite (written by 'feedsite completions zsh'). Load it after compinit with
        #   source <(feedsite completions zsh)
        # or save it as _feedsite in a folder of your $fpath.

        _feedsite_values() {
            local config=$1 kind=$2
            case $kind in
                files) _files ;;
                folders) _files -/ ;;
                handles)
                    local -a arguments handles
                    arguments=(completions handles)
                    [[ -n $config ]] && arguments+=(--config "$config")
                    handles=("${(@f)$(command feedsite "${arguments[@]}" 2>/dev/null)}")
                    compadd -Q -a handles
                    ;;
                commands) compadd -Q -- \(commands.map(\.name).joined(separator: " ")) ;;
            esac
        }

        _feedsite() {
            local cur=${words[CURRENT]} prev=${words[CURRENT-1]} config= i
            if (( CURRENT == 2 )); then
                compadd -Q -- \(firstWords.joined(separator: " "))
                return
            fi
            for (( i = 3; i < CURRENT; i++ )); do
                case ${words[i]} in
                    --config) config=${words[i+1]} ;;
                    --config=*) config=${words[i]#--config=} ;;
                esac
            done
            case ${words[2]} in

        """
        for entry in commands {
            text += "        \(entry.name))\n"
            let groups = valueOptions(entry)
            if !groups.isEmpty {
                text += "            case $prev in\n"
                for group in groups {
                    text += "                \(group.names.joined(separator: "|"))) \(Self.zshValues(group.values)); return ;;\n"
                }
                text += "            esac\n"
            }
            text += "            if [[ $cur == -* ]]; then compadd -Q -- \(longOptions(entry).joined(separator: " ")); return; fi\n"
            if entry.positionals != .none { text += "            \(Self.zshValues(entry.positionals))\n" }
            text += "            ;;\n"
        }
        text += """
            esac
        }

        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _feedsite "$@"
        else
            compdef _feedsite feedsite
        fi

        """
        return text
    }
}

private extension CompletionScript {
    static func zshValues(_ values: Values) -> String {
        switch values {
        case .none: ":"
        case .words(let words): "compadd -Q -- " + words.joined(separator: " ")
        case .files: "_feedsite_values \"$config\" files"
        case .folders: "_feedsite_values \"$config\" folders"
        case .handles: "_feedsite_values \"$config\" handles"
        case .commands: "_feedsite_values \"$config\" commands"
        }
    }
}
