import FeedsiteKit

extension CommandSpec.Option {
    /// `--output DIR`, for the commands that build or clean a site.
    static func output(_ help: String) -> CommandSpec.Option { .value("output", "DIR", help) }
}

extension ParsedArguments {
    /// `--output DIR` as a folder; nil without it. An empty DIR is a usage error.
    var chosenOutput: ChosenOutputFolder? {
        get throws(UsageError) {
            guard let path = values["output"] else { return nil }
            guard !path.isEmpty else { throw UsageError(message: "--output needs a folder", hint: "such as --output public") }
            return ChosenOutputFolder(path)
        }
    }
}
