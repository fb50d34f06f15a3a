/// A text put together from runs of one source String's UTF-8 and a few other characters between them,
/// made into one String at the end without validating its UTF-8 again: the runs start and end between
/// characters of a valid String, and the rest are whole characters, so the bytes are valid UTF-8 by
/// construction (`String(knownValidUTF8:)`).
///
/// A text that is one run is that slice of the source (the source itself when it covers it). Otherwise
/// the pieces are gathered as bytes: appending slices to a String costs about 450 instructions a piece
/// and validating bytes about 10 a byte (callgrind, a stand-alone test: 1.8 KB of accented text in 30
/// runs, 28.6 K instructions appended as slices, 25.2 K as bytes validated once, 1.5 K as one slice).
/// Callgrind, `feedsite-bench parse` on ten of Benchmarks/parse.py's feeds: `XMLByteReader.read` 54.1 K
/// -> 37.3 K instructions a post.
struct TextPieces {
    /// Where the runs come from, and its UTF-8.
    let source: String
    let sourceBytes: UnsafeBufferPointer<UInt8>
    /// The text so far once it is more than one run.
    private var bytes: [UInt8] = []
    /// The text so far when it is one run not copied yet.
    private var single: Range<Int>?

    /// Pieces of runs of `source`, whose UTF-8 is `sourceBytes`.
    init(source: String, sourceBytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.sourceBytes = sourceBytes
    }
}

extension TextPieces {
    var isEmpty: Bool { single == nil && bytes.isEmpty }

    /// Appends the source's bytes `range`, which start and end between characters.
    mutating func appendRun(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if isEmpty {
            single = range
        } else {
            materialize()
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: sourceBytes[range]))
        }
    }

    /// Appends `scalar`.
    mutating func append(_ scalar: Unicode.Scalar) {
        materialize()
        if scalar.isASCII { bytes.append(UInt8(scalar.value)) } else { bytes.append(contentsOf: UTF8.encode(scalar)!) }
    }

    /// Appends `byte`, one of a String's UTF-8 bytes appended in order (the rest of its character follows).
    mutating func appendByte(_ byte: UInt8) {
        materialize()
        bytes.append(byte)
    }

    /// Appends `string`.
    mutating func append(_ string: String) {
        materialize()
        bytes.append(contentsOf: string.utf8)
    }

    /// The text, leaving the pieces empty.
    mutating func take() -> String {
        let result: String
        if let single {
            result = single == 0..<sourceBytes.count ? source : String(knownValidUTF8: UnsafeBufferPointer(rebasing: sourceBytes[single]))
            self.single = nil
        } else {
            result = bytes.withUnsafeBufferPointer { String(knownValidUTF8: $0) }
            bytes.removeAll(keepingCapacity: true)
        }
        return result
    }
}

private extension TextPieces {
    /// Copies a single run not copied yet.
    mutating func materialize() {
        guard let range = single else { return }
        single = nil
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: sourceBytes[range]))
    }
}
