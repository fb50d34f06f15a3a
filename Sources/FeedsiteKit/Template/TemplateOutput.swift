/// The bytes one render writes, in a buffer the renderer grows itself: appending a run is a capacity check
/// and a copy, where appending to an array also checked each time that the array was not shared (callgrind,
/// clean build of Benchmarks/posts.py 1000: rendering the account pages 452.5 M -> 438.3 M instructions).
///
/// It owns its memory and is copied only to be put back (a helper's section renders into one of its own):
/// whoever makes one calls `free()` once, when done with it.
struct TemplateOutput {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
}

extension TemplateOutput {
    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        let capacity = max(capacity, 64)
        start = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// The bytes written so far, valid until the next append or `free()`.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start, count: count)
    }

    /// The bytes written so far, as an array of their own.
    var array: [UInt8] {
        Array(bytes)
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if count + length > capacity { grow(toHold: count + length) }
        if length <= 16 {
            Self.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(start + count), shortCount: length)
        } else {
            (start + count).initialize(from: source, count: length)
        }
        count += length
    }

    /// Gives the memory back; the buffer is not used after.
    func free() {
        start.deallocate()
    }
}

extension TemplateOutput: ByteSink {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }
}

private extension TemplateOutput {
    /// Copies 1 to 16 bytes as two loads and two stores that may overlap, without a call: most runs a page appends
    /// are that short (callgrind, clean build of Benchmarks/posts.py 1000: rendering the account pages 438.3 M -> 433.7 M).
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, shortCount count: Int) {
        if count >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            // One to three bytes: the first, the middle and the last (some the same).
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: count / 2, as: UInt8.self), toByteOffset: count / 2, as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: count - 1, as: UInt8.self), toByteOffset: count - 1, as: UInt8.self)
        }
    }

    mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }
}
