import FeedsiteKit
import Testing
@testable import feedsite

@Suite struct CommandLineInterfaceTests {
    func run(_ arguments: String...) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = CommandLineInterface.run(arguments, console: console)
        return (code, console.outText, console.errText)
    }

    @Test("--help, -h and help print the main help to stdout and exit 0")
    func mainHelp() {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let console = Console.capturing()
            #expect(CommandLineInterface.run(arguments, console: console) == .success)
            #expect(console.outText == CommandLineInterface.mainHelp)
            #expect(console.errText.isEmpty)
        }
        #expect(CommandLineInterface.mainHelp.contains(try! Regex("\n  build +Build the site")))
    }

    @Test("a command's --help, -h and 'help <command>' print the same text", arguments: ["build", "check", "init", "serve", "render", "help"])
    func commandHelp(_ name: String) {
        let viaFlag = run(name, "--help")
        let viaShort = run(name, "-h")
        let viaHelp = run("help", name)
        #expect(viaFlag.code == .success)
        #expect(viaFlag.out.contains("usage: feedsite \(name)"))
        #expect(viaFlag.out.contains("-h, --help"))
        #expect(viaShort.out == viaFlag.out)
        #expect(viaHelp.out == viaFlag.out)
    }

    @Test("--version prints the name, the version and the commit")
    func version() {
        let result = run("--version")
        #expect(result.code == .success)
        #expect(result.out == "feedsite 0.1.0 (commit \(BuildInfo.commit))\n")
    }

    @Test("an unknown command suggests the closest one and exits 2")
    func unknownCommand() {
        let result = run("biuld")
        #expect(result.code == .invalid)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: unknown command 'biuld'\n  hint: did you mean 'build'?\n"))
        #expect(result.err.contains("Run 'feedsite --help'"))
    }

    @Test("an unknown global option suggests the closest one")
    func unknownGlobalOption() {
        let result = run("--verison")
        #expect(result.code == .invalid)
        #expect(result.err.hasPrefix("error: unknown option '--verison'\n  hint: did you mean '--version'?"))
    }

    @Test("no command is a usage error")
    func noCommand() {
        let result = run()
        #expect(result.code == .invalid)
        #expect(result.err.hasPrefix("error: no command given"))
    }

    @Test("an unknown option suggests the closest one and prints the usage line")
    func unknownOption() {
        let result = run("build", "--confg", "x.yml")
        #expect(result.code == .invalid)
        #expect(result.err == """
        error: unknown option '--confg' for 'feedsite build'
          hint: did you mean '--config'?

        usage: feedsite build [--config PATH] [--force] [--base-url URL] [--quiet] [--verbose] [--output DIR] [--format text|json] [--watch]
        Run 'feedsite build --help' for more.

        """)
    }

    @Test("an unknown short option suggests the long options that start with its letter", arguments: [
        (["build", "-v"], "error: unknown option '-v' for 'feedsite build'\n  hint: did you mean '--verbose'?\n"),
        (["build", "-f"], "error: unknown option '-f' for 'feedsite build'\n  hint: did you mean '--force' or '--format'?\n"),
        (["render", "-P"], "error: unknown option '-P' for 'feedsite render'\n  hint: did you mean '--partials'?\n"),
        (["check", "-v"], "error: unknown option '-v' for 'feedsite check'\n  hint: did you mean 'feedsite --version'?\n"),
        (["-v"], "error: unknown option '-v'\n  hint: did you mean '--version'?\n"),
    ])
    func unknownShortOption(_ arguments: [String], _ message: String) {
        let console = Console.capturing()
        #expect(CommandLineInterface.run(arguments, console: console) == .invalid)
        #expect(console.errText.hasPrefix(message), "\(console.errText)")
    }

    @Test("--config naming a folder says so and suggests the site.yml inside it", arguments: ["build", "serve", "fetch"])
    func configFolder(_ command: String) throws {
        let folder = try TemporaryFolder(files: ["site.yml": "title: T\naccounts:\n  - handle: a\n"])
        let result = run(command, "--config", folder.path + "/")
        #expect(result.code == .invalid)
        #expect(result.err.hasPrefix("""
        error: --config \(folder.path)/ is a folder, not the site configuration file
          hint: pass the file inside it: --config \(folder.path)/site.yml

        """), "\(result.err)")
        #expect(!result.err.contains("or pass --config PATH"))
    }

    @Test("help for an unknown command suggests the closest one")
    func helpUnknown() {
        let result = run("help", "rendr")
        #expect(result.code == .invalid)
        #expect(result.err.contains("did you mean 'render'?"))
    }

    @Test("usage mistakes are errors, never silent defaults", arguments: [
        (["build", "--config"], "option '--config' needs a value (PATH)"),
        (["build", "--quiet=yes"], "option '--quiet' takes no value"),
        (["build", "extra"], "'feedsite build' takes no arguments, found 'extra'"),
        (["build", "--config", "a", "--config=b"], "option '--config' is given more than once"),
        (["build", "--quiet", "--verbose"], "--quiet and --verbose cannot be used together"),
        (["render"], "missing the template to render"),
        (["check", "a", "b"], "unexpected argument 'b'"),
        (["build", "-x"], "unknown option '-x' for 'feedsite build'"),
        (["build", "--output", "--force"], "--output needs a folder, found the option '--force'"),
        (["build", "--output", "-x"], "--output needs a folder, found the option '-x'"),
        (["build", "--config", "--quiet"], "--config needs a path, found the option '--quiet'"),
        (["build", "--base-url", "--force"], "--base-url needs a URL, found the option '--force'"),
        (["render", "t.html", "--data", "-q"], "--data needs a file, found the option '-q'"),
        (["serve", "--port", "--quiet"], "--port needs a number, found the option '--quiet'"),
    ])
    func usageMistakes(_ arguments: [String], _ message: String) {
        let console = Console.capturing()
        #expect(CommandLineInterface.run(arguments, console: console) == .invalid)
        #expect(console.errText.hasPrefix("error: \(message)\n"))
    }

    @Test("an option's value that looks like an option is refused, with the way to write it anyway", arguments: [
        (["build", "--output", "--force"], "for a folder really named so, write --output ./--force"),
        (["build", "--base-url", "-x"], "for a value that really starts with '-', write --base-url=-x"),
    ])
    func optionAsValueHint(_ arguments: [String], _ hint: String) {
        let console = Console.capturing()
        #expect(CommandLineInterface.run(arguments, console: console) == .invalid)
        #expect(console.errText.contains("  hint: \(hint)\n"))
        #expect(console.errText.contains("--help"))
    }

    @Test("an option's value may start with '-' when written with '=', and numbers and '-' pass as values")
    func dashValuesThatPass() throws {
        let joined = try ParsedArguments(["--output=--force"], spec: BuildCommand.spec)
        #expect(joined.values == ["output": "--force"])
        let number = try ParsedArguments(["--port", "-1"], spec: ServeCommand.spec)
        #expect(number.values == ["port": "-1"])
    }

    @Test("options parse in both --name value and --name=value forms")
    func optionForms() throws {
        let spaced = try ParsedArguments(["--config", "a.yml", "-q"], spec: BuildCommand.spec)
        let joined = try ParsedArguments(["--config=a.yml", "--quiet"], spec: BuildCommand.spec)
        #expect(spaced == joined)
        #expect(spaced.values == ["config": "a.yml"])
        #expect(spaced.flags == ["quiet"])
        let afterDashes = try ParsedArguments(["--", "--data"], spec: RenderCommand.spec)
        #expect(afterDashes.positionals == ["--data"])
    }

    @Test("build reports every config problem with positions and exits 2")
    func buildInvalidConfig() throws {
        let folder = try TemporaryFolder(files: ["site.yml": "title: T\naccounts:\n  - handle: a-b\n    heigth: 3\n"])
        let result = run("build", "--config", folder.path + "/site.yml")
        #expect(result.code == .invalid)
        #expect(result.out.isEmpty)
        #expect(result.err == """
        \(folder.path)/site.yml:3:14: error: handle 'a-b' contains '-'; handles use only letters A-Z, digits and '_'
          hint: the handle is the part after '@' in the profile URL
        \(folder.path)/site.yml:4:5: error: unknown key 'heigth' in an account
          hint: did you mean 'height'?
        2 errors

        """)
    }

    @Test("build with a missing config says how to create one")
    func buildMissingConfig() {
        let result = run("build", "--config", "/nonexistent/site.yml")
        #expect(result.code == .invalid)
        #expect(result.err == "error: /nonexistent/site.yml: no such file (expected the site configuration)\n  hint: run 'feedsite init' to create a site here, or pass --config PATH\n")
    }

    @Test("the main help lists every command of the table, each once, in table order")
    func helpListsTable() {
        let names = CommandLineInterface.commands.map { $0.spec.name }
        #expect(Set(names).count == names.count)
        let listed = CommandLineInterface.mainHelp.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return names.contains(String(name)) ? String(name) : nil
        }
        #expect(listed == names)
    }

    @Test("every command of the table is dispatched: its --help prints its own usage line")
    func everyCommandDispatches() {
        for command in CommandLineInterface.commands {
            let result = run(command.spec.name, "--help")
            #expect(result.code == .success)
            #expect(result.out == command.spec.helpText)
            #expect(result.out.contains(command.spec.usageLine))
        }
    }

    @Test("'help help' and 'help --help' print the help of help")
    func helpForHelp() {
        for arguments in [["help", "help"], ["help", "--help"], ["--help", "help"]] {
            let console = Console.capturing()
            #expect(CommandLineInterface.run(arguments, console: console) == .success)
            #expect(console.outText == HelpCommand.spec.helpText)
            #expect(console.errText.isEmpty)
        }
        #expect(HelpCommand.spec.helpText.contains("usage: feedsite help [COMMAND]"))
    }

    @Test("--help before a command name prints that command's help")
    func helpFlagWithCommand() {
        #expect(run("--help", "check").out == CheckCommand.spec.helpText)
        #expect(run("-h", "render").out == RenderCommand.spec.helpText)
    }

    @Test("extra arguments after --version or 'help COMMAND' are usage errors", arguments: [
        (["--version", "extra"], "error: '--version' takes no arguments, found 'extra'\n\nusage: feedsite <command> [options]\n"),
        (["help", "build", "extra"], "error: unexpected argument 'extra'\n\nusage: feedsite help [COMMAND]\n"),
    ])
    func extraArguments(_ arguments: [String], _ prefix: String) {
        let console = Console.capturing()
        #expect(CommandLineInterface.run(arguments, console: console) == .invalid)
        #expect(console.outText.isEmpty)
        #expect(console.errText.hasPrefix(prefix))
    }

    @Test("help for an unknown command is a usage error with the usage line of help")
    func helpUnknownUsage() {
        let result = run("help", "biuld")
        #expect(result.code == .invalid)
        #expect(result.err == """
        error: unknown command 'biuld'
          hint: did you mean 'build'?

        usage: feedsite help [COMMAND]
        Run 'feedsite help --help' for more.

        """)
    }

    @Test("an error that is not user-facing is printed as an internal error, exit 2")
    func internalError() {
        struct Unexpected: Error {}
        let console = Console.capturing()
        #expect(console.fail(Unexpected()) == .invalid)
        #expect(console.errText.hasPrefix("error: internal error: Unexpected()\n  hint: this is a bug in feedsite"))
    }

    @Test("past the cap of 200 diagnostics the output ends with how many more errors there were")
    func cappedDiagnostics() throws {
        let accounts = (1...5_000).map { "  - handle: a-\($0)\n" }.joined()
        let folder = try TemporaryFolder(files: ["site.yml": "title: T\naccounts:\n" + accounts])
        let result = run("build", "--config", folder.path + "/site.yml")
        #expect(result.code == .invalid)
        #expect(result.err.components(separatedBy: ": error: handle 'a-").count - 1 == 200)
        #expect(result.err.hasSuffix("contains '-'; handles use only letters A-Z, digits and '_'\n"
            + "  hint: the handle is the part after '@' in the profile URL\nand 4,800 more errors\n"))
    }

    @Test("the serve overlay shows the same text as the terminal, multi-line hints indented alike")
    func overlayMatchesTerminal() throws {
        let folder = try TemporaryFolder(files: ["site.yml": "title: T\naccounts:\n  - handle: a-b\n    heigth: 3\n"])
        let console = Console.capturing()
        let outcome = BuildRunner(configPath: folder.path + "/site.yml", quiet: false, verbose: false).run(console)
        #expect(outcome.code == .invalid)
        #expect(outcome.failure.map { $0 + "\n" } == console.errText)
        #expect(outcome.failure?.hasSuffix("\n2 errors") == true)
    }
}
