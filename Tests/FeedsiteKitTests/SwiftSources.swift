import Foundation

/// The Swift files of a folder, read just well enough to tell which top-level types each declares
/// and which capitalised names its code (not its comments or string literals) mentions.
struct SwiftSources {
    struct File {
        /// The first folder below the scanned one.
        var folder: String
        /// The path below the scanned folder.
        var path: String
        var text: String
    }

    var files: [File]
}

extension SwiftSources {
    /// Every `.swift` file below `folder`.
    init(folder: String) throws {
        files = []
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return }
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            let top = path.split(separator: "/").first.map(String.init) ?? path
            files.append(File(folder: path.contains("/") ? top : "", path: path, text: text))
        }
        files.sort { $0.path < $1.path }
    }

    /// The folder that declares each top-level type (struct, enum, class, protocol, actor, typealias).
    func declaredTypes() -> [String: String] {
        var owners: [String: String] = [:]
        for file in files {
            for line in Self.code(of: file.text).split(separator: "\n") {
                if let name = Self.declaredName(line) { owners[name] = file.folder }
            }
        }
        return owners
    }

    /// The name a top-level declaration line declares: one that starts at column 0 (nested types are indented).
    static func declaredName(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })[...]
        while let word = words.first, word.hasPrefix("@") || modifiers.contains(String(word)) { words = words.dropFirst() }
        guard line.first?.isLetter == true || line.first == "@", let keyword = words.first, kinds.contains(String(keyword)),
              let name = words.dropFirst().first else { return nil }
        return String(name)
    }

    static let kinds: Set<String> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    static let modifiers: Set<String> = ["package", "public", "internal", "private", "fileprivate", "final", "indirect",
                                         "nonisolated", "open"]

    /// The capitalised identifiers the code of `text` mentions.
    static func typeNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        var start: Int?
        let bytes = Array(code(of: text).utf8) + [UInt8(ascii: " ")]
        for (index, byte) in bytes.enumerated() {
            let isWord = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
            if isWord {
                if start == nil { start = index }
            } else if let first = start {
                if bytes[first] >= UInt8(ascii: "A"), bytes[first] <= UInt8(ascii: "Z") {
                    names.insert(String(decoding: bytes[first..<index], as: UTF8.self))
                }
                start = nil
            }
        }
        return names
    }

    /// `text` with comments and the contents of string literals blanked out (line breaks kept), but
    /// the code inside string interpolations kept.
    static func code(of text: String) -> String {
        enum Frame {
            case string(multiline: Bool)
            case interpolation(depth: Int)
        }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var stack: [Frame] = []
        var index = 0
        func at(_ offset: Int, _ expected: StaticString) -> Bool {
            let count = expected.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            for position in 0..<count where bytes[offset + position] != expected.utf8Start[position] { return false }
            return true
        }
        func blank(_ count: Int) {
            for offset in index..<min(index + count, bytes.count) {
                output.append(bytes[offset] == UInt8(ascii: "\n") ? UInt8(ascii: "\n") : UInt8(ascii: " "))
            }
            index += count
        }
        while index < bytes.count {
            let byte = bytes[index]
            if case .string(let multiline)? = stack.last {
                if at(index, "\\(") {
                    stack.append(.interpolation(depth: 1))
                    blank(2)
                } else if byte == UInt8(ascii: "\\") {
                    blank(2)
                } else if multiline ? at(index, "\"\"\"") : byte == UInt8(ascii: "\"") {
                    stack.removeLast()
                    blank(multiline ? 3 : 1)
                } else {
                    blank(1)
                }
                continue
            }
            if at(index, "//") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { blank(1) }
            } else if at(index, "/*") {
                while index < bytes.count, !at(index, "*/") { blank(1) }
                blank(2)
            } else if at(index, "\"\"\"") {
                stack.append(.string(multiline: true))
                blank(3)
            } else if byte == UInt8(ascii: "\"") {
                stack.append(.string(multiline: false))
                blank(1)
            } else if case .interpolation(let depth)? = stack.last, byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") {
                let newDepth = depth + (byte == UInt8(ascii: "(") ? 1 : -1)
                stack.removeLast()
                if newDepth > 0 {
                    stack.append(.interpolation(depth: newDepth))
                    output.append(byte)
                } else {
                    output.append(UInt8(ascii: " "))
                }
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
