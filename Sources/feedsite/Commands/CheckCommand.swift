import FeedsiteKit

/// `feedsite check DIR|FILE`: checks every intent URL and relative link in a folder of HTML, or in one file.
struct CheckCommand: Command {
    static let spec = CommandSpec("check", "Check every X, Bluesky and Mastodon compose URL (and relative link) in a folder of HTML, or in one file.", arguments: "DIR|FILE", options: [
        .value("format", "text|json", "text (default): one line per finding and a summary; json: one JSON document."),
        .value("mastodon-servers", "HOST,…", "Also read HOST/share links as Mastodon's (besides well-known servers such as mastodon.social)."),
        .flag("strict", "Fail on warnings too, and require canonical encoding (only A-Z a-z 0-9 - . _ ~ raw)."),
        .quiet,
    ], details: "Exit status: 0 no errors, 1 errors found (or warnings with --strict), 2 the folder or file cannot be read, or bad usage.")

    let folder: String
    let format: OutputFormat
    let strict: Bool
    let quiet: Bool
    let mastodonServers: Set<String>

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let folder = arguments.positionals.first else {
            throw UsageError(message: "missing the folder to check", hint: "feedsite check output")
        }
        self.folder = folder
        format = try OutputFormat(arguments)
        strict = arguments.flags.contains("strict")
        quiet = arguments.flags.contains("quiet")
        var servers = Network.wellKnownMastodonServers
        for host in (arguments.values["mastodon-servers"] ?? "").split(separator: ",", omittingEmptySubsequences: false) where arguments.values["mastodon-servers"] != nil {
            if let problem = DomainNameSyntax.problem(in: String(host)) {
                throw UsageError(message: "--mastodon-servers: " + problem.message(for: String(host), what: "server"),
                                 hint: "give host names separated by commas, such as --mastodon-servers social.example.org,mstdn.example")
            }
            servers.insert(host.lowercased())
        }
        mastodonServers = servers
    }

    func run(_ console: Console) throws -> ExitCode {
        let report: CheckReport
        do {
            report = try LinkChecker(strict: strict, mastodonServers: mastodonServers).check(path: folder)
        } catch {
            // stdout stays one JSON document either way; stderr gets the error as text.
            if format == .json { console.out(document: DiagnosticRenderer().json(error)) }
            throw error
        }
        if report.filesChecked == 0 { console.err("no HTML files found in \(folder)") }
        switch format {
        case .json:
            console.out(document: report.json)
        case .text:
            // One finding, one line: whatever a page's URL holds is shown escaped, never acted on.
            for line in report.textLines(errorsOnly: quiet && !strict) { console.out(TerminalText.escaped(line) + "\n") }
            if !quiet { console.out(report.summary + "\n") }
        }
        return report.fails(strict: strict) ? .findings : .success
    }
}
