import Foundation
import Synchronization

/// Reads the versions of one YAML file one after another (site.yml as serve sees it saved), parsing
/// again only what changed. The file is cut into top-level sections, each starting at a line `key:`
/// at column 0 (the first also holds what comes before its key); a section whose bytes are those of
/// a section of the last version keeps that section's tree, its positions moved with it.
///
/// The tree is the one `YAMLReader` makes of the whole file, position for position, and so are the
/// errors. A line `key:` at column 0 starts a top-level key in the whole file exactly when the text
/// before it closes every scalar and collection it opens, which is when that text, read alone, ends
/// as one unmarked document whose top level is a map without an error. So each section must read
/// alone that way, with no alias to another section's anchor, no directive or document marker and
/// no key twice at the top level; else, or when anything else is unsure (a byte order mark, a line
/// break other than a line feed), the file is read whole.
///
/// A section that is a block list (`accounts:` and its items) is also cut at each item's `- ` line,
/// and only the items whose bytes changed are read again (`YAMLIncrementalReader+Lists.swift`).
final class YAMLIncrementalReader: Sendable {
    /// The file as locations name it.
    let file: String
    private let last = Mutex<Version?>(nil)

    /// Reads versions of the file named `file`.
    init(file: String) {
        self.file = file
    }

    /// What one read found: the tree, and the bytes of the section that holds each top-level key
    /// (none when the file was read whole), and of each item of a top-level key's list cut in items
    /// (from its `- ` line to the next item's).
    struct Read {
        let root: YAMLNode?
        let sections: [String: ArraySlice<UInt8>]
        var lists: [String: [ArraySlice<UInt8>]] = [:]
    }

    /// A version of the file read in sections.
    struct Version: Sendable {
        let bytes: [UInt8]
        let sections: [Section]
        /// Each section after the first by the key at its start.
        let byFirstKey: [String: Int]
    }

    /// One section of a version, with its tree's top-level entries at their positions in that version.
    struct Section: Sendable {
        var range: Range<Int>
        /// The 0-based line it starts on, and the characters before it (as libyaml counts them).
        var line: Int
        var character: Int
        /// The line feeds and the characters in it.
        let lines: Int
        let characters: Int
        var entries: [YAMLEntry]
        /// Where the top-level map starts (the first section's is the whole tree's).
        var root: SourceLocation
        let aliasNodes: Int
        /// For a section `key:` whose value is a block list of two items or more, cut at its items:
        /// each item's place (its value's items, in order); nil when the section is read as one.
        var items: [ListItem]?
    }

    /// One item of a section's block list, from its `- ` line to the next item's (or the section's end),
    /// placed from the section's start; the first item's text, when compared, also holds the lines before it.
    struct ListItem: Sendable {
        /// Its bytes, from the section's start.
        let range: Range<Int>
        /// The line feeds and the characters in the section before it.
        let line: Int
        let character: Int
    }
}

extension YAMLIncrementalReader {
    /// The tree of `bytes`, the file's new version (see the type); throws what `YAMLReader.read(_:)` throws.
    func read(_ bytes: [UInt8]) throws(DiagnosticError) -> Read {
        let previous = last.withLock { $0 }
        guard let version = cut(bytes, after: previous) else {
            return Read(root: try YAMLReader(file: file).read(bytes), sections: [:])
        }
        last.withLock { $0 = version }
        var sections: [String: ArraySlice<UInt8>] = [:]
        var lists: [String: [ArraySlice<UInt8>]] = [:]
        for section in version.sections {
            for entry in section.entries { sections[entry.key] = bytes[section.range] }
            if let items = section.items, let key = section.entries.first?.key {
                lists[key] = items.map { bytes[(section.range.lowerBound + $0.range.lowerBound)..<(section.range.lowerBound + $0.range.upperBound)] }
            }
        }
        return Read(root: YAMLNode(.mapping(version.sections.flatMap(\.entries)), at: version.sections[0].root), sections: sections, lists: lists)
    }
}

extension YAMLIncrementalReader {
    /// `bytes` read in sections, those of `previous` kept where their bytes are the same; nil when the
    /// file must be read whole.
    func cut(_ bytes: [UInt8], after previous: Version?) -> Version? {
        // A byte order mark, UTF-16 or an empty file: read whole.
        guard let first = bytes.first, first < 0x80, first != 0 else { return nil }
        let budget = YAMLReader.aliasBudget(forByteCount: bytes.count)
        var sections: [Section] = []
        var start = 0
        var line = 0
        var character = 0
        while start < bytes.count {
            if var kept = Self.kept(bytes, at: start, from: previous) {
                for index in kept.entries.indices {
                    kept.entries[index].move(lines: line - kept.line, characters: character - kept.character)
                }
                kept.range = start..<(start + kept.range.count)
                (kept.line, kept.character) = (line, character)
                sections.append(kept)
            } else {
                guard let scanned = Self.scan(bytes, from: start) else { return nil }
                let range = start..<scanned.end
                let items = Self.listItems(bytes, range)
                if let items, let changed = readList(bytes, range, items: items, at: (line, character), lines: scanned.lines,
                                                      characters: scanned.characters, after: previous) {
                    sections.append(changed)
                } else {
                    guard var section = readSection(bytes, range, at: (line, character), lines: scanned.lines, characters: scanned.characters,
                                                    aliasBudget: budget) else { return nil }
                    if let items, Self.holds(section, items) { section.items = items }
                    sections.append(section)
                }
            }
            start = sections[sections.count - 1].range.upperBound
            line += sections[sections.count - 1].lines
            character += sections[sections.count - 1].characters
        }
        guard sections.reduce(0, { $0 + $1.aliasNodes }) <= budget else { return nil }
        var keys = Set<String>()
        for section in sections {
            for entry in section.entries where !keys.insert(entry.key).inserted { return nil }
        }
        var byFirstKey: [String: Int] = [:]
        for (index, section) in sections.enumerated().dropFirst() {
            if let key = Self.key(bytes, at: section.range.lowerBound) { byFirstKey[key] = index }
        }
        return Version(bytes: bytes, sections: sections, byFirstKey: byFirstKey)
    }

    /// The section at `range`, starting at `origin`, read alone; nil when it does not read as a section (see the type).
    func readSection(_ bytes: [UInt8], _ range: Range<Int>, at origin: (line: Int, character: Int), lines: Int, characters: Int,
                     aliasBudget: Int) -> Section? {
        var reader = YAMLReader(file: file)
        reader.origin = origin
        let builder = bytes.withUnsafeBufferPointer { buffer in
            reader.build(UnsafeBufferPointer(rebasing: buffer[range]), pipelineFrom: YAMLReader.pipelineStart, aliasBudget: aliasBudget)
        }
        guard builder.diagnostics.diagnostics.isEmpty, !builder.marks.directives, !builder.marks.end,
              !builder.marks.start || range.lowerBound == 0, let root = builder.root, case .mapping(let entries) = root.content else { return nil }
        return Section(range: range, line: origin.line, character: origin.character, lines: lines, characters: characters, entries: entries,
                       root: root.location, aliasNodes: builder.aliasNodes)
    }

    /// The section of `previous` whose bytes are those at `start` up to the next section, if any.
    static func kept(_ bytes: [UInt8], at start: Int, from previous: Version?) -> Section? {
        guard let previous else { return nil }
        let index: Int?
        if start == 0 {
            index = previous.sections.isEmpty ? nil : 0
        } else {
            index = key(bytes, at: start).flatMap { previous.byFirstKey[$0] }
        }
        guard let index else { return nil }
        let section = previous.sections[index]
        let end = start + section.range.count
        guard end <= bytes.count, end == bytes.count || (bytes[end - 1] == 0x0A && key(bytes, at: end) != nil) else { return nil }
        let same = bytes.withUnsafeBufferPointer { new in
            previous.bytes.withUnsafeBufferPointer { old in
                memcmp(new.baseAddress! + start, old.baseAddress! + section.range.lowerBound, section.range.count) == 0
            }
        }
        return same ? section : nil
    }

    /// From `start`, a line start: where the next line `key:` starts (or the end), with the line feeds
    /// and the characters before it; nil when the text has a line break libyaml counts but a line
    /// feed does not tell (CR, NEL, LS, PS).
    static func scan(_ bytes: [UInt8], from start: Int) -> (end: Int, lines: Int, characters: Int)? {
        var lines = 0
        var characters = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { characters += 1 }
            if byte == 0x0D { return nil }
            if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return nil }
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 { return nil }
            index += 1
            if byte == 0x0A {
                lines += 1
                if index < bytes.count, key(bytes, at: index) != nil { break }
            }
        }
        return (index, lines, characters)
    }

    /// The key of the line at `start` when it is `key:` at column 0, the key of letters, digits, `_`
    /// and `-` (not first), followed by a space or the line's end.
    static func key(_ bytes: [UInt8], at start: Int) -> String? {
        func isKeyByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                || byte == UInt8(ascii: "_")
        }
        guard start < bytes.count, isKeyByte(bytes[start]) else { return nil }
        var index = start + 1
        while index < bytes.count, isKeyByte(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":"),
              index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: " ") || bytes[index + 1] == 0x0A else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}

extension YAMLEntry {
    /// Moves the entry's positions by `lines` and `characters`.
    mutating func move(lines: Int, characters: Int) {
        guard lines != 0 || characters != 0 else { return }
        keyLocation.line += lines
        value.move(lines: lines, characters: characters)
    }
}

extension YAMLNode {
    /// Moves the positions of the node and all below it by `lines` and `characters`.
    mutating func move(lines: Int, characters: Int) {
        location.line += lines
        switch content {
        case .scalar(var scalar):
            scalar.start = scalar.start.map { $0 + characters }
            content = .scalar(scalar)
        case .sequence(var items):
            content = .sequence([])
            for index in items.indices { items[index].move(lines: lines, characters: characters) }
            content = .sequence(items)
        case .mapping(var entries):
            content = .mapping([])
            for index in entries.indices { entries[index].move(lines: lines, characters: characters) }
            content = .mapping(entries)
        }
    }
}
