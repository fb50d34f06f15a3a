import Synchronization

/// Finds where a character of a scalar's value was written in the file, whatever the scalar's style
/// (escapes, `''`, folded lines, block scalars: see `YAMLScalarSource`). libyaml gives each node's
/// start in characters; the tables that turn characters into bytes, and bytes into lines and columns,
/// are made the first time a diagnostic asks, so a file without such errors never pays for them.
/// Shared by the threads that decode long account lists.
final class YAMLScalarLocator: Sendable {
    /// The file's bytes.
    let bytes: [UInt8]
    /// The file as locations name it.
    let file: String
    private let tables = Mutex<Tables?>(nil)

    /// Creates a locator for the file `file` holding `bytes`.
    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }
}

extension YAMLScalarLocator {
    /// Where the character at `offset` of `scalar`'s text (counted in `Character`s) was written; nil
    /// when that cannot be told (a file in UTF-16, an offset past the text).
    func location(of scalar: YAMLScalar, offset: Int) -> SourceLocation? {
        let text = scalar.text
        guard let start = scalar.start, offset >= 0, !Self.isUTF16(bytes),
              let index = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) else { return nil }
        let target = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        return tables.withLock { tables -> SourceLocation? in
            let made = tables ?? Tables(bytes, file: file)
            tables = made
            guard let first = made.byteOffset(ofCharacter: start, in: bytes),
                  let found = YAMLScalarSource(bytes: bytes, style: scalar.style, value: text.unicodeScalars)
                      .offset(ofScalar: target, from: first) else { return nil }
            var location = made.text.location(of: found)
            // libyaml does not count a byte order mark, and neither do editors: nor do the other locations.
            if location.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { location.column -= 1 }
            return location
        }
    }
}

private extension YAMLScalarLocator {
    /// libyaml reads UTF-16 only after a byte order mark, and counts the characters it decoded.
    static func isUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    }

    /// The line starts of the file, and the byte offset of every `stride`-th character as libyaml
    /// counts them (from after a UTF-8 byte order mark).
    struct Tables: Sendable {
        static let stride = 256
        let text: SourceText
        let checkpoints: [Int]

        init(_ bytes: [UInt8], file: String) {
            text = SourceText(bytes, file: file)
            var checkpoints: [Int] = []
            checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
            var characters = 0
            for offset in (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
                if characters % Self.stride == 0 { checkpoints.append(offset) }
                characters += 1
            }
            self.checkpoints = checkpoints
        }

        /// The byte offset of libyaml's character `index`; nil past the end of the file.
        func byteOffset(ofCharacter index: Int, in bytes: [UInt8]) -> Int? {
            guard index >= 0, index / Self.stride < checkpoints.count else { return nil }
            var offset = checkpoints[index / Self.stride]
            for _ in 0..<index % Self.stride {
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                if offset >= bytes.count { return nil }
            }
            return offset
        }
    }
}
