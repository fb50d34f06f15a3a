/// The zsh script: the same decisions as the bash one, offered through `compadd` (handles and words
/// as plain strings, `-Q` so nothing in them is quoted or expanded). The `--config` typed is unquoted
/// with `${(Q)…}`, which removes quotes and backslashes without evaluating anything.
extension CompletionScript {
    var zsh: String {
        var text = """
        #compdef feedsite
        # zsh completion for feedsite (written by 'feedsite completions zsh'). Load it after compinit with
        #   source <(feedsite completions zsh)
        # or save it as _feedsite in a folder of your $fpath.

        # WORD as the shell reads it: quotes and backslashes taken off, a leading ~ or ~/ made $HOME; nothing is run.
        _feedsite_word() {
            local out=${(Q)1}
            [[ $1 == '~' || $1 == '~/'* ]] && out=$HOME${out:1}
            print -rn -- "$out"
        }

        _feedsite_values() {
            local config=$2 kind=$3 handle word
            shift 3
            case $kind in
                files) _files ;;
                folders) _files -/ ;;
                handles)
                    local -a arguments handles typed offered
                    arguments=(completions handles)
                    [[ -n $config ]] && arguments+=(--config "$config")
                    # The handles already typed (--only jack,bob counts both), compared in lower case as fetch does.
                    for word in "$@"; do typed+=("${(@Ls:,:)word}"); done
                    handles=("${(@f)$(command feedsite "${arguments[@]}" 2>/dev/null)}")
                    for handle in "${handles[@]}"; do
                        [[ -n $handle && ${typed[(Ie)${(L)handle}]} -eq 0 ]] && offered+=("$handle")
                    done
                    compadd -Q -a offered
                    ;;
                commands) compadd -Q -- \(commands.map(\.name).joined(separator: " ")) ;;
            esac
        }

        _feedsite() {
            local cur=${words[CURRENT]} prev=${words[CURRENT-1]} config= i
            local -a used

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
