import FeedsiteKit

/// `feedsite build`: reads site.yml and writes the site.
struct BuildCommand: Command {
    static let spec = CommandSpec("build", "Build the site: read site.yml, expand the templates, check every page, write the output folder.",
                                  options: [.config, .flag("force", "Overwrite files in the output folder that feedsite did not write."),
                                            .quiet, .verbose])

    let runner: BuildRunner

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let quiet = arguments.flags.contains("quiet")
        let verbose = arguments.flags.contains("verbose")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
        runner = BuildRunner(configPath: try arguments.configPath, force: arguments.flags.contains("force"), quiet: quiet, verbose: verbose)
    }

    func run(_ console: Console) -> ExitCode {
        runner.run(console).code
    }
}
