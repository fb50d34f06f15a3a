import FeedsiteKit

/// `feedsite build`: reads site.yml and writes the site.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        summary: "Build the site: read site.yml, expand the templates, check every page, write the output folder.",
        usage: "[--config PATH] [--force] [--quiet] [--verbose]",
        options: [
            CommandSpec.configOption,
            CommandSpec.Option(name: "force", help: "Overwrite files in the output folder that feedsite did not write."),
            CommandSpec.quietOption, CommandSpec.verboseOption,
        ]
    )

    let configPath: String
    let force: Bool
    let quiet: Bool
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = arguments.values["config"] ?? "site.yml"
        force = arguments.flags.contains("force")
        quiet = arguments.flags.contains("quiet")
        verbose = arguments.flags.contains("verbose")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
    }

    func run(_ console: Console) -> ExitCode {
        BuildRunner(configPath: configPath, force: force, quiet: quiet, verbose: verbose).run(console).code
    }
}
