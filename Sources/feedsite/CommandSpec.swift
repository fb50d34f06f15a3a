/// What a command accepts: its positional arguments and options; its usage line and help text are
/// made from them.
struct CommandSpec {
    /// One `--option`, with or without a value.
    struct Option {
        let name: String
        var short: Character?
        /// The value's placeholder (`PATH`), or nil for a flag.
        var value: String?
        let help: String

        /// A flag: `--name`.
        static func flag(_ name: String, _ help: String) -> Option { Option(name: name, help: help) }

        /// An option with a value: `--name VALUE`.
        static func value(_ name: String, _ placeholder: String, _ help: String) -> Option {
            Option(name: name, value: placeholder, help: help)
        }

        static let help = Option(name: "help", short: "h", help: "Show this help and exit.")
        static let quiet = Option(name: "quiet", short: "q", help: "Print only errors.")
        static let verbose = Option(name: "verbose", help: "Print more about what happens.")
        static let config = Option(name: "config", value: "PATH", help: "The site configuration file (default: ./site.yml).")
        static let baseURL = Option(name: "base-url", value: "URL",
                                    help: "Build with this base_url instead of site.yml's (also FEEDSITE_BASE_URL; the option wins).")
    }

    let name: String
    let summary: String
    /// The positional arguments as the usage line shows them (`DIR`, `[DIR]`, `HANDLE...`); empty for none.
    let arguments: String
    var options: [Option]
    var details: String = ""

    /// A command named `name`; `arguments` are its positional arguments as the usage line shows them.
    init(_ name: String, _ summary: String, arguments: String = "", options: [Option], details: String = "") {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.details = details
    }

    /// The most positional arguments accepted: one per word of `arguments`, any number after `...`.
    var maxPositionals: Int {
        arguments.contains("...") ? .max : arguments.split(separator: " ").count
    }

    /// The part of the usage line after the command name, e.g. `[DIR] [--force]`.
    var usage: String {
        let options = options.map { option in "[--\(option.name)" + (option.value.map { " " + $0 } ?? "") + "]" }
        return ([arguments].filter { !$0.isEmpty } + options).joined(separator: " ")
    }
}

extension CommandSpec {
    /// `usage: feedsite NAME …`
    var usageLine: String { "usage: feedsite \(name) \(usage)" }

    /// The full help text.
    var helpText: String {
        var text = "\(summary)\n\n\(usageLine)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        text += "\noptions:\n"
        let rows = (options + [Option.help]).map { option -> (String, String) in
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
