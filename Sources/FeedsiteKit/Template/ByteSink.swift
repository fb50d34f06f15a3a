/// Where escaped bytes go: an array, or the renderer's own buffer (`TemplateOutput`).
protocol ByteSink {
    /// Appends `bytes` as they are.
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}
