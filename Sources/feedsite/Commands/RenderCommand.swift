import FeedsiteKit

/// `feedsite render`: renders one Mustache template with data from a YAML or JSON file, to stdout.
struct RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        summary: "Render one template with data from a YAML or JSON file and print the result.",
        usage: "TEMPLATE [--data FILE] [--partials DIR]",
        options: [
            CommandSpec.Option(name: "data", value: "FILE", help: "YAML or JSON data for the template (default: none)."),
            CommandSpec.Option(name: "partials", value: "DIR", help: "Where partials live: {{> NAME}} reads DIR/NAME.html."),
        ],
        maxPositionals: 1
    )

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

    func run(_ console: Console) -> ExitCode {
        PendingCommand(spec: Self.spec).run(console)
    }
}
