import FeedsiteKit
import Foundation
import Testing

/// The GitHub Actions workflow `feedsite init` writes: valid for GitHub's schema and clean for
/// zizmor (`scripts/workflow-lint`), and its shell steps do what they promise, run here with bash.
@Suite struct GitHubWorkflowTests {
    @Test("init writes .github/workflows/feedsite.yml, which passes GitHub's workflow schema and zizmor with no finding but unpinned-uses")
    func initWritesACleanWorkflow() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", folder.path + "/site"])
        #expect(result.status == 0)
        #expect(result.out.contains(".github/workflows/feedsite.yml  fetches, builds and deploys to GitHub Pages hourly"))
        let path = folder.path + "/site/.github/workflows/feedsite.yml"
        #expect(folder.read("site/.github/workflows/feedsite.yml") == GitHubWorkflow.text)
        let lint = try Self.lint(path)
        #expect(lint.status == 0, "\(lint.out)\n\(lint.err)")
        #expect(lint.out.contains("ok -- validation done"))
        #expect(lint.out.contains("zizmor: 0 finding(s) not allowed; allowed: unpinned-uses"))
    }

    @Test("workflow-lint fails a workflow with a finding other than unpinned-uses, or one GitHub's schema rejects", arguments: [
        ("          persist-credentials: false # the token is given to the one step that pushes\n", "", "zizmor artipacked"),
        ("          feedsite fetch || status=$?\n", "          echo \"${{ github.event.head_commit.message }}\"\n          feedsite fetch || status=$?\n",
         "zizmor template-injection"),
        ("permissions: {}\n", "", "zizmor excessive-permissions"),
        ("    name: Deploy to GitHub Pages\n    needs: build\n    runs-on: ubuntu-24.04\n", "    name: Deploy to GitHub Pages\n    needs: build\n",
         "is not valid under any of the given schemas"),
    ])
    func lintCatches(remove: String, insert: String, expected: String) throws {
        #expect(GitHubWorkflow.text.contains(remove))
        let folder = try TemporaryFolder()
        try folder.write("feedsite.yml", GitHubWorkflow.text.replacingOccurrences(of: remove, with: insert))
        let lint = try Self.lint(folder.path + "/feedsite.yml")
        #expect(lint.status == 1)
        #expect((lint.out + lint.err).contains(expected), "\(lint.out)\n\(lint.err)")
    }

    @Test("init --ci none writes no workflow; --ci with another value is a usage error")
    func ciOption() throws {
        let folder = try TemporaryFolder()
        let none = try ProcessRunner.run(["init", "--ci", "none", folder.path + "/a"])
        #expect(none.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/a/.github"))
        #expect(!none.out.contains(".github"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/a/site.yml"))
        let other = try ProcessRunner.run(["init", "--ci", "githb", folder.path + "/b"])
        #expect(other.status == 2)
        #expect(other.err.hasPrefix("error: --ci expects github or none, found 'githb'\n  hint: did you mean 'github'?\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/b"))
    }

    @Test("the workflow installs this version from the release repository, runs hourly and on push, one run at a time, with least privilege")
    func shape() throws {
        let workflow = try Self.workflow()
        #expect(workflow["env"]?["FEEDSITE_VERSION"]?.string == Generator.version)
        #expect(workflow["env"]?["FEEDSITE_REPOSITORY"]?.string == GitHubWorkflow.releaseRepository)
        #expect(workflow["on"]?["schedule"]?.items.first?["cron"]?.string == "17 * * * *")
        #expect(GitHubWorkflow.text.contains("    # Hourly, at minute 17"))
        #expect(workflow["on"]?["push"]?["branches"]?.items.map(\.string) == ["main"])
        #expect(workflow["concurrency"]?["cancel-in-progress"]?.string == "false")
        #expect(workflow["permissions"]?.entries.isEmpty == true)
        #expect(workflow["jobs"]?["build"]?["permissions"]?.entries.map { "\($0.key): \($0.value.string ?? "")" }
            == ["contents: write", "pages: read"])
        #expect(workflow["jobs"]?["deploy"]?["permissions"]?.entries.map { "\($0.key): \($0.value.string ?? "")" }
            == ["pages: write", "id-token: write"])
        let uses = ["build", "deploy"].flatMap { workflow["jobs"]?[$0]?["steps"]?.items.compactMap { $0["uses"]?.string } ?? [] }
        #expect(uses.map { $0.split(separator: "@")[0] }
            == ["actions/checkout", "actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"])
        #expect(workflow["jobs"]?["build"]?["steps"]?.items.first?["with"]?["persist-credentials"]?.string == "false")
        #expect(workflow["jobs"]?["build"]?["steps"]?.items.first?["with"]?["ref"]?.string == "${{ github.ref }}",
                "the branch's head, not the commit that triggered a run that waited")
    }

    @Test("the release repository is a placeholder the workflow says to replace, and FEEDSITE_SHA256 is there, empty")
    func placeholderAndPin() throws {
        let workflow = try Self.workflow()
        #expect(workflow["env"]?.entries.map(\.key) == ["FEEDSITE_REPOSITORY", "FEEDSITE_VERSION", "FEEDSITE_SHA256"])
        #expect(workflow["env"]?["FEEDSITE_SHA256"]?.string == "")
        #expect(GitHubWorkflow.text.contains("""
              # \(GitHubWorkflow.releaseRepository) is a placeholder: set it to the GitHub repository (owner/name) whose releases
              # hold the feedsite-VERSION-linux-x86_64.tar.gz you want.
              FEEDSITE_REPOSITORY: \(GitHubWorkflow.releaseRepository)

            """))
        #expect(GitHubWorkflow.text.contains("# Before the first run: set FEEDSITE_REPOSITORY below"))
    }

    @Test("X_BEARER_TOKEN is offered, commented, to the fetch step alone; uncommented it reaches that step and no other, and the workflow stays valid")
    func bearerToken() throws {
        let commented = "        # env:\n        #   X_BEARER_TOKEN: ${{ secrets.X_BEARER_TOKEN }}\n        run: |\n          status=0\n"
        #expect(GitHubWorkflow.text.contains("        # For `feed: x-api` accounts: add the repository secret X_BEARER_TOKEN, then uncomment these two lines.\n"
                                             + commented))
        #expect(GitHubWorkflow.text.components(separatedBy: "X_BEARER_TOKEN").count == 4, "named only there, three times")
        let text = GitHubWorkflow.text.replacingOccurrences(of: commented,
            with: "        env:\n          X_BEARER_TOKEN: ${{ secrets.X_BEARER_TOKEN }}\n        run: |\n          status=0\n")
        let workflow = try #require(try YAMLReader(file: "feedsite.yml").read(Array(text.utf8)))
        let steps = workflow["jobs"]?["build"]?["steps"]?.items ?? []
        #expect(steps.filter { $0["env"]?["X_BEARER_TOKEN"] != nil }.map { $0["name"]?.string } == ["Fetch the feeds"])
        #expect(steps.first { $0["name"]?.string == "Fetch the feeds" }?["env"]?["X_BEARER_TOKEN"]?.string == "${{ secrets.X_BEARER_TOKEN }}")
        #expect(workflow["env"]?["X_BEARER_TOKEN"] == nil)
        let folder = try TemporaryFolder()
        try folder.write("feedsite.yml", text)
        let lint = try Self.lint(folder.path + "/feedsite.yml")
        #expect(lint.out.contains("ok -- validation done"), "GitHub's schema accepts it: \(lint.out)\(lint.err)")
        // The auditor persona asks for secrets to live in a deployment environment; the README says so.
        #expect(lint.out.contains("zizmor secrets-outside-env") && lint.out.contains("zizmor: 1 finding(s) not allowed"), "\(lint.out)")
    }

    @Test("the fetch step lets an exit 1 (some feeds unreadable) through with a warning, so the last snapshots are built; exit 2 stops the run",
          arguments: [(0, 0, false), (1, 0, true), (2, 2, false)])
    func fetchStep(fetchStatus: Int, stepStatus: Int32, warns: Bool) throws {
        let folder = try TemporaryFolder()
        try Self.fakeCommand(in: folder, "feedsite", "echo \"feedsite $*\"; exit \(fetchStatus)")
        let result = try Self.runStep("Fetch the feeds", in: folder.path, path: folder.path + "/bin")
        #expect(result.status == stepStatus, "\(result.out)\(result.err)")
        #expect(result.out.contains("feedsite fetch"))
        #expect(result.out.contains("::warning::feedsite fetch could not read every feed") == warns)
    }

    @Test("the commit step commits only snapshots/, as github-actions[bot], pushes with the token, and commits nothing when no snapshot changed")
    func commitStep() throws {
        let folder = try TemporaryFolder()
        let remote = folder.path + "/remote.git"
        let site = folder.path + "/site"
        try Self.git(["init", "--quiet", "--bare", "--initial-branch=main", remote], in: folder.path)
        try Self.git(["clone", "--quiet", remote, site], in: folder.path)
        try folder.write(["site/snapshots/jack.json": "{}\n", "site/site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        try Self.git(["add", "."], in: site)
        try Self.git(["-c", "user.name=me", "-c", "user.email=me@example.invalid", "commit", "--quiet", "-m", "start"], in: site)
        try Self.git(["push", "--quiet", "origin", "HEAD:main"], in: site)

        try Self.feedsiteOnPath(in: folder)
        let environment = Self.runnerGit(remote: remote)
        let unchanged = try Self.runStep("Commit the snapshots that changed", in: site, path: folder.path + "/bin", environment: environment)
        #expect(unchanged.status == 0, "\(unchanged.err)")
        #expect(unchanged.out.contains("no snapshot changed"))
        #expect(try Self.git(["rev-list", "--count", "main"], in: remote) == "1")

        try folder.write(["site/snapshots/jack.json": "{\"posts\": []}\n", "site/snapshots/bob.json": "{}\n", "site/site.yml": "title: U\naccounts:\n  - handle: jack\n"])
        let changed = try Self.runStep("Commit the snapshots that changed", in: site, path: folder.path + "/bin", environment: environment)
        #expect(changed.status == 0, "\(changed.err)")
        #expect(try Self.git(["rev-list", "--count", "main"], in: remote) == "2")
        #expect(try Self.git(["log", "-1", "--format=%an <%ae>|%cn <%ce>|%s", "main"], in: remote)
            == "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|"
             + "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|Update snapshots")
        #expect(try Self.git(["show", "--name-only", "--format=", "main"], in: remote) == "snapshots/bob.json\nsnapshots/jack.json")
        #expect(try Self.git(["status", "--porcelain"], in: site) == " M site.yml")
    }

    @Test("the commit step commits nothing, and succeeds, in a site with no snapshots folder (no account has a feed)")
    func commitStepWithoutSnapshots() throws {
        let folder = try TemporaryFolder()
        try Self.git(["init", "--quiet", "--initial-branch=main", folder.path + "/site"], in: folder.path)
        try folder.write("site/site.yml", "title: T\naccounts:\n  - handle: jack\n")
        try Self.feedsiteOnPath(in: folder)
        let result = try Self.runStep("Commit the snapshots that changed", in: folder.path + "/site", path: folder.path + "/bin",
                                      environment: Self.runnerGit(remote: folder.path + "/none.git"))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("no snapshot changed"))
    }

    @Test("the install step downloads the release and its .sha256, refuses an archive that does not match, and puts feedsite on the PATH")
    func installStep() throws {
        let folder = try TemporaryFolder()
        let name = "feedsite-\(Generator.version)-linux-x86_64"
        try folder.write("release/\(name)/feedsite", "#!/bin/sh\necho installed feedsite\n")
        try Self.shell("chmod +x release/\(name)/feedsite && tar -C release -czf release/\(name).tar.gz \(name) "
                       + "&& (cd release && sha256sum \(name).tar.gz > \(name).tar.gz.sha256)", in: folder.path)
        // curl, faked: each URL is answered from release/, and the URLs asked for are logged.
        try Self.fakeCommand(in: folder, "curl", """
            for argument in "$@"; do case "$argument" in https://*) echo "$argument" >> "\(folder.path)/urls"; cp "\(folder.path)/release/${argument##*/}" . ;; esac; done
            """)
        try FileManager.default.createDirectory(atPath: folder.path + "/runner", withIntermediateDirectories: true)
        let environment = ["RUNNER_TEMP": folder.path + "/runner", "GITHUB_PATH": folder.path + "/github_path",
                           "FEEDSITE_VERSION": Generator.version, "FEEDSITE_REPOSITORY": "owner/feedsite"]
        let installed = try Self.runStep("Install feedsite", in: folder.path, path: folder.path + "/bin", environment: environment)
        #expect(installed.status == 0, "\(installed.err)")
        let base = "https://github.com/owner/feedsite/releases/download/v\(Generator.version)/\(name).tar.gz"
        #expect(folder.read("urls") == "\(base)\n\(base).sha256\n")
        #expect(folder.read("github_path") == folder.path + "/runner/\(name)\n")
        #expect(FileManager.default.isExecutableFile(atPath: folder.path + "/runner/\(name)/feedsite"))

        try Self.shell("echo tampered >> release/\(name).tar.gz && rm -rf runner/*", in: folder.path)
        let tampered = try Self.runStep("Install feedsite", in: folder.path, path: folder.path + "/bin", environment: environment)
        #expect(tampered.status != 0)
        #expect(tampered.out.contains("FAILED"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/runner/\(name)"))
    }

    @Test("with FEEDSITE_SHA256 set, the install step checks the archive against it: a replaced archive whose new .sha256 matches is refused")
    func installStepPinned() throws {
        let folder = try TemporaryFolder()
        let name = "feedsite-\(Generator.version)-linux-x86_64"
        try folder.write("release/\(name)/feedsite", "#!/bin/sh\necho installed feedsite\n")
        let archive = "chmod +x release/\(name)/feedsite && tar -C release -czf release/\(name).tar.gz \(name) "
            + "&& (cd release && sha256sum \(name).tar.gz > \(name).tar.gz.sha256)"
        try Self.shell(archive, in: folder.path)
        let pin = try #require(folder.read("release/\(name).tar.gz.sha256")?.split(separator: " ").first.map(String.init))
        try Self.fakeCommand(in: folder, "curl", """
            for argument in "$@"; do case "$argument" in https://*) echo "$argument" >> "\(folder.path)/urls"; cp "\(folder.path)/release/${argument##*/}" . ;; esac; done
            """)
        var environment = ["RUNNER_TEMP": folder.path + "/runner", "GITHUB_PATH": folder.path + "/github_path",
                           "FEEDSITE_VERSION": Generator.version, "FEEDSITE_REPOSITORY": "owner/feedsite", "FEEDSITE_SHA256": pin]
        try FileManager.default.createDirectory(atPath: folder.path + "/runner", withIntermediateDirectories: true)
        let pinned = try Self.runStep("Install feedsite", in: folder.path, path: folder.path + "/bin", environment: environment)
        #expect(pinned.status == 0, "\(pinned.out)\(pinned.err)")
        let base = "https://github.com/owner/feedsite/releases/download/v\(Generator.version)/\(name).tar.gz"
        #expect(folder.read("urls") == base + "\n", "the pin replaces the downloaded .sha256")
        #expect(FileManager.default.isExecutableFile(atPath: folder.path + "/runner/\(name)/feedsite"))

        // The release replaced: another archive, and a .sha256 that matches it.
        try folder.write("release/\(name)/feedsite", "#!/bin/sh\necho something else\n")
        try Self.shell(archive + " && rm -rf runner/*", in: folder.path)
        let replaced = try Self.runStep("Install feedsite", in: folder.path, path: folder.path + "/bin", environment: environment)
        #expect(replaced.status != 0)
        #expect(replaced.out.contains("\(name).tar.gz: FAILED"), "\(replaced.out)\(replaced.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/runner/\(name)"))
        environment["FEEDSITE_SHA256"] = ""
        let unpinned = try Self.runStep("Install feedsite", in: folder.path, path: folder.path + "/bin", environment: environment)
        #expect(unpinned.status == 0, "without the pin the matching .sha256 lets it through: \(unpinned.err)")
        // A pin that is no checksum at all fails too.
        try Self.shell("rm -rf runner/*", in: folder.path)
        environment["FEEDSITE_SHA256"] = "not-a-checksum"
        let malformed = try Self.runStep("Install feedsite", in: folder.path, path: folder.path + "/bin", environment: environment)
        #expect(malformed.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/runner/\(name)"))
    }
}

extension GitHubWorkflowTests {
    static func lint(_ path: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run([path], executable: RepositoryPaths.root + "/scripts/workflow-lint", in: RepositoryPaths.root)
    }

    static func workflow() throws -> YAMLNode {
        try #require(try YAMLReader(file: "feedsite.yml").read(Array(GitHubWorkflow.text.utf8)))
    }

    /// Runs the `run:` script of the step named `name` as GitHub's runner does (`bash -e`), with `path` first on PATH.
    static func runStep(_ name: String, in folder: String, path: String? = nil, environment: [String: String?] = [:]) throws -> ProcessRunner.Result {
        let steps = try workflow()["jobs"]?["build"]?["steps"]?.items ?? []
        let step = try #require(steps.first { $0["name"]?.string == name }, "no step named \(name)")
        let script = try #require(step["run"]?.string, "step \(name) runs nothing")
        var environment = environment
        // The step's own env: (its literal values; the test gives those that are ${{ expressions }}).
        for entry in step["env"]?.entries ?? [] where environment[entry.key] == nil {
            if let value = entry.value.string, !value.contains("${{") { environment[entry.key] = value }
        }
        if let path { environment["PATH"] = path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }
        return try ProcessRunner.run(["-e", "-c", script], executable: "/bin/bash", in: folder, environment: environment)
    }

    /// `bin/feedsite` in `folder`: this feedsite, as the install step puts it on the PATH.
    static func feedsiteOnPath(in folder: TemporaryFolder) throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/bin/feedsite", withDestinationPath: ProcessRunner.executable.path)
    }

    /// The environment of the commit step on a runner, for a repository whose GitHub remote is the bare `remote`: git has
    /// no identity (no global or system config, and no guessing from the host name), and the push to
    /// https://x-access-token:TOKEN@github.com/owner/site.git goes to `remote`.
    static func runnerGit(remote: String) -> [String: String?] {
        ["GITHUB_TOKEN": "t0ken", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "owner/site", "GITHUB_REF_NAME": "main",
         "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "EMAIL": nil, "GIT_CONFIG_COUNT": "2",
         "GIT_CONFIG_KEY_0": "url.\(remote).insteadOf", "GIT_CONFIG_VALUE_0": "https://x-access-token:t0ken@github.com/owner/site.git",
         "GIT_CONFIG_KEY_1": "user.useConfigOnly", "GIT_CONFIG_VALUE_1": "true"]
    }

    /// Writes an executable `bin/NAME` in `folder` running `body` with sh.
    static func fakeCommand(in folder: TemporaryFolder, _ name: String, _ body: String) throws {
        try folder.write("bin/" + name, "#!/bin/sh\n" + body + "\n")
        try shell("chmod +x bin/" + name, in: folder.path)
    }

    static func shell(_ command: String, in folder: String) throws {
        let result = try ProcessRunner.run(["-c", command], executable: "/bin/sh", in: folder)
        #expect(result.status == 0, "\(command): \(result.err)")
    }

    /// Runs git, returning what it printed without the final newline.
    @discardableResult
    static func git(_ arguments: [String], in folder: String) throws -> String {
        let result = try ProcessRunner.run(arguments, executable: "/usr/bin/git", in: folder)
        #expect(result.status == 0, "git \(arguments): \(result.err)")
        return result.out.hasSuffix("\n") ? String(result.out.dropLast()) : result.out
    }
}

/// Reading a parsed workflow by key, index and text.
extension YAMLNode {
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries) = content else { return nil }
        return entries.last { $0.key == key }?.value
    }

    var entries: [YAMLEntry] {
        guard case .mapping(let entries) = content else { return [] }
        return entries
    }

    var items: [YAMLNode] {
        guard case .sequence(let items) = content else { return [] }
        return items
    }

    var string: String? {
        guard case .scalar(let scalar) = content else { return nil }
        return scalar.text
    }
}
