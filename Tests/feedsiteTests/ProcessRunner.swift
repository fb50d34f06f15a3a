import Foundation

/// Runs the built `feedsite` binary and captures what it prints.
enum ProcessRunner {
    struct Result {
        let status: Int32
        let out: String
        let err: String
    }

    /// The `feedsite` executable built beside the test bundle, or the one `FEEDSITE_EXECUTABLE` names
    /// (`.ci/run` runs the fetch tests again with the release binary: optimized code traps where debug code does not).
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["FEEDSITE_EXECUTABLE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("feedsite")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("feedsite")
    }()

    /// Runs `feedsite` (or another copy of it) with `arguments` in `folder`, with no input, NO_COLOR set
    /// and `environment` added to this process's (a nil value removes the variable).
    static func run(_ arguments: [String], executable: String? = nil, in folder: String? = nil,
                    environment extra: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? self.executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let errRead = DispatchSemaphore(value: 0)
        Thread {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
            errRead.signal()
        }.start()
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errRead.wait()
        return Result(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `feedsite` with `arguments` in `folder`, its output discarded, and returns at once (to be
    /// waited for or killed).
    static func start(_ arguments: [String], in folder: String) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
