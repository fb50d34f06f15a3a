import FeedsiteKit

/// `--format text|json`: results for people, or one JSON document for tools (check, posts).
enum OutputFormat: String, CaseIterable {
    case text, json

    /// The format `--format` names, text when it is absent; an unknown name is a usage error.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let name = arguments.values["format"] ?? "text"
        guard let format = OutputFormat(rawValue: name) else {
            throw UsageError(message: "unknown format '\(name)'; expected text or json",
                             hint: Suggestion.didYouMean(name, in: Self.allCases.map(\.rawValue)))
        }
        self = format
    }
}
