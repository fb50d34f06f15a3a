import FeedsiteKit

/// `feedsite folders [NAME]`: where site.yml puts the site's templates, output and snapshots, for
/// scripts (the GitHub workflow commits the snapshots folder this prints).
struct FoldersCommand: Command {
    /// The folders it can print, in the order it prints them.
    static let names = ["templates", "output", "snapshots"]

    static let spec = CommandSpec("folders", "Print where site.yml puts the site's templates, output and snapshots folders (for scripts).",
                                  arguments: "[" + names.joined(separator: "|") + "]", options: [.config],
                                  details: "Without a name: one line per folder, 'name: path'. With a name: that folder's path alone, "
                                      + "as in git add -- \"$(feedsite folders snapshots)\". Each path is relative to the working folder "
                                      + "when it is inside it, absolute otherwise, as site.yml resolves it (relative to site.yml's folder). "
                                      + "site.yml is checked as build checks it; exit 2 when it has errors.")

    let configPath: String
    /// The one folder asked for, or nil for all of them.
    let name: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = try arguments.configPath
        if let word = arguments.positionals.first, !Self.names.contains(word) {
            throw UsageError(message: "unknown folder '\(word)'; expected one of \(Self.names.joined(separator: ", "))",
                             hint: Suggestion.didYouMean(word, in: Self.names))
        }
        name = arguments.positionals.first
    }

    func run(_ console: Console) throws -> ExitCode {
        let folders = try SiteConfigLoader.load(path: configPath).folders
        let paths = [("templates", folders.templates), ("output", folders.output), ("snapshots", folders.snapshots)]
        if let name, let path = paths.first(where: { $0.0 == name })?.1 {
            console.out(DisplayPath.relative(path) + "\n")
        } else {
            console.out(paths.map { "\($0.0): \(DisplayPath.relative($0.1))\n" }.joined())
        }
        return .success
    }
}
