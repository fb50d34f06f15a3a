/// The bash script. Words are compared as plain text (`[[ $word == "$cur"* ]]`), never as patterns
/// and never through `compgen -W`, so no handle or file name is expanded or split; the `--config`
/// typed is unquoted character by character (`_feedsite_word`), never through `eval`.
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

        # WORD as the shell reads it: quotes ('…', "…") and backslashes taken off, a leading ~ or ~/ made $HOME;
        # nothing in it is expanded or run.
        _feedsite_word() {
            local word=$1 out= quote= char i
            for (( i = 0; i < ${#word}; i++ )); do
                char=${word:i:1}
                if [[ $quote == "'" ]]; then
                    if [[ $char == "'" ]]; then quote=; else out+=$char; fi
                elif [[ $quote == '"' ]]; then
                    if [[ $char == '"' ]]; then quote=
                    elif [[ $char == '\\' && ${word:i+1:1} == [\\$\\`\\"\\\\] ]]; then out+=${word:i+1:1}; (( ++i ))
                    else out+=$char; fi
                elif [[ $char == "'" || $char == '"' ]]; then quote=$char
                elif [[ $char == '\\' ]]; then out+=${word:i+1:1}; (( ++i ))
                else out+=$char; fi
            done
            [[ $word == '~' || $word == '~/'* ]] && out=$HOME${out:1}
            printf '%s' "$out"
        }

        _feedsite_values() {
            local cur=$1 config=$2 kind=$3 line word part typed
            shift 3
            case $kind in
                files) compopt -o filenames 2>/dev/null; while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur") ;;
                folders) compopt -o filenames 2>/dev/null; while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -d -- "$cur") ;;
                handles)
                    local -a arguments=(completions handles) parts
                    [[ -n $config ]] && arguments+=(--config "$config")
                    # The handles already typed (--only jack,bob counts both), compared in lower case as fetch does.
                    typed=,
                    for word in "$@"; do
                        IFS=, read -r -a parts <<<"$word"
                        for part in "${parts[@]}"; do typed+=${part,,},; done
                    done
                    while IFS= read -r line; do
                        [[ $line == "$cur"* && $typed != *",${line,,},"* ]] && COMPREPLY+=("$line")
                    done < <(command feedsite "${arguments[@]}" 2>/dev/null)
                    ;;
                commands) _feedsite_add "$cur" \(commands.map(\.name).joined(separator: " ")) ;;
            esac
        }

        _feedsite() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} config= i
            local -a used=()
            COMPREPLY=()

        """
        text += dispatch(words: "COMP_WORDS", commandIndex: 1, current: "COMP_CWORD", offer: { "_feedsite_add \"$cur\" " + $0.joined(separator: " ") })
        text += """
        }

        complete -F _feedsite feedsite

        """
        return text
    }
}
