import FeedsiteKit

/// `feedsite build`: reads site.yml and writes the site.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        summary: "Build the site: read site.yml, expand the templates, check every page, write the output folder.",
        usage: "[--config PATH] [--quiet] [--verbose]",
        options: [CommandSpec.configOption, CommandSpec.quietOption, CommandSpec.verboseOption]
    )

    let configPath: String
    let quiet: Bool
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = arguments.values["config"] ?? "site.yml"
        quiet = arguments.flags.contains("quiet")
        verbose = arguments.flags.contains("verbose")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
    }

    func run(_ console: Console) -> ExitCode {
        let config: SiteConfig
        do {
            config = try SiteConfigLoader.load(path: configPath)
        } catch {
            return console.fail(error)
        }
        let builder = SiteBuilder(config: config, displayPath: DisplayPath.relative)
        let showProgress = console.errIsTerminal && !quiet
        do {
            let result = try builder.build { phase in
                guard showProgress, case .rendering(let done, let total) = phase else { return }
                console.progress("rendering \(done)/\(total) pages")
            }
            if showProgress { console.progress(nil) }
            console.report(result.warnings)
            for line in result.check.textLines() { console.err(line) }
            if !quiet { console.err(result.summary) }
            if verbose { console.err("wrote \(DisplayPath.relative(config.outputFolder))") }
            return .success
        } catch let failure as BuildCheckFailure {
            if showProgress { console.progress(nil) }
            for line in failure.report.textLines() { console.err(line) }
            console.err("build stopped: \(failure.report.summary); nothing was written")
            return .findings
        } catch {
            if showProgress { console.progress(nil) }
            return console.fail(error)
        }
    }
}
