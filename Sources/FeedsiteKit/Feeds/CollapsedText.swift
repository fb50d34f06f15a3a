/// Text with every run of white space (space, tab, line feed, carriage return, form feed) made one
/// space, and none at either end, collapsed while it is appended: `PostText` appends the runs of a
/// post's HTML between its tags and references (found in the same pass), decoded references and
/// spaces, and gets what collapsing the joined text would give.
///
/// Its bytes are runs of a valid String cut between characters, ASCII and whole characters, so they are
/// valid UTF-8 by construction and made into the String without validating them again.
struct CollapsedText {
    /// The text so far, without the pending space.
    private var pieces: TextPieces
    /// Whether white space came after the text so far: one space before any more text.
    private var spacePending = false

    /// Runs of `source`, whose UTF-8 is `sourceBytes`.
    init(source: String, sourceBytes: UnsafeBufferPointer<UInt8>) {
        pieces = TextPieces(source: source, sourceBytes: sourceBytes)
    }
}

extension CollapsedText {
    /// Whether `byte` is white space that collapses.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    var isEmpty: Bool { pieces.isEmpty }

    /// Appends the source's bytes `range`, which start and end between characters.
    mutating func appendRun(_ range: Range<Int>) {
        _ = appendRun(from: range.lowerBound, to: range.upperBound, stoppingAtMarkup: false)
    }

    /// Appends the source's text from `start` up to the next `<` or `&` after it, or its end (the
    /// byte at `start` is text, whatever it is), and returns where it stopped.
    mutating func appendTextRun(from start: Int) -> Int {
        appendRun(from: start, to: pieces.sourceBytes.count, stoppingAtMarkup: true)
    }

    /// Appends `string` (a decoded reference, a space between blocks).
    mutating func append(_ string: String) {
        for byte in string.utf8 {
            if Self.isSpace(byte) {
                if !isEmpty { spacePending = true }
                continue
            }
            startMore()
            pieces.appendByte(byte)
        }
    }

    /// The text, leaving it empty.
    mutating func take() -> String {
        spacePending = false
        return pieces.take()
    }
}

private extension CollapsedText {
    /// Appends the source's bytes from `start` up to `end`, or to the first `<` or `&` after `start` when
    /// `stoppingAtMarkup`, and returns where it stopped. Words, and the single spaces between them, go a
    /// run at a time: up to white space other than one space before more text.
    @inline(__always)
    mutating func appendRun(from start: Int, to end: Int, stoppingAtMarkup: Bool) -> Int {
        let bytes = pieces.sourceBytes
        @inline(__always) func isText(_ byte: UInt8) -> Bool {
            byte > 0x20 ? !stoppingAtMarkup || (byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")) : !Self.isSpace(byte)
        }
        var index = start
        while index < end {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                if !isEmpty { spacePending = true }
                index += 1
                continue
            }
            if index > start, !isText(byte) { return index }
            var stop = index + 1
            while stop < end {
                let next = bytes[stop]
                if isText(next) {
                    stop += 1
                } else if next == 0x20, stop + 1 < end, isText(bytes[stop + 1]) {
                    stop += 2
                } else {
                    break
                }
            }
            appendWords(index..<stop)
            index = stop
        }
        return index
    }

    /// Appends the source's `range`, which starts and ends with a byte that is not white space.
    mutating func appendWords(_ range: Range<Int>) {
        startMore()
        pieces.appendRun(range)
    }

    /// Before more text: the pending space written.
    mutating func startMore() {
        if spacePending {
            pieces.appendByte(0x20)
            spacePending = false
        }
    }
}
