import Foundation
import Testing
@testable import feedsite

/// `feedsite completions`: scripts made from the command table, and handles read from site.yml at Tab time.
@Suite struct CompletionsCommandTests {
    /// A site with handles of every network, another config beside it, and `bin/feedsite`.
    static func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder(files: [
            "site.yml": """
                title: T
                accounts:
                  - handle: jack
                  - handle: Bob_1
                  - handle: bsky.app
                    network: bluesky
                  - handle: a.b@c.social
                    network: mastodon

                """,
            "other/site.yml": "title: O\naccounts:\n  - handle: Bea\n  - handle: Ben\n",
            "sp dir/site.yml": "title: S\naccounts:\n  - handle: Sam\n  - handle: Sue\n",
            "home/x.yml": "title: H\naccounts:\n  - handle: Hal\n",
        ])
        try FileManager.default.createDirectory(atPath: folder.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/bin/feedsite", withDestinationPath: ProcessRunner.executable.path)
        return folder
    }

    /// What bash offers for each command line (the words, the last one being completed), one list per line.
    static func bashCompletions(_ lines: [[String]], in folder: TemporaryFolder) throws -> [[String]] {
        var script = """
            PATH="$PWD/bin:$PATH"
            HOME="$PWD/home"
            source <(feedsite completions bash)
            offer() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _feedsite; printf '%s|' "${COMPREPLY[@]}"; echo; }

            """
        // Each word exactly as the shell's line holds it (quotes and all), in single quotes here.
        for words in lines {
            script += "offer " + words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + "\n"
        }
        let result = try ProcessRunner.run(["--norc", "-c", script], executable: "/bin/bash", in: folder.path)
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        return result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            line.split(separator: "|").map(String.init)
        }
    }

    @Test("the bash script, loaded in bash, completes 'feedsite b' to build, its options, option values, and the handles of site.yml or of --config")
    func bash() throws {
        let folder = try Self.site()
        let offers = try Self.bashCompletions([
            ["feedsite", "b"],
            ["feedsite", "build", "--forc"],
            ["feedsite", "--v"],
            ["feedsite", "help", "se"],
            ["feedsite", "check", "--format", "j"],
            ["feedsite", "fetch", ""],
            ["feedsite", "fetch", "--only", "b"],
            ["feedsite", "fetch", "--config", "other/site.yml", "B"],
            ["feedsite", "fetch", "--config=other/site.yml", "--only", "Bea,"],
            ["feedsite", "fetch", "*"],
            ["feedsite", "completions", ""],
            ["feedsite", "folders", "s"],
        ], in: folder)
        #expect(offers == [
            ["build"],
            ["--force"],
            ["--version"],
            ["serve"],
            ["json"],
            ["jack", "Bob_1", "bsky.app", "a.b@c.social"],
            ["bsky.app"],
            ["Bea", "Ben"],
            [],
            [],
            ["bash", "zsh", "fish"],
            ["snapshots"],
        ])
    }

    @Test("bash reads the --config typed as the shell would (quotes, backslashes, a leading ~, --config=PATH split at '='), running nothing in it", arguments: [
        (["--config", "\"sp dir/site.yml\""], ["Sam", "Sue"]), (["--config", "sp\\ dir/site.yml"], ["Sam", "Sue"]),
        (["--config", "'sp dir'/site.yml"], ["Sam", "Sue"]), (["--config", "\"sp\"' 'dir/site.yml"], ["Sam", "Sue"]),
        (["--config", "~/x.yml"], ["Hal"]), (["--config", "=", "~/x.yml"], ["Hal"]), (["--config=other/site.yml"], ["Bea", "Ben"]),
        (["--config", "\"~/x.yml\""], []), (["--config", "$(touch pwned)"], []), (["--config", "\"$(touch pwned)\""], []),
        (["--config", "`touch pwned`"], []),
    ])
    func bashConfigWord(_ config: [String], _ handles: [String]) throws {
        let folder = try Self.site()
        let offers = try Self.bashCompletions([["feedsite", "fetch"] + config + [""]], in: folder)
        #expect(offers == [handles])
        #expect(!folder.exists("pwned"), "nothing typed is run")
    }

    @Test("bash leaves out the handles already on the line, after fetch or in --only, one by one or joined by commas, in any case", arguments: [
        (["--only", "jack"], ["Bob_1", "bsky.app", "a.b@c.social"]), (["jack", "BOB_1"], ["bsky.app", "a.b@c.social"]),
        (["--only", "jack,bsky.app"], ["Bob_1", "a.b@c.social"]), (["--only", "jack", "--only"], ["Bob_1", "bsky.app", "a.b@c.social"]),
    ])
    func bashTypedHandles(_ typed: [String], _ handles: [String]) throws {
        let folder = try Self.site()
        #expect(try Self.bashCompletions([["feedsite", "fetch"] + typed + [""]], in: folder) == [handles])
    }

    @Test("every command and every option of the command table is in the bash, zsh and fish scripts", arguments: CompletionShell.allCases)
    func fromTable(_ shell: CompletionShell) throws {
        let result = try ProcessRunner.run(["completions", shell.rawValue])
        #expect(result.status == 0)
        for command in CommandLineInterface.commands {
            #expect(result.out.contains(command.spec.name), "\(command.spec.name)")
            for option in command.spec.options {
                #expect(result.out.contains(shell == .fish ? "-l \(option.name)" : "--\(option.name)"), "\(command.spec.name) --\(option.name)")
            }
        }
        if shell == .bash {
            let syntax = try ProcessRunner.run(["--norc", "-n", "-c", result.out], executable: "/bin/bash")
            #expect(syntax.status == 0, "\(syntax.err)")
        }
    }

    @Test("'completions handles' prints the handles one a line, and an unknown shell is a usage error with a suggestion")
    func handlesAndErrors() throws {
        let folder = try Self.site()
        let handles = try ProcessRunner.run(["completions", "handles"], in: folder.path)
        #expect(handles.out == "jack\nBob_1\nbsky.app\na.b@c.social\n")
        let unknown = try ProcessRunner.run(["completions", "bsh"])
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("error: unknown shell 'bsh'; expected one of bash, zsh, fish\n  hint: did you mean 'bash'?\n"))
        let broken = try ProcessRunner.run(["completions", "handles", "--config", "missing.yml"], in: folder.path)
        #expect(broken.status == 2 && broken.out.isEmpty)
    }
}
