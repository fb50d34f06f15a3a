/// How often each parameter name occurs in one query. The names of a real query are a handful, and
/// searching them in order costs less than hashing; past `searchedInOrder` names a dictionary takes
/// over, so a query with 300,000 names is still counted in linear time.
struct ParameterNameCounts {
    /// Each name once, in the order it first occurs.
    private var names: [String] = []
    /// How often each of `names` occurs.
    private var counts: [Int] = []
    /// Where each name stands in `names`, once there are more than `searchedInOrder`.
    private var positions: [String: Int] = [:]
    /// Whether some name occurs more than once.
    private var anyRepeated = false
}

extension ParameterNameCounts {
    /// Up to this many names are searched in order.
    static var searchedInOrder: Int { 16 }

    /// Counts one occurrence of `name`.
    mutating func count(_ name: String) {
        if let index = positions.isEmpty ? names.firstIndex(of: name) : positions[name] {
            counts[index] += 1
            anyRepeated = true
            return
        }
        names.append(name)
        counts.append(1)
        if names.count > Self.searchedInOrder {
            if positions.isEmpty {
                for (index, known) in names.enumerated() { positions[known] = index }
            } else {
                positions[name] = names.count - 1
            }
        }
    }

    /// The names given more than once, with how often, in the order they first occur.
    var repeated: [(name: String, count: Int)] {
        guard anyRepeated else { return [] }
        return zip(names, counts).filter { $0.1 > 1 }.map { (name: $0.0, count: $0.1) }
    }
}
