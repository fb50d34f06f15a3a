import FeedsiteKit
import Foundation

/// `feedsite fetch`: reads each account's feed and updates its snapshot (the only command that uses the network).
struct FetchCommand: Command {
    static let spec = CommandSpec(
        "fetch", "Fetch each account's feed and update its snapshot in snapshots/ (the only command that uses the network).",
        arguments: "[HANDLE...]",
        options: [
            .config,
            .value("only", "HANDLE...", "Fetch only these accounts: --only jack bob, --only jack,bob, or the handles alone after fetch."),
            .value("timeout", "SECONDS", "The most time one feed may take in all (default: 30)."),
            .quiet,
            .flag("verbose", "Print every warning of each feed, not only the first \(warningsShown)."),
        ],
        details: "Exit status: 0 every feed was read or unchanged (or no account has a feed), 1 some feed failed (its snapshot keeps its "
            + "posts), 2 bad input or usage (a feed: file that does not exist, at its place in site.yml), or a snapshot that could not be written (a full disk; every other one is still written)."
    )

    let configPath: String
    let only: [String]
    let timeout: Double
    let quiet: Bool
    /// Every warning is printed, not only the first `warningsShown` of each feed.
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = try arguments.configPath
        // `--only jack bob` leaves `bob` among the positional arguments: every handle named counts.
        only = ((arguments.values["only"] ?? "").split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }
            + arguments.positionals).filter { !$0.isEmpty }
        if arguments.values["only"] != nil, only.isEmpty {
            throw UsageError(message: "--only expects one or more handles", hint: "feedsite fetch --only jack bob")
        }
        if let text = arguments.values["timeout"] {
            guard let seconds = Double(text), seconds >= 0.1, seconds <= 3600 else {
                throw UsageError(message: "--timeout expects a number of seconds from 0.1 to 3600, found '\(text)'")
            }
            timeout = seconds
        } else {
            timeout = 30
        }
        quiet = arguments.flags.contains("quiet")
        verbose = arguments.flags.contains("verbose")
    }

    /// How many warnings of one feed are printed without `--verbose`; the rest are counted.
    static let warningsShown = 3

    func run(_ console: Console) throws -> ExitCode {
        let config = try SiteConfigLoader.load(path: configPath)
        // Not an error: a site may list accounts before it has feeds for them. Nothing is written, not even snapshots/.
        guard !only.isEmpty || config.accounts.contains(where: { $0.feed != nil }) else {
            console.err("\(DisplayPath.relative(configPath)): no account has a feed: set `feed:` on an account, or in `defaults` for all "
                        + "(feed: https://bridge.example/{handle}.rss); nothing was fetched")
            return .success
        }
        var fetcher = FeedFetcher(config: config)
        fetcher.only = only
        fetcher.limits.timeout = timeout
        fetcher.limits.connectTimeout = min(timeout, fetcher.limits.connectTimeout)
        fetcher.displayPath = DisplayPath.relative
        let showProgress = console.errIsTerminal && !quiet
        defer { if showProgress { console.progress(nil) } }
        let endWatch = Self.stopping(fetcher.stop, console: console, showProgress: showProgress)
        defer { endWatch() }
        let summary = try fetcher.run { event in
            switch event {
            case .progress(let done, let total):
                if showProgress { console.progress("\(DiagnosticRenderer.grouped(done))/\(DiagnosticRenderer.grouped(total))") }
            case .failed(let handle, let source, let reason):
                if showProgress { console.progress(nil) }
                console.err("\(handle): \(source): \(reason)")
            case .unwritten(let handle, let reason):
                if showProgress { console.progress(nil) }
                console.err("\(handle): \(reason)")
            case .imageNotCopied(let handle, let url, let reason):
                if showProgress { console.progress(nil) }
                console.err("\(handle): image \(url): \(reason)")
            case .warned(let handle, let source, let warnings):
                guard !quiet else { return }
                if showProgress { console.progress(nil) }
                // A feed's words may hold line breaks: each warning stays on one line.
                let shown = verbose ? warnings.count : Self.warningsShown
                for warning in warnings.prefix(shown) {
                    console.err(rendered: TerminalText.escaped("\(handle): \(source): warning: \(warning)"))
                }
                if warnings.count > shown {
                    console.err("\(handle): \(source): and \(warnings.count - shown) more warnings (--verbose prints them)")
                }
            }
        }
        if showProgress { console.progress(nil) }
        if !quiet { console.err(summary.text) }
        return summary.unwritten > 0 ? .invalid : summary.failed > 0 ? .findings : .success
    }
}

private extension FetchCommand {

    /// On SIGINT or SIGTERM: the snapshot write in progress ends, the temporary files are removed,
    /// and the process ends by that signal (so a shell or a scheduler sees it was interrupted).
    /// The signals are caught from this moment (`InterruptCatcher`): a dispatch signal source registers
    /// later, and with the signal ignored meanwhile one sent in between was lost (FetchInterruptionTests,
    /// once staging moved to the reading threads). Returns what gives the signals their default action back.
    static func stopping(_ stop: FetchStop, console: Console, showProgress: Bool) -> () -> Void {
        let interrupt = InterruptCatcher()
        Thread {
            guard let number = interrupt.next() else { return }
            stop.stop()
            if showProgress { console.progress(nil) }
            console.err("fetch stopped by \(number == SIGINT ? "SIGINT" : "SIGTERM"): the snapshots written so far are kept, the others are as they were")
            signal(number, SIG_DFL)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(number)
            _exit(128 + number)
        }.start()
        return {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
    }
}
