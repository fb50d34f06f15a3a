import Foundation
import FeedsiteKit

/// Runs the library's build and prints what happened: shared by `build` and `serve`.
struct BuildRunner {
    let configPath: String
    /// Whether files feedsite did not write may be overwritten (`build --force`).
    var force = false
    let quiet: Bool
    let verbose: Bool
    /// `--output DIR`, which replaces site.yml's `output:`.
    var output: ChosenOutputFolder?
    /// `--format json`: the check's findings (or the error) as one JSON document on stdout, as `check` prints them.
    var format = OutputFormat.text
    /// The value of `--base-url`, which wins over `FEEDSITE_BASE_URL`, which wins over site.yml's `base_url`.
    var baseURLFlag: String?

    /// What a build attempt came to.
    struct Outcome {
        var code: ExitCode
        /// The diagnostics as text, when the build failed.
        var failure: String?
        /// Whether the build stopped because its `stop` was raised (it wrote nothing; nothing was printed).
        var stopped = false
    }

    /// Runs a build and prints what it came to; one whose `stop` is raised ends quietly, having written nothing.
    /// `decoded`: site.yml as serve's pages decoded it, taken when site.yml still holds those bytes.
    func run(_ console: Console, stop: BuildStop? = nil, decoded: DecodedSiteConfig? = nil) -> Outcome {
        let showProgress = console.errIsTerminal && !quiet
        defer { if showProgress { console.progress(nil) } }
        do {
            let baseURL = try BaseURLOverride.resolve(flag: baseURLFlag, environment: ProcessInfo.processInfo.environment)
            let result = try SiteBuilder.build(configPath: configPath, overwritesForeignFiles: force, output: output, baseURL: baseURL,
                                               displayPath: DisplayPath.relative, stop: stop,
                                               decoded: decoded) { phase in
                guard showProgress, case .rendering(let done, let total) = phase else { return }
                console.progress("rendering \(done)/\(total) pages")
            }
            if showProgress { console.progress(nil) }
            // --quiet prints only errors, and the warnings about the user's own files in the output (edited, or overwritten
            // with --force): they are about the user's data.
            console.report(quiet ? Array(result.userFileWarnings) : result.warnings)
            if format == .json {
                console.out(document: result.check.json(warnings: result.warnings))
            } else {
                for line in result.check.textLines(errorsOnly: quiet) { console.err(TerminalText.escaped(line)) }
            }
            // The files first and the summary last, which ends the build's output as it does without --verbose.
            if verbose, !result.upToDate {
                let folder = DisplayPath.relative(result.outputFolder)
                for path in result.writtenPaths { console.err("wrote \(TerminalText.escaped(folder + "/" + path))") }
                for path in result.removedPaths { console.err("removed \(TerminalText.escaped(folder + "/" + path))") }
                if let read = result.snapshotsRead {
                    console.err("incremental: read \(read) changed snapshot\(read == 1 ? "" : "s"); the other \(result.accounts - read) "
                                + "account\(result.accounts - read == 1 ? "" : "s") came from \(TerminalText.escaped(BuildResult.summaryCachePath(forOutput: folder)))")
                }
            }
            if !quiet { console.err(result.summary) }
            return Outcome(code: .success, failure: nil)
        } catch {
            if showProgress { console.progress(nil) }
            if BuildInterruption.isRaised {
                console.err(BuildInterrupted.message)
                // stdout stays one JSON document, for scripts that parse it: the error document with exit code 130.
                if format == .json { console.out(document: DiagnosticRenderer().json(BuildInterrupted())) }
                return Outcome(code: .interrupted, failure: nil)
            }
            // Stopped for a newer change: the build that follows reports it.
            if stop?.isRaised == true { return Outcome(code: .interrupted, failure: nil, stopped: true) }
            let failure = error as? BuildCheckFailure
            // The build's own warnings go with the findings: a failed check is when the "did you mean" helps most.
            if let failure, !quiet { console.report(failure.warnings) }
            if format == .json {
                // stdout stays one JSON document either way: the findings as `check` prints them (with the build's
                // warnings, as after a build that passed), or the error.
                console.out(document: failure.map { $0.report.json(warnings: $0.warnings) } ?? DiagnosticRenderer().json(InternalError.userFacing(error)))
            }
            return Outcome(code: console.fail(error), failure: Self.overlayText(error))
        }
    }

    /// What the serve overlay shows for `error`: the terminal's text without colour.
    static func overlayText(_ error: any Error) -> String {
        DiagnosticRenderer().text(InternalError.userFacing(error))
    }
}
