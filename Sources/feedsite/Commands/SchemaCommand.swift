import FeedsiteKit

/// `feedsite schema [--write]`: the JSON Schema of site.yml, for editors.
struct SchemaCommand: Command {
    static let spec = CommandSpec("schema", "Print the JSON Schema of site.yml (for editors), or write it beside site.yml with --write.",
                                  options: [.flag("write", "Write \(SiteSchema.fileName) beside site.yml (only when it changed) instead of printing it; "
                                                + "there must be a site.yml, and a \(SiteSchema.fileName) that is a link is refused."),
                                            .config],
                                  details: "Editors that use the YAML language server (VS Code's YAML extension, among others) read the schema "
                                      + "named on site.yml's first line, '\(SiteSchema.modeline)', and then complete and check "
                                      + "every option. 'feedsite init' writes both; run 'feedsite schema --write' after updating feedsite.")

    /// The site.yml to write the schema beside (`--write`), or nil to print it.
    let configPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = arguments.flags.contains("write") ? try arguments.configPath : nil
    }

    func run(_ console: Console) throws -> ExitCode {
        guard let configPath else {
            console.out(document: SiteSchema.text)
            return .success
        }
        try SchemaFile.checkSite(configPath: configPath)
        let schemaPath = SchemaFile.path(besideConfig: configPath)
        let wrote = try SchemaFile.refresh(schemaPath)
        console.out("\(schemaPath): \(wrote ? "written" : "up to date")\n")
        return .success
    }
}
