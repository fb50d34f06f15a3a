import FeedsiteKit
import Foundation
import Testing

/// The workflow's commit and build steps on a real site made by `feedsite init`, pushed to a local bare
/// remote, as a runner runs them: a shallow checkout of the branch, git without an identity.
extension GitHubWorkflowTests {
    /// A bare remote with `feedsite init`'s site (its site.yml changed by `edit`) on `main`, and `runner`, a shallow
    /// clone of it as actions/checkout makes.
    static func initSiteRemote(_ folder: TemporaryFolder, edit: (String) -> String = { $0 }) throws -> (remote: String, runner: String) {
        let remote = folder.path + "/remote.git"
        let seed = folder.path + "/seed"
        try git(["init", "--quiet", "--bare", "--initial-branch=main", remote], in: folder.path)
        #expect(try ProcessRunner.run(["init", seed]).status == 0)
        try folder.write("seed/site.yml", edit(try #require(folder.read("seed/site.yml"))))
        try git(["init", "--quiet", "--initial-branch=main"], in: seed)
        try git(["add", "."], in: seed)
        try git(["-c", "user.name=me", "-c", "user.email=me@example.invalid", "commit", "--quiet", "-m", "start"], in: seed)
        try git(["push", "--quiet", remote, "HEAD:main"], in: seed)
        try git(["clone", "--quiet", "--depth", "1", "--branch", "main", "file://" + remote, folder.path + "/runner"], in: folder.path)
        return (remote, folder.path + "/runner")
    }

    /// `path` in `folder` with `old` replaced by `new` (which must be there).
    static func replace(_ old: String, with new: String, in path: String, of folder: TemporaryFolder) throws {
        let text = try #require(folder.read(path))
        #expect(text.contains(old), "\(path) has no \(old)")
        try folder.write(path, text.replacingOccurrences(of: old, with: new))
    }

    @Test("pushes that land while the run fetches (an edit to site.yml, the run before's snapshots of the same file) are taken in: the run commits, pushes and builds")
    func commitAfterConcurrentPushes() throws {
        let folder = try TemporaryFolder()
        try Self.feedsiteOnPath(in: folder)
        let (remote, runner) = try Self.initSiteRemote(folder)
        let title = "Account pages now show posts without any script"

        // Meanwhile, elsewhere: the run before commits its snapshots, then the user edits site.yml; both are pushed.
        try Self.git(["clone", "--quiet", remote, folder.path + "/elsewhere"], in: folder.path)
        try Self.replace(title, with: title + " (the run before)", in: "elsewhere/snapshots/outputdd.json", of: folder)
        try Self.git(["-c", "user.name=bot", "-c", "user.email=bot@example.invalid", "commit", "--quiet", "-am", "Update snapshots"],
                in: folder.path + "/elsewhere")
        try Self.replace("title: Feeds worth following", with: "title: Feeds edited meanwhile", in: "elsewhere/site.yml", of: folder)
        try Self.git(["-c", "user.name=me", "-c", "user.email=me@example.invalid", "commit", "--quiet", "-am", "A new title"],
                in: folder.path + "/elsewhere")
        try Self.git(["push", "--quiet", "origin", "HEAD:main"], in: folder.path + "/elsewhere")

        // This run's fetch changed the same line of the same snapshot, from the older checkout.
        try Self.replace(title, with: title + " (this run)", in: "runner/snapshots/outputdd.json", of: folder)
        let environment = Self.runnerGit(remote: remote)
        let committed = try Self.runStep("Commit the snapshots that changed", in: runner, path: folder.path + "/bin", environment: environment)
        #expect(committed.status == 0, "\(committed.out)\(committed.err)")
        #expect(try Self.git(["log", "--format=%s|%an|%cn", "main"], in: remote).split(separator: "\n")
            == ["Update snapshots|github-actions[bot]|github-actions[bot]", "A new title|me|me", "Update snapshots|bot|bot", "start|me|me"])
        #expect(try Self.git(["show", "main:snapshots/outputdd.json"], in: remote).contains(title + " (this run)"),
                "where both changed a snapshot, this run's, fetched last, wins")
        #expect(try Self.git(["show", "main:site.yml"], in: remote).contains("title: Feeds edited meanwhile"))
        #expect(try Self.git(["rev-parse", "HEAD"], in: runner) == Self.git(["rev-parse", "main"], in: remote))
        #expect(try Self.git(["status", "--porcelain"], in: runner) == "")

        // And on to the build, into the folder the upload step takes.
        let steps = try Self.workflow()["jobs"]?["build"]?["steps"]?.items ?? []
        #expect(steps.last?["with"]?["path"]?.string == "${{ runner.temp }}/site")
        try FileManager.default.createDirectory(atPath: folder.path + "/runner-temp", withIntermediateDirectories: true)
        let built = try Self.runStep("Build the site", in: runner, path: folder.path + "/bin", environment: ["RUNNER_TEMP": folder.path + "/runner-temp"])
        #expect(built.status == 0, "\(built.err)")
        #expect(folder.read("runner-temp/site/index.html")?.contains("Feeds edited meanwhile") == true)
        #expect(folder.read("runner-temp/site/outputdd/index.html")?.contains(title + " (this run)") == true)
    }

    @Test("git on the runner has no identity: without the step's GIT_AUTHOR_*/GIT_COMMITTER_* neither the commit nor the replay could be made")
    func identityComesFromTheStep() throws {
        let folder = try TemporaryFolder()
        let (remote, runner) = try Self.initSiteRemote(folder)
        try Self.replace("Account pages", with: "Pages", in: "runner/snapshots/outputdd.json", of: folder)
        let environment = Self.runnerGit(remote: remote)
        let bare = try ProcessRunner.run(["commit", "--quiet", "-am", "x"], executable: "/usr/bin/git", in: runner, environment: environment)
        #expect(bare.status == 128, "the test's git must not find an identity of its own: \(bare.err)")
        #expect(bare.err.contains("auto-detection is disabled"))
        let steps = try Self.workflow()["jobs"]?["build"]?["steps"]?.items ?? []
        let env = steps.first { $0["name"]?.string == "Commit the snapshots that changed" }?["env"]
        for name in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { #expect(env?[name]?.string == "github-actions[bot]") }
        for name in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { #expect(env?[name]?.string == "41898282+github-actions[bot]@users.noreply.github.com") }
    }

    @Test("a site whose site.yml moves the snapshots (state/snaps) and the output (public): the workflow commits state/snaps and deploys what it built")
    func movedFolders() throws {
        let folder = try TemporaryFolder()
        try Self.feedsiteOnPath(in: folder)
        let (remote, runner) = try Self.initSiteRemote(folder) { text in
            text.replacingOccurrences(of: "# output: output ", with: "output: public  ")
                .replacingOccurrences(of: "# snapshots: snapshots ", with: "snapshots: state/snaps ")
        }
        #expect(try ProcessRunner.run(["folders"], in: runner).out == "templates: templates\noutput: public\nsnapshots: state/snaps\n")
        let fetched = try Self.runStep("Fetch the feeds", in: runner, path: folder.path + "/bin")
        #expect(fetched.status == 0, "\(fetched.err)")
        let committed = try Self.runStep("Commit the snapshots that changed", in: runner, path: folder.path + "/bin", environment: Self.runnerGit(remote: remote))
        #expect(committed.status == 0, "\(committed.err)")
        let files = try Self.git(["show", "--name-only", "--format=%s", "main"], in: remote).split(separator: "\n")
        #expect(files.first == "Update snapshots")
        #expect(files.dropFirst().sorted() == ["state/snaps/outputdd.bsky.social.json", "state/snaps/outputdd.json",
                                               "state/snaps/outputdd@fosstodon.org.json", "state/snaps/swiftlang.json"])
        try FileManager.default.createDirectory(atPath: folder.path + "/runner-temp", withIntermediateDirectories: true)
        let built = try Self.runStep("Build the site", in: runner, path: folder.path + "/bin", environment: ["RUNNER_TEMP": folder.path + "/runner-temp"])
        #expect(built.status == 0, "\(built.err)")
        #expect(folder.exists("runner-temp/site/outputdd/index.html"))
        #expect(!folder.exists("runner/public"), "the build goes to the folder the workflow uploads, not output:")
    }
}
