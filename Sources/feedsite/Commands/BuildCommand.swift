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
        // Rendering and writing arrive with the template engine; until then build validates and plans.
        let pages = ["index.html"] + config.accounts.map { "\($0.slug)/index.html" }
        if !quiet {
            for page in pages { console.out("\(config.outputFolder)/\(page)\n") }
            console.err("\(configPath) is valid: \(config.accounts.count) account\(config.accounts.count == 1 ? "" : "s"), \(pages.count) pages planned (rendering is not implemented yet; nothing was written)")
        }
        return .success
    }
}
