import FeedsiteKit

/// `feedsite build`: reads site.yml and writes the site.
struct BuildCommand: Command {
    static let spec = CommandSpec("build", "Build the site: read site.yml, expand the templates, check every page, write the output folder.",
                                  options: [.config, .flag("force", "Overwrite files in the output folder that feedsite did not write."),
                                            .baseURL, .quiet, .verbose,
                                            .output("Build into DIR instead of site.yml's output folder (a new or empty folder, or one feedsite built)."),
                                            .value("format", "text|json", "json: the check's findings, or the error, as one JSON document on stdout (as check prints it)."),
                                            .flag("watch", "Build, then build again on every change of site.yml, the templates, the data files, static/ or the snapshots, until Ctrl-C.")],
                                  details: "Exit status: 0 built, 1 the check found errors (nothing was written), 2 invalid input, usage or I/O error; "
                                      + "130 stopped by Ctrl-C (the output folder is left as it was); --watch exits 0 on Ctrl-C.")

    let runner: BuildRunner
    let watch: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let quiet = arguments.flags.contains("quiet")
        let verbose = arguments.flags.contains("verbose")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
        var runner = BuildRunner(configPath: try arguments.configPath, force: arguments.flags.contains("force"), quiet: quiet, verbose: verbose)
        runner.output = try arguments.chosenOutput
        runner.baseURLFlag = try arguments.baseURL
        runner.format = try OutputFormat(arguments)
        watch = arguments.flags.contains("watch")
        if watch && runner.format == .json {
            throw UsageError(message: "--watch and --format json cannot be used together", hint: "--format json prints one document for one build")
        }
        self.runner = runner
    }

    func run(_ console: Console) -> ExitCode {
        BuildInterruptSignal.install()
        let first = runner.run(console)
        guard watch, first.code != .interrupted else { return first.code }
        return BuildWatch(runner: runner).run(console, first: first)
    }
}
