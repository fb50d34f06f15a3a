import Foundation

/// A section that is a block list (`accounts:` with its items), read again item by item: an edit of one
/// account reads that account's lines, not the 10,000 others (perf task-clock, Benchmarks/live_reload.py 10000,
/// 6 account edits, start-up reads included: YAML reading on all threads 486 -> 355 ms of CPU).
///
/// A line with the list's indentation and `- ` starts an item of the list in the whole file exactly when
/// the text before it, from the last such line, closes every scalar and collection it opens, which is
/// when that text, read alone, is a list of one item without an error. So the items whose bytes changed
/// are read alone as one list (the first item with the section's lines before it, as a section), which
/// must hold one item starting in each of them, with no alias, document marker or directive; else the
/// section is read as one. Items of a section read as one are cut only when it holds no alias and one
/// item starts in each of them.
extension YAMLIncrementalReader {
    /// The items of the section at `range` when it is `key:` alone on its line, then blank or comment
    /// lines only, then lines `- ` at one indentation, two or more; nil otherwise.
    static func listItems(_ bytes: [UInt8], _ range: Range<Int>) -> [ListItem]? {
        guard let key = key(bytes, at: range.lowerBound) else { return nil }
        let afterKey = range.lowerBound + key.utf8.count + 1
        guard afterKey < range.upperBound, bytes[afterKey] == 0x0A else { return nil }
        let starts: [ListItem]? = bytes.withUnsafeBufferPointer { buffer in
            var starts: [ListItem] = []
            var indent: Int?
            var index = afterKey + 1
            var line = 1
            // The key is ASCII: a character a byte.
            var characters = key.utf8.count + 2
            let end = range.upperBound
            while index < end {
                var spaces = 0
                while index + spaces < end, buffer[index + spaces] == 0x20 { spaces += 1 }
                let at = index + spaces
                let dash = at < end && buffer[at] == UInt8(ascii: "-") && (at + 1 == end || buffer[at + 1] == 0x20 || buffer[at + 1] == 0x0A)
                if dash, indent == nil || indent == spaces {
                    indent = spaces
                    let offset = index - range.lowerBound
                    starts.append(ListItem(range: offset..<offset, line: line, character: characters))
                } else if indent == nil, at < end, buffer[at] != 0x0A, buffer[at] != UInt8(ascii: "#") {
                    return nil
                }
                while index < end {
                    let byte = buffer[index]
                    if byte & 0xC0 != 0x80 { characters += 1 }
                    index += 1
                    if byte == 0x0A { break }
                }
                line += 1
            }
            return starts
        }
        guard let starts, starts.count >= 2 else { return nil }
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : range.count
            return ListItem(range: starts[index].range.lowerBound..<end, line: starts[index].line, character: starts[index].character)
        }
    }

    /// Whether `section`, read as one, is a key whose list holds one item starting in each of `items`, and no alias.
    static func holds(_ section: Section, _ items: [ListItem]) -> Bool {
        guard section.aliasNodes == 0, section.entries.count == 1, case .sequence(let nodes) = section.entries[0].value.content,
              nodes.count == items.count else { return false }
        return nodes.indices.allSatisfy { starts(nodes[$0], in: $0, of: items, sectionLine: section.line, lines: section.lines) }
    }

    /// The section at `range`, a list of `items` starting at `origin`, with the items of the same list in
    /// `previous` kept where their bytes are the same (moved with their lines) and the others read alone
    /// (see the extension); nil when `previous` has no such list, or what was read again does not read alone.
    func readList(_ bytes: [UInt8], _ range: Range<Int>, items: [ListItem], at origin: (line: Int, character: Int), lines: Int,
                  characters: Int, after previous: Version?) -> Section? {
        guard let previous, let key = Self.key(bytes, at: range.lowerBound),
              let index = range.lowerBound == 0 ? (previous.sections.isEmpty ? nil : 0) : previous.byFirstKey[key] else { return nil }
        let old = previous.sections[index]
        guard let oldItems = old.items, old.entries.count == 1, old.entries[0].key == key,
              case .sequence(let oldNodes) = old.entries[0].value.content, oldNodes.count == oldItems.count else { return nil }
        let same = { (new: Int, before: Int) -> Bool in
            Self.equal(bytes, Self.text(of: new, in: items, at: range), previous.bytes, Self.text(of: before, in: oldItems, at: old.range))
        }
        var prefix = 0
        while prefix < min(items.count, oldItems.count), same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < min(items.count, oldItems.count) - max(prefix, 1), same(items.count - 1 - suffix, oldItems.count - 1 - suffix) { suffix += 1 }
        func moved(_ before: Int, to new: Int) -> YAMLNode {
            var node = oldNodes[before]
            let lines = origin.line + items[new].line - old.line - oldItems[before].line
            let characters = origin.character + items[new].character - old.character - oldItems[before].character
            // Most items of a list stay where they were: not copied to move them by nothing.
            if lines != 0 || characters != 0 { node.move(lines: lines, characters: characters) }
            return node
        }
        var nodes: [YAMLNode] = []
        nodes.reserveCapacity(items.count)
        let budget = YAMLReader.aliasBudget(forByteCount: bytes.count)
        // Where the key, its list and (in the first section) the map start: the first item's section.
        var head = (key: old.entries[0].keyLocation, list: old.entries[0].value.location, root: old.root)
        if prefix > 0 {
            head.key.line += origin.line - old.line
            head.list.line += origin.line - old.line
            head.root.line += origin.line - old.line
            nodes.append(moved(0, to: 0))
        } else {
            guard let section = readSection(bytes, range.lowerBound..<(range.lowerBound + items[1].range.lowerBound), at: origin, lines: items[1].line,
                                            characters: items[1].character, aliasBudget: budget),
                  section.aliasNodes == 0, section.entries.count == 1, section.entries[0].key == key,
                  case .sequence(let first) = section.entries[0].value.content, first.count == 1,
                  Self.starts(first[0], in: 0, of: items, sectionLine: origin.line, lines: lines) else { return nil }
            head = (section.entries[0].keyLocation, section.entries[0].value.location, section.root)
            nodes.append(first[0])
        }
        for new in 1..<max(prefix, 1) { nodes.append(moved(new, to: new)) }
        let middle = max(prefix, 1)..<(items.count - suffix)
        if !middle.isEmpty {
            var reader = YAMLReader(file: file)
            reader.origin = (origin.line + items[middle.lowerBound].line, origin.character + items[middle.lowerBound].character)
            let chunk = (range.lowerBound + items[middle.lowerBound].range.lowerBound)..<(range.lowerBound + items[middle.upperBound - 1].range.upperBound)
            // The items' list sits in the file's top-level map: one level the depth limit counts in a whole read.
            let builder = bytes.withUnsafeBufferPointer { buffer in
                reader.build(UnsafeBufferPointer(rebasing: buffer[chunk]), pipelineFrom: YAMLReader.pipelineStart, aliasBudget: budget, outerDepth: 1)
            }
            guard builder.diagnostics.diagnostics.isEmpty, !builder.marks.start, !builder.marks.directives, !builder.marks.end,
                  builder.aliasNodes == 0, let list = builder.root, case .sequence(let read) = list.content, read.count == middle.count,
                  zip(read, middle).allSatisfy({ Self.starts($0, in: $1, of: items, sectionLine: origin.line, lines: lines) }) else { return nil }
            nodes += read
        }
        for new in (items.count - suffix)..<items.count { nodes.append(moved(oldItems.count - items.count + new, to: new)) }
        let entry = YAMLEntry(key: key, keyLocation: head.key, value: YAMLNode(.sequence(nodes), at: head.list))
        return Section(range: range, line: origin.line, character: origin.character, lines: lines, characters: characters, entries: [entry],
                       root: head.root, aliasNodes: 0, items: items)
    }
}

private extension YAMLIncrementalReader {
    /// Whether `node` starts on a line of item `index` of `items`, in a section starting at the 0-based `sectionLine` with `lines` line feeds.
    static func starts(_ node: YAMLNode, in index: Int, of items: [ListItem], sectionLine: Int, lines: Int) -> Bool {
        let line = node.location.line - 1 - sectionLine
        let end = index + 1 < items.count ? items[index + 1].line : lines + 1
        return line >= items[index].line && line < end
    }

    /// The bytes of item `index` of `items` in a section at `section`, as compared: the first with the lines before it.
    static func text(of index: Int, in items: [ListItem], at section: Range<Int>) -> Range<Int> {
        (section.lowerBound + (index == 0 ? 0 : items[index].range.lowerBound))..<(section.lowerBound + items[index].range.upperBound)
    }

    /// Whether `first[firstRange]` and `second[secondRange]` are the same bytes.
    static func equal(_ first: [UInt8], _ firstRange: Range<Int>, _ second: [UInt8], _ secondRange: Range<Int>) -> Bool {
        guard firstRange.count == secondRange.count else { return false }
        guard !firstRange.isEmpty else { return true }
        return first.withUnsafeBufferPointer { one in
            second.withUnsafeBufferPointer { other in
                memcmp(one.baseAddress! + firstRange.lowerBound, other.baseAddress! + secondRange.lowerBound, firstRange.count) == 0
            }
        }
    }
}
