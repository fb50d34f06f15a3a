/// The shells `feedsite completions` writes scripts for.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish
}
