#if canImport(Glibc)
import Glibc
#endif

/// Turns byte offsets of one file into lines and columns, walking forward only (offsets come in order):
/// it jumps from line break to line break and counts characters only on the target's line.
struct PositionFinder {
    let bytes: [UInt8]
    let file: String
    private var lineStart = 0
    private var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The 1-based line and column (in characters) of `target`.
    mutating func location(of target: Int) -> SourceLocation {
        let target = min(target, bytes.count)
        if target < lineStart {
            lineStart = 0
            line = 1
        }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return SourceLocation(file: file, line: 1, column: 1) }
            while lineStart < target, let found = memchr(base + lineStart, 0x0A, target - lineStart) {
                lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
            }
            var column = 1
            for index in lineStart..<target where buffer[index] & 0xC0 != 0x80 { column += 1 }
            return SourceLocation(file: file, line: line, column: column)
        }
    }
}
