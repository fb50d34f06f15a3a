import FeedsiteKit

/// `feedsite render`: renders one Mustache template with data from a YAML or JSON file, to stdout.
struct RenderCommand: Command {
    static let spec = CommandSpec("render", "Render one template with data from a YAML or JSON file and print the result.",
                                  arguments: "TEMPLATE", options: [
        .value("data", "FILE", "YAML or JSON data for the template (default: none)."),
        .value("partials", "DIR", "Where partials live: {{> NAME}} reads DIR/NAME.html (default: the template's folder)."),
    ], details: "Writes exactly the rendered bytes to stdout. A missing partial renders nothing, as in the Mustache specification.")

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
        let output = try TemplateFileRenderer.render(templatePath: templatePath, dataPath: dataPath, partialsFolder: partialsFolder)
        console.out(bytes: output)
        return .success
    }
}
