import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// A command's arguments after parsing: flags given, option values, and positionals in order.
struct ParsedArguments: Equatable {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []

    /// Parses `arguments` (after the command name) against `spec`.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        let options = spec.options + [CommandSpec.Option.help]
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let short = argument.last,
                      let option = options.first(where: { $0.short == short }) else {
                    throw UsageError(message: "unknown option '\(argument)' for 'feedsite \(spec.name)'",
                                     hint: Self.suggestion(for: argument, in: options))
                }
                name = option.name
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)' for 'feedsite \(spec.name)'",
                                 hint: Self.suggestion(for: name, in: options))
            }
            if let placeholder = option.value {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                    if let mistake = Self.optionAsValue(value, for: name, placeholder: placeholder) { throw mistake }
                } else {
                    throw UsageError(message: "option '--\(name)' needs a value (\(placeholder))")
                }
                if values[name] != nil {
                    throw UsageError(message: "option '--\(name)' is given more than once")
                }
                values[name] = value
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "option '--\(name)' takes no value")
                }
                flags.insert(name)
            }
        }
        if positionals.count > spec.maxPositionals, !flags.contains("help") {
            let extra = positionals[spec.maxPositionals]
            throw UsageError(message: spec.maxPositionals == 0
                ? "'feedsite \(spec.name)' takes no arguments, found '\(extra)'"
                : "unexpected argument '\(extra)'")
        }
    }

    /// `--output --force`: a separate value that starts with `-` is taken for a forgotten value, not
    /// as a folder named `--force`. A lone `-` and numbers (`--port -1`, checked by the option) pass.
    static func optionAsValue(_ value: String, for name: String, placeholder: String) -> UsageError? {
        guard value.hasPrefix("-"), value != "-", Double(value) == nil else { return nil }
        let (noun, pathKind): (String, String?) = switch placeholder {
        case "DIR": ("a folder", "folder")
        case "FILE": ("a file", "file")
        case "PATH": ("a path", "file")
        case "URL": ("a URL", nil)
        case "N", "SECONDS": ("a number", nil)
        default: ("a value (\(placeholder))", nil)
        }
        let hint = if let pathKind {
            "for a \(pathKind) really named so, write --\(name) ./\(value)"
        } else {
            "for a value that really starts with '-', write --\(name)=\(value)"
        }
        return UsageError(message: "--\(name) needs \(noun), found the option '\(value)'", hint: hint)
    }

    private static func suggestion(for word: String, in options: [CommandSpec.Option]) -> String? {
        let bare = word.drop { $0 == "-" }
        if bare.count == 1, let letter = bare.first {
            return shortOptionHint(letter, among: options.map(\.name))
                ?? shortOptionHint(letter, among: CommandLineInterface.globalOptions, prefix: "feedsite --")
        }
        return Suggestion.closest(to: String(bare), in: options.map(\.name)).map { "did you mean '--\($0)'?" }
    }
}

extension ParsedArguments {
    /// "did you mean '--verbose'?" for `-v`: the long options among `names` that start with `letter`
    /// (in either case), each written after `prefix`; nil when none does. A one-letter typo is too
    /// short for edit distance.
    static func shortOptionHint(_ letter: Character, among names: [String], prefix: String = "--") -> String? {
        let matches = names.filter { $0.first?.lowercased() == letter.lowercased() }.map { "'\(prefix)\($0)'" }
        guard let last = matches.last else { return nil }
        let list = matches.count == 1 ? last : matches.dropLast().joined(separator: ", ") + " or " + last
        return "did you mean \(list)?"
    }
}

extension ParsedArguments {
    /// `--config`, or `site.yml` in the working folder. A `--config` that names a folder is refused
    /// here, where the hint can point at the file inside it.
    var configPath: String {
        get throws(UsageError) {
            guard let path = values["config"] else { return "site.yml" }
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw UsageError(message: "--config \(path) is a folder, not the site configuration file",
                                 hint: "pass the file inside it: --config \(path.hasSuffix("/") ? path : path + "/")site.yml")
            }
            return path
        }
    }
}
