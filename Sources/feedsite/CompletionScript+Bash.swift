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

        """
        text += dispatch(words: "COMP_WORDS", commandIndex: 1, current: "COMP_CWORD", offer: { "_feedsite_add \"$cur\" " + $0.joined(separator: " ") })
        text += """
        }

        complete -F _feedsite feedsite

        """
        return text
    }
}
