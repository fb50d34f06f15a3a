#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Linux inotify watches on a set of paths, for `FileWatcher`: each folder among them is watched with
/// its subfolders (new ones too, as they appear), and the folder holding each path is watched for that
/// one name, so that a file an editor replaces by renaming, or a folder created later, is still seen.
final class InotifyWatch: Sendable {
    /// One watch: a folder, and the names in it that count (nil: all, and its new subfolders are watched).
    /// inotify gives one watch to a folder however its path is spelled (`site/..`, through a link): each
    /// path asked for is reported as it was spelled, so that the caller recognises it.
    struct Watch {
        var folder: String
        var names: Set<String>?
        /// The paths asked for in this folder, by name, as they were spelled.
        var spelled: [String: String] = [:]
    }

    struct State {
        var watches: [Int32: Watch] = [:]
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// Nil where inotify is not available (not Linux, or `inotify_init1` fails: no instances left).
    init?() {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    deinit {
        close(descriptor)
    }
}

extension InotifyWatch {
    /// Watches `paths` from now on instead of what was watched; false when a watch could not be added
    /// for a reason other than its path missing (the `max_user_watches` limit): the caller polls instead.
    func watch(_ paths: [String]) -> Bool {
        state.withLock { state in
            for descriptor in state.watches.keys { inotify_rm_watch(self.descriptor, descriptor) }
            state = State()
            for path in paths {
                let url = URL(fileURLWithPath: path)
                guard add(url.deletingLastPathComponent().path, names: [url.lastPathComponent], spelled: path, to: &state) else { return false }
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    guard addTree(path, to: &state) else { return false }
                }
            }
            return true
        }
    }

    /// Waits up to `milliseconds` for changes and reads them all; true when one concerns a watched
    /// path, nil when the watches could not follow (a new subfolder over the limit): poll instead.
    /// The paths changed are added to `paths`, which becomes nil when events were lost (any may have).
    func wait(milliseconds: Int32, paths: inout Set<String>?) -> Bool? {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var changed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            let events = Self.events(buffer[..<count])
            let followed = state.withLock { state in
                var followed = true
                for event in events where handle(event, &state, changed: &changed, paths: &paths) == false { followed = false }
                return followed
            }
            if !followed { return nil }
        }
        return changed
    }
}

private extension InotifyWatch {
    /// What counts as a change: each event marks an operation that is over (a file closed after writing,
    /// renamed, deleted). Not `IN_MODIFY`, nor a file's `IN_CREATE`: they come while a writer is still
    /// writing, and a rebuild started then (the writer descheduled for longer than the settling time,
    /// on a busy machine) would read half a file, and a second rebuild would follow.
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    struct Event {
        let descriptor: Int32
        let mask: UInt32
        let name: String
    }

    /// The events in `bytes`, as `read` returns them: `struct inotify_event` and its padded name, repeated.
    static func events(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            func word(_ at: Int) -> UInt32 {
                (0..<4).reduce(0) { $0 | UInt32(bytes[offset + at + $1]) << (8 * $1) }
            }
            let length = Int(word(12))
            let name = bytes[(offset + header)..<min(bytes.endIndex, offset + header + length)].prefix { $0 != 0 }
            events.append(Event(descriptor: Int32(bitPattern: word(0)), mask: word(4), name: String(decoding: name, as: UTF8.self)))
            offset += header + length
        }
        return events
    }

    /// Notes what `event` changes, its path in `paths`; false when a new folder could not be watched.
    func handle(_ event: Event, _ state: inout State, changed: inout Bool, paths: inout Set<String>?) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changed = true
            paths = nil
            return true
        }
        guard let watch = state.watches[event.descriptor] else { return true }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            state.watches[event.descriptor] = nil
            return true
        }
        guard watch.names?.contains(event.name) ?? true else { return true }
        // A new file counts once it is closed (IN_CLOSE_WRITE); a new folder at once, to watch it.
        if event.mask & UInt32(IN_CREATE) != 0 && event.mask & UInt32(IN_ISDIR) == 0 { return true }
        changed = true
        let path = watch.spelled[event.name] ?? (event.name.isEmpty ? watch.folder : watch.folder + "/" + event.name)
        paths?.insert(path)
        // A folder that appears is watched whole: a new subfolder, or a watched folder made (again).
        let appeared = event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && event.mask & UInt32(IN_ISDIR) != 0
        return !appeared || addTree(path, to: &state)
    }

    /// Watches `folder` and every folder below it; false when the limit stopped it.
    func addTree(_ folder: String, to state: inout State) -> Bool {
        guard add(folder, names: nil, to: &state) else { return false }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries.sorted() {
            var isFolder: ObjCBool = false
            let path = folder + "/" + entry
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
               !Self.isSymbolicLink(path), !addTree(path, to: &state) {
                return false
            }
        }
        return true
    }

    /// Watches `folder` for `names` (nil: everything in it, reported under this spelling of `folder`), the one
    /// name's path spelled `spelled`; a missing folder is no failure.
    func add(_ folder: String, names: Set<String>?, spelled: String? = nil, to state: inout State) -> Bool {
        let descriptor = inotify_add_watch(self.descriptor, folder, Self.mask)
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR || errno == EACCES }
        // One folder has one watch: the names of every path in it count.
        if let existing = state.watches[descriptor], let names, let known = existing.names {
            state.watches[descriptor]?.names = known.union(names)
        } else if state.watches[descriptor] == nil {
            state.watches[descriptor] = Watch(folder: folder, names: names)
        } else if names == nil {
            state.watches[descriptor]?.names = nil
            state.watches[descriptor]?.folder = folder
        }
        if let spelled, let name = names?.first { state.watches[descriptor]?.spelled[name] = spelled }
        return true
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }
}
