/// Turns byte offsets of one file into lines and columns, walking forward only (offsets come in order).
struct PositionFinder {
    let bytes: [UInt8]
    let file: String
    private var offset = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The 1-based line and column (in characters) of `target`.
    mutating func location(of target: Int) -> SourceLocation {
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        while offset < target, offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
