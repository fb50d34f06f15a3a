/// What a build is made from, as the up-to-date check and the summary cache compare it: a hash of
/// everything but the snapshots (the binary, site.yml, templates, data, static files, media copies),
/// and each snapshot's stamp. A fetch changes only the snapshots, so a build after it can tell which.
struct BuildInputs: Equatable, Sendable {
    /// The hash of every input but the snapshots.
    let base: UInt64
    /// The snapshots' file names (sorted) with their stamps.
    let snapshots: [(name: String, stamp: BuildManifest.Stamp)]

    static func == (left: BuildInputs, right: BuildInputs) -> Bool {
        left.base == right.base && left.snapshots.elementsEqual(right.snapshots) { $0.name == $1.name && $0.stamp == $1.stamp }
    }
}

extension BuildInputs {
    /// The hash of all of it: the fingerprint the manifest records.
    var fingerprint: UInt64 {
        var hash = Hasher64()
        hash.add(Array(String(base, radix: 16).utf8))
        var line: [UInt8] = []
        for (name, stamp) in snapshots {
            // The same bytes as "\(name) \(size) \(seconds).\(nanoseconds) \(inode)", without a String a snapshot
            // (perf, Benchmarks/one_change.py: 1.2% -> 0.5% of the build's CPU).
            line.removeAll(keepingCapacity: true)
            line += name.utf8
            line.append(0x20)
            stamp.appendText(to: &line)
            hash.add(line)
        }
        return hash.value
    }
}
