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
            local config=$2 kind=$3
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

        """
        text += dispatch(words: "words", commandIndex: 2, current: "CURRENT", offer: { "compadd -Q -- " + $0.joined(separator: " ") })
        text += """
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
