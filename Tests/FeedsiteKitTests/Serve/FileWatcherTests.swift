import Dispatch
import Foundation
import FeedsiteTestSupport
import Synchronization
import Testing
@testable import FeedsiteKit

/// `FileWatcher`: inotify sees changes as they happen (the polling interval is an hour in these
/// tests, so only an event can call back in time), and polling still works where inotify is not used.
@Suite struct FileWatcherTests {
    /// Counts the watcher's callbacks; `next()` waits for one, with a generous timeout.
    final class Callbacks: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        /// The paths each callback was given.
        let paths = Mutex<[Set<String>?]>([])

        func changed(_ paths: Set<String>?) {
            self.paths.withLock { $0.append(paths) }
            semaphore.signal()
        }

        /// Whether a callback came within `seconds`.
        func next(_ seconds: Double = 20) -> Bool {
            semaphore.wait(timeout: .now() + seconds) == .success
        }
    }

    static func started(_ paths: [String], method: FileWatcher.Method = .inotify, interval: Double = 3600) -> (FileWatcher, Callbacks) {
        let watcher = FileWatcher(paths: paths, interval: interval, method: method)
        let callbacks = Callbacks()
        watcher.start { callbacks.changed($0) }
        return (watcher, callbacks)
    }

    @Test("with inotify a change to site.yml, a template, a new subfolder's file or a folder made later is seen without polling")
    func inotify() throws {
        let site = try TemporaryFolder(files: ["site.yml": "title: A\n", "templates/index.html": "<p>x</p>\n"])
        let (watcher, callbacks) = Self.started([site.path + "/site.yml", site.path + "/templates", site.path + "/snapshots"])
        defer { watcher.stop() }
        #expect(watcher.method == .inotify)
        // Each write, in order, and why it must be seen.
        let steps = [
            ("site.yml", "title: B\n", "site.yml written"),
            ("templates/index.html", "<p>y</p>\n", "a template written"),
            ("templates/partials/footer.html", "<footer></footer>\n", "a file in a new subfolder"),
            ("templates/partials/footer.html", "<footer>2</footer>\n", "the new subfolder is watched"),
            ("snapshots/jack.json", "{}\n", "a folder that did not exist when watching started"),
            ("snapshots/jack.json", "{\"x\": 1}\n", "the folder made later is watched whole"),
        ]
        for (file, contents, why) in steps {
            try site.write(file, contents)
            #expect(callbacks.next(), "\(why)")
        }
        try site.write("unrelated.txt", "x")
        try site.write("site.yml.new", "title: C\n")
        try FileManager.default.moveItem(atPath: site.path + "/site.yml", toPath: site.path + "/site.yml.old")
        try FileManager.default.moveItem(atPath: site.path + "/site.yml.new", toPath: site.path + "/site.yml")
        #expect(callbacks.next(), "site.yml replaced by a rename, as editors save")
        #expect(watcher.method == .inotify)
    }

    @Test("inotify says which paths changed (a file, a folder made); polling says any may have")
    func changedPaths() throws {
        let site = try TemporaryFolder(files: ["site.yml": "title: A\n", "templates/index.html": "<p>x</p>\n"])
        let path = site.path
        let (watcher, callbacks) = Self.started([path + "/site.yml", path + "/templates", path + "/snapshots"])
        defer { watcher.stop() }
        try site.write("site.yml", "title: B\n")
        #expect(callbacks.next())
        try site.write("templates/index.html", "<p>y</p>\n")
        #expect(callbacks.next())
        try FileManager.default.createDirectory(atPath: path + "/snapshots", withIntermediateDirectories: false)
        #expect(callbacks.next())
        #expect(callbacks.paths.withLock { $0 } == [[path + "/site.yml"], [path + "/templates/index.html"], [path + "/snapshots"]])

        let (polled, polls) = Self.started([path + "/site.yml"], method: .polling, interval: 0.05)
        defer { polled.stop() }
        try site.write("site.yml", "title: C\n")
        #expect(polls.next())
        #expect(polls.paths.withLock { $0.first } == .some(nil))
    }

    @Test("inotify reports each path as it was spelled, though site.yml's folder was first watched through '..' or a link",
          arguments: ["sub/..", "link"])
    func spelling(_ way: String) throws {
        let site = try TemporaryFolder(files: ["site.yml": "title: A\n", "sub/keep": ""])
        let path = site.path
        try FileManager.default.createSymbolicLink(atPath: path + "/link", withDestinationPath: path)
        let (watcher, callbacks) = Self.started([path + "/" + way + "/site.yml", path + "/snapshots"])
        defer { watcher.stop() }
        try FileManager.default.createDirectory(atPath: path + "/snapshots", withIntermediateDirectories: false)
        #expect(callbacks.next())
        try site.write("snapshots/jack.json", "{}\n")
        #expect(callbacks.next())
        try site.write("site.yml", "title: B\n")
        #expect(callbacks.next())
        #expect(callbacks.paths.withLock { $0 } == [[path + "/snapshots"], [path + "/snapshots/jack.json"], [path + "/" + way + "/site.yml"]])
    }

    @Test("after watch(_:) switches folders, inotify sees changes in the new one")
    func switched() throws {
        let site = try TemporaryFolder(files: ["templates/index.html": "a", "mine/index.html": "b"])
        let (watcher, callbacks) = Self.started([site.path + "/templates"])
        defer { watcher.stop() }
        #expect(watcher.watch([site.path + "/mine"]))
        #expect(!watcher.watch([site.path + "/mine"]), "the same paths again change nothing")
        try site.write("mine/index.html", "c")
        #expect(callbacks.next())
    }

    @Test("forced to poll, the watcher still sees a change")
    func polling() throws {
        let site = try TemporaryFolder(files: ["site.yml": "title: A\n", "templates/index.html": "a"])
        let (watcher, callbacks) = Self.started([site.path + "/site.yml", site.path + "/templates"], method: .polling, interval: 0.02)
        defer { watcher.stop() }
        #expect(watcher.method == .polling)
        try site.write("templates/index.html", "bb")
        #expect(callbacks.next())
    }
}
