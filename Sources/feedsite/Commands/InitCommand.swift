import FeedsiteKit

/// `feedsite init [DIR]`: writes a starter site.
struct InitCommand: Command {
    static let spec = CommandSpec("init", "Write a starter site (site.yml, site.schema.json, templates, .gitignore, a GitHub Actions workflow) into DIR (default: this folder).",
                                  arguments: "[DIR]",
                                  options: [.flag("force", "Overwrite files that already exist (a .gitignore only gains the lines it lacks)."),
                                            .value("ci", "github|none", "The CI workflow to write: github (default), .github/workflows/feedsite.yml, "
                                                + "which fetches, builds and deploys to GitHub Pages on every push and hourly; none: no workflow.")],
                                  details: "Never overwrites anything without --force: if a file it would write exists, it lists them and writes "
                                      + "nothing. Makes DIR and its missing parents. Checks every path before writing: a file where a "
                                      + "folder goes, or a folder or link where a file goes, is refused even with --force. An existing "
                                      + ".gitignore is kept; the lines feedsite needs (\(GitIgnore.requiredLines)) are added to it, unless "
                                      + "it is a link: that is left alone, with a note to add them yourself.")

    let folder: String
    let force: Bool
    let ci: SiteScaffold.CI

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals.first ?? "."
        force = arguments.flags.contains("force")
        let ciText = arguments.values["ci"] ?? SiteScaffold.CI.github.rawValue
        guard let ci = SiteScaffold.CI(rawValue: ciText) else {
            let names = SiteScaffold.CI.allCases.map(\.rawValue)
            throw UsageError(message: "--ci expects \(names.joined(separator: " or ")), found '\(ciText)'",
                             hint: Suggestion.closest(to: ciText, in: names).map { "did you mean '\($0)'?" })
        }
        self.ci = ci
    }

    func run(_ console: Console) throws -> ExitCode {
        let outcome = try SiteScaffold.write(into: folder, force: force, ci: ci)
        for note in outcome.notes { console.err("note: \(note)") }
        let count = { (folder: String) in
            let files = outcome.written.filter { $0.hasPrefix(folder) }.count
            return files == 1 ? "1 file" : "\(files) files"
        }
        let gitIgnore = outcome.notes.isEmpty ? "keeps \(GitIgnore.requiredLines) out of git"
            : "left as it is (a link): add \(GitIgnore.requiredLines) to it yourself"
        console.out("""
        Created a feedsite site in \(TerminalText.escaped(folder)):
          site.yml           the site and its accounts (every option is commented)
          \(SiteSchema.fileName)   lets editors complete and check site.yml (refresh it with: feedsite schema --write)
          templates/         layout, account page, index, 404 page, extra pages (pages/), partials and assets (\(count("templates/")))
          static/            files copied to the output as they are, such as robots.txt (\(count("static/")))
          feeds/             the sample accounts' feed files, read by fetch (\(count("feeds/")))
          snapshots/         the sample accounts' posts as fetch saved them, read by build (\(count("snapshots/")))
          .gitignore         \(gitIgnore)\(ci == .github ? "\n  \(GitHubWorkflow.path)  fetches, builds and deploys to GitHub Pages hourly" : "")

        \(Self.nextSteps(folder: folder, workflow: ci == .github))
        """)
        return .success
    }

    /// What to do after init, in order, for a site made in `folder`; with the GitHub `workflow`, also
    /// the placeholder in it that only the user can fill in. The folder is shown as a shell word
    /// (`ShellWord`), so the `cd` line can be typed as it is, whatever the name holds.
    static func nextSteps(folder: String, workflow: Bool = false) -> String {
        """
        Next steps:
        \(folder == "." ? "" : "  cd \(ShellWord.quoted(folder))\n")  1. edit site.yml: list your own accounts (handle, network)
          2. feedsite fetch    reads each account's feed into snapshots/
          3. feedsite build    writes the site into output/
          4. feedsite serve    previews it on http://127.0.0.1:8080 and rebuilds on every change
        \(workflow ? Self.workflowStep : "")
        """
    }

    /// The step only the user can do before the workflow's first run: name the release repository.
    static let workflowStep = """
          5. before the first push to GitHub: in \(GitHubWorkflow.path), set FEEDSITE_REPOSITORY
             (\(GitHubWorkflow.releaseRepository) is a placeholder) to the GitHub repository that publishes the feedsite releases you use

        """
}
