import FeedsiteKit
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct InitCommandTests {
    /// Every file of the sample site: site.yml and everything below templates/, static/, feeds/ and snapshots/.
    static func sampleFiles() -> [String] {
        (["site.yml"] + ["templates", "static", "feeds", "snapshots"].flatMap { folder in
            TemporaryFolder.files(below: RepositoryPaths.root + "/" + folder).map { folder + "/" + $0 }
        }).sorted()
    }

    @Test("init writes exactly the repository's sample site.yml and templates (run scripts/generate-starter.py after editing them)")
    func sameBytesAsRepository() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", folder.path + "/site"])
        #expect(result.status == 0)
        #expect(Self.sampleFiles().contains("templates/account.html"))
        #expect(Self.sampleFiles().contains("snapshots/outputdd.json"))
        #expect(Self.sampleFiles().contains("templates/pages/about.html"))
        #expect(Self.sampleFiles().contains("static/robots.txt"))
        for file in Self.sampleFiles() {
            let written = FileManager.default.contents(atPath: folder.path + "/site/" + file)
            let original = FileManager.default.contents(atPath: RepositoryPaths.root + "/" + file)
            #expect(written != nil && written == original, "\(file) differs from the repository's copy")
        }
        #expect(folder.read("site/.gitignore")?.contains("\noutput/\n") == true)
        #expect(result.out.contains(".gitignore         keeps output/, .fetch.lock and .*.feedsite-* out of git"))
        #expect(result.out.contains("Next steps:"))
        #expect(result.out.contains("feedsite build"))
    }

    @Test("init then build succeeds with no warnings, from a copy of the binary with no source tree around")
    func installedBinary() throws {
        let folder = try TemporaryFolder()
        let binary = folder.path + "/bin/feedsite"
        try FileManager.default.createDirectory(atPath: folder.path + "/bin", withIntermediateDirectories: true)
        try Self.copyExecutable(ProcessRunner.executable.path, to: binary)
        let site = folder.path + "/my-site"
        let initialised = try ProcessRunner.run(["init", site], executable: binary, in: folder.path)
        #expect(initialised.status == 0)
        let built = try ProcessRunner.run(["build"], executable: binary, in: site)
        #expect(built.status == 0)
        let lines = built.err.split(separator: "\n")
        #expect(lines.count == 1, "expected only the summary, got \(built.err)")
        #expect(lines.first?.hasSuffix("no problems") == true)
        #expect(FileManager.default.fileExists(atPath: site + "/output/outputdd/index.html"))
        // The starter's extra page and static file.
        #expect(FileManager.default.contents(atPath: site + "/output/about/index.html").map { String(decoding: $0, as: UTF8.self) }?
            .contains("<h1>About this site</h1>") == true)
        #expect(FileManager.default.contents(atPath: site + "/output/robots.txt") == FileManager.default.contents(atPath: RepositoryPaths.root + "/static/robots.txt"))
        let checked = try ProcessRunner.run(["check", "--strict", site + "/output"], executable: binary, in: folder.path)
        #expect(checked.status == 0, "\(checked.out)\(checked.err)")
    }

    /// Copies the binary through a close-on-exec descriptor: a process that other tests start at the
    /// same moment must not inherit it, or running the copy fails with "text file busy".
    static func copyExecutable(_ source: String, to destination: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }

    @Test("init's summary names every folder it writes, static/ and templates/pages/ too, with how many files each holds")
    func summaryListsFolders() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", "site"], in: folder.path)
        for name in ["templates", "static", "feeds", "snapshots"] {
            let count = TemporaryFolder.files(below: folder.path + "/site/" + name).count
            let line = result.out.split(separator: "\n").first { $0.hasPrefix("  \(name)/ ") }
            #expect(line?.hasSuffix("(\(count) \(count == 1 ? "file" : "files"))") == true, "\(name): \(result.out)")
        }
        #expect(result.out.contains("extra pages (pages/)"))
    }

    @Test("init never overwrites: it lists the files that exist, writes nothing and exits 2")
    func neverOverwrites() throws {
        let folder = try TemporaryFolder(files: ["site.yml": "mine\n", "templates/index.html": "mine too\n"])
        let result = try ProcessRunner.run(["init"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: . already has files that init would overwrite: site.yml, templates/index.html\n"))
        #expect(result.err.contains("--force"))
        #expect(folder.read("site.yml") == "mine\n")
        #expect(!folder.exists("templates/account.html"))
    }

    @Test("init --force overwrites existing files")
    func force() throws {
        let folder = try TemporaryFolder(files: ["site.yml": "mine\n"])
        let result = try ProcessRunner.run(["init", "--force"], in: folder.path)
        #expect(result.status == 0)
        #expect(FileManager.default.contents(atPath: folder.path + "/site.yml") == FileManager.default.contents(atPath: RepositoryPaths.sampleConfig))
    }

    @Test("init keeps an existing .gitignore and adds the output/, .fetch.lock and .*.feedsite-* lines it lacks, with or without --force")
    func gitIgnoreMerged() throws {
        let folder = try TemporaryFolder(files: ["a/.gitignore": "node_modules\n*.log", "b/.gitignore": "/output\n.env\n.fetch.lock\n.*.feedsite-*\n"])
        for arguments in [["init", "a"], ["init", "--force", "a"]] {
            let result = try ProcessRunner.run(arguments, in: folder.path)
            #expect(result.status == 0, "\(arguments): \(result.err)")
            #expect(folder.read("a/.gitignore") == "node_modules\n*.log\n# added by feedsite init: the output folder is built, not committed.\noutput/\n"
                + "# added by feedsite init: the lock of a running 'feedsite fetch' in the snapshots folder, never committed.\n.fetch.lock\n"
                + "# added by feedsite init: the build's summary cache beside the output folder and what a stopped build leaves there, "
                + "made again when missing.\n.*.feedsite-*\n")
        }
        #expect(try ProcessRunner.run(["init", "b"], in: folder.path).status == 0)
        #expect(folder.read("b/.gitignore") == "/output\n.env\n.fetch.lock\n.*.feedsite-*\n", "a file that already ignores output/, the lock and the cache is left as it is")
        #expect(folder.exists("b/site.yml"))
    }

    @Test("the cd hint is quoted for a POSIX shell", arguments: [
        ("my site", "cd 'my site'"), ("it's", "cd 'it'\\''s'"), ("$HOME", "cd '$HOME'"), ("plain-name_1.0", "cd plain-name_1.0"),
        ("-dash", "cd ./-dash"),
    ])
    func cdHintQuoted(_ name: String, _ hint: String) throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", "--", name], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("\n  \(hint)\n"), "\(result.out)")
        #expect(folder.exists(name + "/site.yml"))
    }

    @Test("init into a path that is a file, or below one, says so plainly and writes nothing", arguments: [
        ("afile", "error: afile is a file, not a folder\n"), ("afile/sub", "error: afile/sub cannot be created: afile is a file\n"),
    ])
    func intoFile(_ target: String, _ message: String) throws {
        let folder = try TemporaryFolder(files: ["afile": "mine\n"])
        let result = try ProcessRunner.run(["init", target], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("hint: give init the name of a new folder"))
        #expect(folder.read("afile") == "mine\n")
    }

    @Test("init makes a folder of any name, one character or not ASCII, and its missing parents like mkdir -p", arguments: [
        "y", "x/", "é", "a/b", "deep/er/site/",
    ])
    func anyFolderName(_ name: String) throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", name], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(folder.exists(name + "/site.yml"))
        #expect(folder.exists(name + "/templates/partials/layout.html"))
    }

    @Test("a path in the way is refused before anything is written, with or without --force", arguments: [
        (["templates": "x"], "templates is a file, where init makes a folder"),
        (["templates/assets": "x"], "templates/assets is a file, where init makes a folder"),
        ([".gitignore/keep": "x"], ".gitignore is a folder, where init writes a file"),
        (["templates/index.html/keep": "x"], "templates/index.html is a folder, where init writes a file"),
    ])
    func pathInTheWay(_ files: [String: String], _ reason: String) throws {
        for force in [false, true] {
            let folder = try TemporaryFolder(files: files)
            let result = try ProcessRunner.run(["init"] + (force ? ["--force"] : []) + ["."], in: folder.path)
            #expect(result.status == 2)
            #expect(result.err.hasPrefix("error: . has something in the way of the starter site: \(reason)\n"
                                         + "  hint: move it away, or choose another folder (feedsite init NEW_FOLDER); --force does not change this\n"),
                    "\(result.err)")
            #expect(!result.err.contains("NSCocoaErrorDomain") && !result.err.contains("could not be completed"))
            #expect(!folder.exists("site.yml"), "nothing is written")
            #expect(!folder.exists("templates/account.html"))
            #expect(TemporaryFolder.files(below: folder.path).sorted() == files.keys.sorted())
        }
    }

    @Test("a link where a starter file goes is never replaced or written through, even with --force")
    func linkInTheWay() throws {
        let folder = try TemporaryFolder(files: ["outside/keep.txt": "mine\n", "site/templates/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/site/site.yml", withDestinationPath: folder.path + "/outside/keep.txt")
        let result = try ProcessRunner.run(["init", "--force", "site"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: site has something in the way of the starter site: site.yml is a link, which init never replaces\n"),
                "\(result.err)")
        #expect(folder.read("outside/keep.txt") == "mine\n")
        #expect(!folder.exists("site/templates/index.html"))
    }

    @Test("a .gitignore that is a link is left alone (exit 0) with a note to add output/, .fetch.lock and .*.feedsite-* yourself", arguments: [false, true])
    func gitIgnoreLink(_ force: Bool) throws {
        let folder = try TemporaryFolder(files: ["outside/keep.txt": "mine\n", "site/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/site/.gitignore", withDestinationPath: folder.path + "/outside/keep.txt")
        let result = try ProcessRunner.run(["init"] + (force ? ["--force"] : []) + ["site"], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err == "note: .gitignore is a link, so init left it as it is: add the lines output/, .fetch.lock and .*.feedsite-* to the file it points to yourself\n")
        #expect(result.out.contains(".gitignore         left as it is (a link): add output/, .fetch.lock and .*.feedsite-* to it yourself"))
        #expect(folder.read("outside/keep.txt") == "mine\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/site/.gitignore") == folder.path + "/outside/keep.txt")
        #expect(folder.exists("site/site.yml"))
    }
}

extension InitCommandTests {
    @Test("init with an empty folder name is an error, exit 2, and writes nothing anywhere (it wrote into / before)")
    func emptyName() throws {
        let folder = try TemporaryFolder(files: [:])
        let result = try ProcessRunner.run(["init", ""], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.contains("the folder name is empty"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/site.yml"))
    }
}

extension InitCommandTests {
    @Test("the starter .gitignore keeps fetch's lock (in any snapshots folder) and the build's cache out of git, and not the snapshots")
    func gitIgnoreFetchLock() throws {
        let folder = try TemporaryFolder()
        #expect(try ProcessRunner.run(["init", folder.path + "/site"]).status == 0)
        let site = folder.path + "/site"
        #expect(try ProcessRunner.run(["init", "-q"], executable: "/usr/bin/git", in: site).status == 0)
        for path in ["snapshots/.fetch.lock", "elsewhere/snaps/.fetch.lock", "output/index.html", ".output.feedsite-cache", ".public.feedsite-cache"] {
            #expect(try ProcessRunner.run(["check-ignore", "-q", path], executable: "/usr/bin/git", in: site).status == 0, "\(path) is ignored")
        }
        #expect(try ProcessRunner.run(["check-ignore", "-q", "snapshots/jack.json"], executable: "/usr/bin/git", in: site).status == 1,
                "snapshots are committed")
    }
}

extension InitCommandTests {
    @Test("a folder name with control characters is shown escaped, and the cd line is a $'…' word that bash reads back as that name", arguments: [
        ("nl\nx", "nl\\u{0A}x", "$'nl\\x0Ax'"), ("tab\tit's", "tab\\u{09}it's", "$'tab\\x09it\\'s'"),
        ("esc\u{1B}[2J", "esc\\u{1B}[2J", "$'esc\\x1B[2J'"), ("rtl\u{202E}txt", "rtl\\u{202E}txt", "$'rtl\\xE2\\x80\\xAEtxt'"),
        ("-\u{7F}", "-\\u{7F}", "$'./-\\x7F'"),
    ])
    func controlCharactersInName(_ name: String, _ shown: String, _ word: String) throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(["init", "--", name], in: folder.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("Created a feedsite site in \(shown):\n"), "\(result.out)")
        #expect(result.out.contains("\n  cd \(word)\n"), "\(result.out)")
        #expect(TerminalText.escaped(result.out, keepingNewlines: true) == result.out, "nothing printed acts on the terminal")
        // The line as printed, run by bash, enters the new site.
        let entered = try ProcessRunner.run(["--norc", "-c", "cd \(word) && test -f site.yml && basename \"$PWD\""], executable: "/bin/bash",
                                            in: folder.path)
        #expect(entered.status == 0, "\(entered.err)")
        #expect(entered.out == name + "\n")
    }

    @Test("a file init cannot write fails with exit 2, its path, the system's reason (not Foundation's words) and a hint; no temporary file stays")
    func fileCannotBeWritten() throws {
        let folder = try TemporaryFolder()
        // RLIMIT_FSIZE of one 512-byte block makes write(2) fail for root too (EFBIG), at site.yml, the first and a larger file;
        // SIGXFSZ is ignored so that the write fails instead of killing the process.
        let result = try ProcessRunner.run(["-c", "trap '' XFSZ; ulimit -f 1 && exec \"$0\" init site", ProcessRunner.executable.path],
                                           executable: "/bin/sh", in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: site/site.yml: cannot be written (File too large)\n"
            + "  hint: check that you may write to that folder and that its disk has room, or choose another folder (feedsite init NEW_FOLDER)\n")
        #expect(folder.list("site").isEmpty, "no site.yml, no temporary file: \(folder.list("site"))")
    }

    @Test("a folder init cannot make fails with exit 2, the folder, the system's reason and a hint")
    func folderCannotBeMade() throws {
        let folder = try TemporaryFolder()
        // A name longer than the 255 bytes a file system allows: mkdir(2) fails for root too.
        let long = String(repeating: "n", count: 300)
        let result = try ProcessRunner.run(["init", "sites/" + long], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err == "error: sites/\(long): cannot be created (File name too long)\n"
            + "  hint: check that you may write to that folder and that its disk has room, or choose another folder (feedsite init NEW_FOLDER)\n")
        #expect(folder.list("sites").isEmpty)
    }
}
