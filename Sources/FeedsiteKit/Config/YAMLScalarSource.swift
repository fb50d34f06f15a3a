/// The source text of one scalar, read again the way libyaml read it (escapes, `''`, line folding,
/// block indentation and chomping) to find which character of the file made a given character of
/// the value. Only a diagnostic needs that, so it reads one scalar, once, in time linear in its length.
struct YAMLScalarSource {
    /// The file's bytes (UTF-8).
    let bytes: [UInt8]
    /// How the scalar is written.
    let style: YAMLScalar.Style
    /// The value libyaml made of it: a block scalar's indentation is read off its first line.
    let value: String.UnicodeScalarView
}

extension YAMLScalarSource {
    /// The byte offset of the character of the file that made the value's Unicode scalar `target`
    /// (counted from 0), for a scalar whose node starts at byte `start`; nil when the text there does
    /// not read as such a scalar, or the value is shorter.
    func offset(ofScalar target: Int, from start: Int) -> Int? {
        var reading = Reading(bytes: bytes, target: target)
        guard let first = reading.skippingProperties(from: start) else { return nil }
        switch style {
        case .plain: return reading.plain(from: first)
        case .singleQuoted: return reading.quoted(from: first, double: false)
        case .doubleQuoted: return reading.quoted(from: first, double: true)
        case .literal, .folded: return reading.block(from: first, value: value)
        }
    }
}

/// One pass over a scalar's source, counting the characters of the value as libyaml makes them.
private struct Reading {
    let bytes: [UInt8]
    /// The value's character asked for.
    let target: Int
    /// How many characters of the value were made so far.
    var made = 0

    /// The byte at `index`; 0 past the end, as libyaml's buffer ends.
    subscript(index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// Counts one character of the value, made at `offset`; true when it is the one asked for.
    mutating func makes(at offset: Int) -> Bool {
        defer { made += 1 }
        return made == target
    }

    /// The offset of the scalar's first character (its quote or block indicator) after the anchor and
    /// tag that may stand before it, and the spaces, line breaks and comments after them.
    func skippingProperties(from start: Int) -> Int? {
        var index = start
        while self[index] == UInt8(ascii: "&") || self[index] == UInt8(ascii: "!") {
            while index < bytes.count, !isBlank(index), breakLength(at: index) == 0 { index += 1 }
            while true {
                if isBlank(index) {
                    index += 1
                } else if breakLength(at: index) > 0 {
                    index += breakLength(at: index)
                } else if self[index] == UInt8(ascii: "#") {
                    while index < bytes.count, breakLength(at: index) == 0 { index += 1 }
                } else {
                    break
                }
            }
        }
        return index < bytes.count ? index : nil
    }

    /// A plain scalar: text runs joined by the spaces between them, a single line break folded into a
    /// space, each further one (an empty line) kept; a line's leading and trailing spaces dropped.
    mutating func plain(from start: Int) -> Int? {
        var index = start
        var between = Between()
        while index < bytes.count {
            while index < bytes.count, !isBlank(index), breakLength(at: index) == 0 {
                if between.pending {
                    if let found = join(between) { return found }
                    between = Between()
                }
                if makes(at: index) { return index }
                index += characterLength(at: index)
            }
            collectBlanks(from: &index, into: &between)
            // A comment ends the scalar.
            if self[index] == UInt8(ascii: "#") { return nil }
        }
        return nil
    }

    /// A single- or double-quoted scalar: `''` is `'`; in double quotes each escape is one
    /// character, and a `\` before a line break joins the lines without a space. Lines fold as plain ones do.
    mutating func quoted(from start: Int, double: Bool) -> Int? {
        let quote = UInt8(ascii: double ? "\"" : "'")
        guard self[start] == quote else { return nil }
        var index = start + 1
        while index < bytes.count {
            var between = Between()
            while index < bytes.count, !isBlank(index), breakLength(at: index) == 0 {
                let byte = self[index]
                if !double, byte == quote, self[index + 1] == quote {
                    if makes(at: index) { return index }
                    index += 2
                } else if byte == quote {
                    return nil
                } else if double, byte == UInt8(ascii: "\\"), breakLength(at: index + 1) > 0 {
                    index += 1 + breakLength(at: index + 1)
                    between.afterBreak = true
                    break
                } else if double, byte == UInt8(ascii: "\\") {
                    if makes(at: index) { return index }
                    index += 2 + Self.escapeDigits(self[index + 1])
                } else {
                    if makes(at: index) { return index }
                    index += characterLength(at: index)
                }
            }
            collectBlanks(from: &index, into: &between)
            if let found = join(between) { return found }
        }
        return nil
    }

    /// A literal (`|`) or folded (`>`) block scalar: each line without its indentation; in a folded one
    /// a line break between two lines that do not start with a space becomes a space (or, before empty
    /// lines, nothing); the last line break and the empty lines after it as the chomping indicator says.
    mutating func block(from start: Int, value: String.UnicodeScalarView) -> Int? {
        let literal = self[start] == UInt8(ascii: "|")
        guard literal || self[start] == UInt8(ascii: ">") else { return nil }
        var index = start + 1
        var chomping = 0
        // The chomping and indentation indicators, in either order; the indentation is read off the value.
        for _ in 0..<2 {
            if self[index] == UInt8(ascii: "+") || self[index] == UInt8(ascii: "-") {
                chomping = self[index] == UInt8(ascii: "+") ? 1 : -1
                index += 1
            } else if self[index].isASCIIDigit {
                index += 1
            }
        }
        while isBlank(index) { index += 1 }
        if self[index] == UInt8(ascii: "#") {
            while index < bytes.count, breakLength(at: index) == 0 { index += 1 }
        }
        index += breakLength(at: index)
        guard let indent = indentation(from: index, value: value) else { return nil }

        var leadingBreak: Int?
        var emptyLines: [Int] = []
        var leadingBlank = false
        var column = skipIndentation(from: &index, indent: indent, emptyLines: &emptyLines)
        while index < bytes.count, column == indent {
            let trailingBlank = isBlank(index)
            if !literal, let lineEnd = leadingBreak, isNewline(at: lineEnd), !leadingBlank, !trailingBlank {
                if emptyLines.isEmpty, makes(at: lineEnd) { return lineEnd }
            } else if let lineEnd = leadingBreak, makes(at: lineEnd) {
                return lineEnd
            }
            for empty in emptyLines where makes(at: empty) { return empty }
            emptyLines = []
            leadingBlank = isBlank(index)
            while index < bytes.count, breakLength(at: index) == 0 {
                if makes(at: index) { return index }
                index += characterLength(at: index)
            }
            guard index < bytes.count else { return nil }
            leadingBreak = index
            index += breakLength(at: index)
            column = skipIndentation(from: &index, indent: indent, emptyLines: &emptyLines)
        }
        if chomping >= 0, let lineEnd = leadingBreak, makes(at: lineEnd) { return lineEnd }
        if chomping > 0 {
            for empty in emptyLines where makes(at: empty) { return empty }
        }
        return nil
    }
}

private extension Reading {
    /// What stands between two runs of a flow or plain scalar's text: spaces on one line, or a line
    /// break (nil after an escaped one) and the empty lines after it.
    struct Between {
        var spaces: [Int] = []
        var afterBreak = false
        var lineBreak: Int?
        var emptyLines: [Int] = []

        var pending: Bool { afterBreak || !spaces.isEmpty }
    }

    /// Skips the spaces and line breaks at `index`, noting them in `between`.
    func collectBlanks(from index: inout Int, into between: inout Between) {
        while isBlank(index) || breakLength(at: index) > 0 {
            if isBlank(index) {
                if !between.afterBreak { between.spaces.append(index) }
                index += 1
            } else {
                if between.afterBreak {
                    between.emptyLines.append(index)
                } else {
                    between.spaces = []
                    between.lineBreak = index
                    between.afterBreak = true
                }
                index += breakLength(at: index)
            }
        }
    }

    /// Counts what joins two runs of text: the spaces between them, or for a line break a space (when
    /// no empty line follows it) or one line break per empty line.
    mutating func join(_ between: Between) -> Int? {
        guard between.afterBreak else {
            for space in between.spaces where makes(at: space) { return space }
            return nil
        }
        if let lineBreak = between.lineBreak, isNewline(at: lineBreak) {
            if between.emptyLines.isEmpty { return makes(at: lineBreak) ? lineBreak : nil }
        } else if let lineBreak = between.lineBreak, makes(at: lineBreak) {
            return lineBreak
        }
        for empty in between.emptyLines where makes(at: empty) { return empty }
        return nil
    }

    /// The indentation of a block scalar whose content starts at `start`: the value starts with one
    /// line break per empty line, then the first line's spaces beyond the indentation.
    func indentation(from start: Int, value: String.UnicodeScalarView) -> Int? {
        var emptyLines = 0
        var extra = 0
        var scalars = value.makeIterator()
        var next = scalars.next()
        while let scalar = next, scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" {
            emptyLines += 1
            next = scalars.next()
        }
        while next == " " {
            extra += 1
            next = scalars.next()
        }
        guard next != nil || extra > 0 else { return nil }
        var index = start
        for _ in 0..<emptyLines {
            while self[index] == UInt8(ascii: " ") { index += 1 }
            guard breakLength(at: index) > 0 else { return nil }
            index += breakLength(at: index)
        }
        var spaces = 0
        while self[index] == UInt8(ascii: " ") {
            spaces += 1
            index += 1
        }
        return spaces - extra >= 1 ? spaces - extra : nil
    }

    /// Skips up to `indent` spaces of each line, noting each line that holds nothing more; returns how
    /// many spaces the first line with more had.
    func skipIndentation(from index: inout Int, indent: Int, emptyLines: inout [Int]) -> Int {
        while true {
            var column = 0
            while column < indent, self[index] == UInt8(ascii: " ") {
                column += 1
                index += 1
            }
            guard breakLength(at: index) > 0 else { return column }
            emptyLines.append(index)
            index += breakLength(at: index)
        }
    }

    func isBlank(_ index: Int) -> Bool {
        self[index] == UInt8(ascii: " ") || self[index] == UInt8(ascii: "\t")
    }

    /// The length in bytes of the line break at `index` (CR LF, CR, LF, NEL, LS or PS, as libyaml
    /// reads them); 0 when there is none.
    func breakLength(at index: Int) -> Int {
        switch self[index] {
        case 0x0D: self[index + 1] == 0x0A ? 2 : 1
        case 0x0A: 1
        case 0xC2: self[index + 1] == 0x85 ? 2 : 0
        case 0xE2: self[index + 1] == 0x80 && (self[index + 2] == 0xA8 || self[index + 2] == 0xA9) ? 3 : 0
        default: 0
        }
    }

    /// Whether the line break at `index` is one libyaml reads as `\n` (LS and PS it keeps as they are).
    func isNewline(at index: Int) -> Bool {
        self[index] != 0xE2
    }

    /// The length in bytes of the UTF-8 character at `index`.
    func characterLength(at index: Int) -> Int {
        switch self[index] {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// How many hex digits follow an escape's letter: `\xXX`, `\uXXXX`, `\UXXXXXXXX`.
    static func escapeDigits(_ letter: UInt8) -> Int {
        switch letter {
        case UInt8(ascii: "x"): 2
        case UInt8(ascii: "u"): 4
        case UInt8(ascii: "U"): 8
        default: 0
        }
    }
}
