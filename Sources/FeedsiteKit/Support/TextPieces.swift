/// A text put together from runs of one source String and a few other characters between them, made
/// into one String at the end without validating UTF-8 that the source String already holds valid.
///
/// A text that is one run is a copy of that slice of the source. While the pieces are long (on average
/// `minimumRun` bytes or more, counted from the `decidingPieces`th on) the text is built from slices of
/// the source, which Swift copies without validating them again; once they are shorter it goes on as
/// bytes, validated once at the end. Appending a piece to a String costs about what validating 45 bytes
/// does (callgrind, a stand-alone test: 1.8 KB of accented text in 30 runs, 28.6 K instructions
/// appended, 25.2 K as bytes, 1.5 K as one slice), so short pieces cost at most about 1.5 times what
/// bytes would. Either way the String is the same.
struct TextPieces {
    /// Where the runs come from, and its UTF-8.
    let source: String
    let sourceBytes: UnsafeBufferPointer<UInt8>
    /// The text so far while it is built as a String, and as bytes once it is not.
    private var text = ""
    private var bytes: [UInt8] = []
    private var usesBytes = false
    /// The text so far when it is one run not copied yet.
    private var single: Range<Int>?
    private var pieces = 0
    private var count = 0

    /// The average piece, in bytes, below which a text goes on as bytes, and how many pieces it takes
    /// to tell (a short run of markup between long texts is no reason to turn).
    static let minimumRun = 32
    static let decidingPieces = 16

    /// Pieces of runs of `source`, whose UTF-8 is `sourceBytes`.
    init(source: String, sourceBytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.sourceBytes = sourceBytes
    }
}

extension TextPieces {
    var isEmpty: Bool { count == 0 }

    /// Appends the source's bytes `range`, which start and end between characters.
    mutating func appendRun(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if pieces == 0 {
            single = range
        } else {
            materialize()
            if usesBytes {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: sourceBytes[range]))
            } else {
                text.append(contentsOf: source.slice(utf8: range))
            }
        }
        pieces += 1
        count += range.count
    }

    /// Appends `scalar`.
    mutating func append(_ scalar: Unicode.Scalar) {
        materialize()
        if usesBytes {
            if scalar.isASCII { bytes.append(UInt8(scalar.value)) } else { bytes.append(contentsOf: UTF8.encode(scalar)!) }
        } else {
            text.unicodeScalars.append(scalar)
        }
        pieces += 1
        count += UTF8.width(scalar)
    }

    /// Appends `string`.
    mutating func append(_ string: String) {
        materialize()
        if usesBytes { bytes.append(contentsOf: string.utf8) } else { text.append(string) }
        pieces += 1
        count += string.utf8.count
    }

    /// The text, leaving the pieces empty.
    mutating func take() -> String {
        let result: String
        if let single {
            result = single == 0..<sourceBytes.count ? source : String(source.slice(utf8: single))
        } else {
            result = usesBytes ? String(decoding: bytes, as: UTF8.self) : text
        }
        text = ""
        bytes.removeAll(keepingCapacity: true)
        (usesBytes, single, pieces, count) = (false, nil, 0, 0)
        return result
    }
}

private extension TextPieces {
    /// Copies a single run not copied yet, and turns to bytes when the runs have grown short.
    mutating func materialize() {
        if let range = single {
            single = nil
            text.append(contentsOf: source.slice(utf8: range))
        }
        if !usesBytes, pieces >= Self.decidingPieces, count < pieces * Self.minimumRun {
            usesBytes = true
            bytes = Array(text.utf8)
            text = ""
        }
    }
}
