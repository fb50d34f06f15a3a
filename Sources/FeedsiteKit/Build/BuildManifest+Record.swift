/// Telling from a manifest's text, without parsing it, that it records another build.
extension BuildManifest {
    /// Whether `bytes` may be a complete manifest whose record holds `fingerprint`: false only when
    /// they do not start with the complete header or hold no line `record FINGERPRINT ` with the
    /// fingerprint as feedsite writes it (lower-case hex), and then parsing them would not give a
    /// record of `fingerprint` either (a hand-written upper-case one is taken for another).
    static func mayRecord(_ fingerprint: UInt64, in bytes: [UInt8]) -> Bool {
        let header = "feedsite-manifest 3 complete\n".utf8
        guard bytes.starts(with: header) else { return false }
        let line = Array("\nrecord \(String(fingerprint, radix: 16)) ".utf8)
        return bytes.withUnsafeBufferPointer { bytes in
            // From the header's own line break: the record is the next line in every manifest feedsite writes.
            var index = header.count - 1
            while index + line.count <= bytes.count {
                if bytes[index] == line[0], line.indices.allSatisfy({ bytes[index + $0] == line[$0] }) { return true }
                index += 1
            }
            return false
        }
    }
}
