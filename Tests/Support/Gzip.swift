import Foundation

/// gzip-compressed bodies for the fetch tests, made by the system's `gzip` (Debian's essential set).
package enum Gzip {
    /// `bytes` compressed.
    package static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        let path = folder.path + "/body"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try run("gzip -c -9 '\(path)'")
    }

    /// `count` zero bytes compressed: a small body that decodes to a large one (a "gzip bomb").
    package static func zeros(_ count: Int) throws -> [UInt8] {
        try run("head -c \(count) /dev/zero | gzip -c -9")
    }

    private static func run(_ command: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }
}
