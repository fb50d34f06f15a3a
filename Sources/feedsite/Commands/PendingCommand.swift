/// A command whose behaviour is not built yet: it parses its arguments and says so clearly.
struct PendingCommand {
    let spec: CommandSpec

    func run(_ console: Console) -> ExitCode {
        console.err("error: 'feedsite \(spec.name)' is not implemented in this version yet")
        return .invalid
    }
}

extension CommandSpec {
    static let serve = CommandSpec(
        name: "serve",
        summary: "Build the site, serve it on 127.0.0.1 and rebuild and reload on every change.",
        usage: "[--config PATH] [--port N] [--host ADDR] [--no-watch] [--open]",
        options: [
            configOption,
            Option(name: "port", value: "N", help: "The port (default 8080; 0 picks a free one)."),
            Option(name: "host", value: "ADDR", help: "The address to listen on (default 127.0.0.1)."),
            Option(name: "no-watch", help: "Do not rebuild when files change."),
            Option(name: "open", help: "Open the site in the default browser."),
        ]
    )
}
