import FeedsiteKit

/// `feedsite init [DIR]`: writes a starter site.
struct InitCommand: Command {
    static let spec = CommandSpec("init", "Write a starter site (site.yml, templates, .gitignore) into DIR (default: this folder).",
                                  arguments: "[DIR]",
                                  options: [.flag("force", "Overwrite files that already exist (a .gitignore only gains the lines it lacks).")],
                                  details: "Never overwrites anything without --force: if a file it would write exists, it lists them and writes "
                                      + "nothing. An existing .gitignore is kept; the lines feedsite needs (output/) are added to it.")

    let folder: String
    let force: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals.first ?? "."
        force = arguments.flags.contains("force")
    }

    func run(_ console: Console) throws -> ExitCode {
        let written = try SiteScaffold.write(into: folder, force: force)
        let templates = written.filter { $0.hasPrefix("templates/") }.count
        console.out("""
        Created a feedsite site in \(folder):
          site.yml     the site and its accounts (every option is commented)
          templates/   layout, account page, index, 404 page, partials and assets (\(templates) files)
          .gitignore   keeps output/ out of git

        Next steps:
        \(folder == "." ? "" : "  cd \(ShellWord.quoted(folder))\n")  feedsite build    writes the site into output/
          feedsite serve    previews it on http://127.0.0.1:8080 and rebuilds on every change
          edit site.yml to list your own accounts

        """)
        return .success
    }
}
