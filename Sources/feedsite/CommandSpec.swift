/// What a command accepts: its options and positional arguments, and its help text.
struct CommandSpec {
    /// One `--option`, with or without a value.
    struct Option {
        let name: String
        var short: Character?
        /// The value's placeholder (`PATH`), or nil for a flag.
        var value: String?
        let help: String
    }

    let name: String
    let summary: String
    /// The part of the usage line after the command name, e.g. `[DIR] [--force]`.
    let usage: String
    var options: [Option]
    /// The most positional arguments accepted.
    var maxPositionals = 0
    var details: String = ""

    static let helpOption = Option(name: "help", short: "h", help: "Show this help and exit.")
    static let quietOption = Option(name: "quiet", short: "q", help: "Print only errors.")
    static let verboseOption = Option(name: "verbose", help: "Print more about what happens.")
    static let configOption = Option(name: "config", value: "PATH", help: "The site configuration file (default: ./site.yml).")
}

extension CommandSpec {
    /// `usage: feedsite NAME …`
    var usageLine: String { "usage: feedsite \(name) \(usage)" }

    /// The full help text.
    var helpText: String {
        var text = "\(summary)\n\n\(usageLine)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        text += "\noptions:\n"
        let rows = (options + [Self.helpOption]).map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? "    "
            left += "--\(option.name)"
            if let value = option.value { left += " \(value)" }
            return (left, option.help)
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows {
            text += "  \(left)\(String(repeating: " ", count: width - left.count + 2))\(right)\n"
        }
        return text
    }
}
