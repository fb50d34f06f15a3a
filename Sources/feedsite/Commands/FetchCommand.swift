import FeedsiteKit

/// `feedsite fetch`: reads each account's feed and updates its snapshot (the only command that uses the network).
struct FetchCommand: Command {
    static let spec = CommandSpec(
        name: "fetch",
        summary: "Fetch each account's feed and update its snapshot in snapshots/ (the only command that uses the network).",
        usage: "[--config PATH] [--only HANDLE...] [--timeout SECONDS] [--quiet]",
        options: [
            CommandSpec.configOption,
            CommandSpec.Option(name: "only", value: "HANDLE", help: "Fetch only these accounts (more handles may follow, or be separated by commas)."),
            CommandSpec.Option(name: "timeout", value: "SECONDS", help: "The most time one feed may take in all (default: 30)."),
            CommandSpec.quietOption,
        ],
        maxPositionals: Int.max,
        details: "Exit status: 0 every feed was read or unchanged, 1 some feed failed (its snapshot keeps its posts), 2 bad input or usage."
    )

    let configPath: String
    let only: [String]
    let timeout: Double
    let quiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = arguments.values["config"] ?? "site.yml"
        let first = arguments.values["only"]
        if first == nil, let extra = arguments.positionals.first {
            throw UsageError(message: "'feedsite fetch' takes no arguments, found '\(extra)'", hint: "to fetch some accounts: feedsite fetch --only \(extra)")
        }
        only = ([first].compactMap { $0 } + arguments.positionals).flatMap { $0.split(separator: ",").map(String.init) }
        if let text = arguments.values["timeout"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(message: "--timeout expects a number of seconds from 0.1 to 3600, found '\(text)'")
            }
            timeout = seconds
        } else {
            timeout = 30
        }
        quiet = arguments.flags.contains("quiet")
    }

    func run(_ console: Console) throws -> ExitCode {
        let config = try SiteConfigLoader.load(path: configPath)
        var fetcher = FeedFetcher(config: config)
        fetcher.only = only
        fetcher.limits.timeout = timeout
        fetcher.limits.connectTimeout = min(timeout, fetcher.limits.connectTimeout)
        fetcher.displayPath = DisplayPath.relative
        let showProgress = console.errIsTerminal && !quiet
        defer { if showProgress { console.progress(nil) } }
        let summary = try fetcher.run { event in
            switch event {
            case .progress(let done, let total):
                if showProgress { console.progress("\(DiagnosticRenderer.grouped(done))/\(DiagnosticRenderer.grouped(total))") }
            case .failed(let handle, let source, let reason):
                if showProgress { console.progress(nil) }
                console.err("\(handle): \(source): \(reason)")
            }
        }
        if showProgress { console.progress(nil) }
        if !quiet { console.err(summary.text) }
        return summary.failed > 0 ? .findings : .success
    }
}
