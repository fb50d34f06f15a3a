import FeedsiteKit
import Foundation

/// `feedsite clean`: removes what feedsite wrote to the output folder, by its manifest.
struct CleanCommand: Command {
    static let spec = CommandSpec("clean", "Remove the files feedsite wrote to the output folder (by its manifest) and the folders that became empty.",
                                  options: [.config, .output("Clean DIR instead of site.yml's output folder."), .quiet, .verbose],
                                  details: "Files feedsite did not write, or that changed since it wrote them, are left and listed; links are never "
                                      + "followed. Exit status: 0 cleaned (also when files were left), 2 invalid input, usage or I/O error.")

    let configPath: String
    let output: ChosenOutputFolder?
    let quiet: Bool
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = try arguments.configPath
        output = try arguments.chosenOutput
        quiet = arguments.flags.contains("quiet")
        verbose = arguments.flags.contains("verbose")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
    }

    func run(_ console: Console) throws -> ExitCode {
        var folders: SiteFolders
        if FileManager.default.fileExists(atPath: configPath) || output == nil {
            // Only `templates:`, `output:` and `snapshots:` are decoded (by the build's rule, so a bad `output:` is
            // the build's error and nothing is touched): a site.yml with errors elsewhere can still be cleaned.
            folders = try SiteFolders.read(configPath: configPath)
        } else {
            folders = SiteFolders.defaults(configPath: configPath)
        }
        if let output { folders.output = output.path }
        let folder = folders.output
        let cleaner: OutputCleaner
        do {
            cleaner = try OutputCleaner(folders: folders, configPath: configPath)
        } catch {
            throw InputError("refusing to clean: " + error.message.replacingOccurrences(of: "refusing to build into ", with: ""),
                             hint: "clean only the output folder feedsite builds into")
        }
        let shown = DisplayPath.relative(folder)
        let result = try cleaner.clean()
        if verbose {
            for path in result.removed { console.err("removed \(TerminalText.escaped(shown + "/" + path))") }
            if let cache = result.removedCache { console.err("removed \(TerminalText.escaped(DisplayPath.relative(cache)))") }
        }
        if !quiet {
            for (path, reason) in result.left { console.err("left \(TerminalText.escaped(shown + "/" + path)): \(reason)") }
            console.err(summary(result, shown: shown))
        }
        return .success
    }

    func summary(_ result: OutputCleaner.Result, shown: String) -> String {
        // With a manifest the cache goes with the files it describes (listed by --verbose); without one it is all that went.
        let cache = result.removedCache.map { " (removed the build cache \(TerminalText.escaped(DisplayPath.relative($0))))" } ?? ""
        guard result.hadManifest else {
            return result.left.isEmpty ? "nothing to clean: \(TerminalText.escaped(shown)) holds nothing feedsite wrote" + cache
                : "nothing removed: \(TerminalText.escaped(shown)) has no manifest of files feedsite wrote"
        }
        let files = result.removed.count
        let folders = result.removedFolders
        var text = "removed \(files) file\(files == 1 ? "" : "s") and \(folders) folder\(folders == 1 ? "" : "s") from \(TerminalText.escaped(shown))"
        if !result.left.isEmpty { text += "; left \(result.left.count) file\(result.left.count == 1 ? "" : "s") feedsite did not write or that changed" }
        return text
    }
}
