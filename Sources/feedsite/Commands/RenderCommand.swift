import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite render`: renders one Mustache template with data from a YAML or JSON file, to stdout.
struct RenderCommand: Command {
    static let spec = CommandSpec("render", "Render one template with data from a YAML or JSON file and print the result.",
                                  arguments: "TEMPLATE", options: [
        .value("data", "FILE", "YAML or JSON data for the template (default: none)."),
        .value("partials", "DIR", "Where partials live: {{> NAME}} reads DIR/NAME.html (default: the template's folder)."),
    ], details: "Writes exactly the rendered bytes to stdout. A missing partial renders nothing, as in the Mustache specification; a --partials folder that does not exist is an error.")

    let templatePath: String
    let dataPath: String?
    let partialsFolder: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let template = arguments.positionals.first else {
            throw UsageError(message: "missing the template to render")
        }
        templatePath = template
        dataPath = arguments.values["data"]
        partialsFolder = arguments.values["partials"]
    }

    func run(_ console: Console) throws -> ExitCode {
        if let partialsFolder { try Self.checkIsFolder(partialsFolder) }
        let output = try TemplateFileRenderer.render(templatePath: templatePath, dataPath: dataPath, partialsFolder: partialsFolder)
        console.out(bytes: output)
        return .success
    }
}

private extension RenderCommand {
    /// A `--partials` that is no folder would make every partial render empty without a word.
    static func checkIsFolder(_ path: String) throws(InputError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputError("\(path): no such folder (expected the folder of partials given by --partials)")
        }
        if status.st_mode & S_IFMT != S_IFDIR {
            throw InputError("\(path): is a file, expected the folder of partials given by --partials")
        }
    }
}
