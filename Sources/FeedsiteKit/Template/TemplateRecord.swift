/// A map whose keys are fixed in advance: the values of one record, in the order of its schema's keys.
///
/// It renders exactly like `TemplateValue.map` with the same entries, but a lookup compares a
/// precomputed key hash against a short array instead of hashing the key, which matters for data
/// made thousands of times with the same shape (the build's page contexts).
package struct TemplateRecord: Sendable, Hashable {
    /// The keys every record of one shape has.
    package let schema: Schema
    /// The values, `values[i]` belonging to `schema.keys[i]`.
    package let values: [TemplateValue]

    /// Creates a record; `values` must have one value per key of `schema`.
    package init(_ schema: Schema, _ values: [TemplateValue]) {
        precondition(values.count == schema.keys.count, "a record needs one value per key of its schema")
        self.schema = schema
        self.values = values
    }

    /// The keys of a kind of record, made once and shared by all records of that kind.
    package final class Schema: Sendable, Hashable {
        /// The keys, without duplicates.
        package let keys: [String]
        /// Each key's `TemplateKey` number.
        let ids: [Int]
        /// An open-addressing table from a key number to its slot (-1: empty), a power of two at least twice the keys.
        let table: [Int32]

        /// Creates a schema; keys must be unique.
        package init(_ keys: [String]) {
            precondition(Set(keys).count == keys.count, "a record's keys must be unique")
            self.keys = keys
            let ids = keys.map(TemplateKey.id(of:))
            self.ids = ids
            var size = 8
            while size < ids.count * 2 { size *= 2 }
            var table = [Int32](repeating: -1, count: size)
            for (slot, id) in ids.enumerated() {
                var index = Self.start(of: id, size: size)
                while table[index] >= 0 { index = (index + 1) & (size - 1) }
                table[index] = Int32(slot)
            }
            self.table = table
        }

        // Key numbers found through a table, not a hash of the name and a walk over the keys (callgrind,
        // generate_site.py 1000: render lookups 50M -> 20M instructions with precomputed hashes; the table,
        // on the posts benchmark's account template: 80.4 M -> 79.3 M for 200 pages).
        /// The position of the key whose `TemplateKey` number is `id`.
        @inline(__always)
        func slot(of id: Int) -> Int? {
            let mask = table.count - 1
            var index = Self.start(of: id, size: table.count)
            while true {
                let slot = Int(table[index])
                if slot < 0 { return nil }
                if ids[slot] == id { return slot }
                index = (index + 1) & mask
            }
        }

        /// Where the search for `id` starts in a table of `size` entries (Fibonacci hashing of the number).
        @inline(__always)
        static func start(of id: Int, size: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - size.trailingZeroBitCount))
        }

        package static func == (lhs: Schema, rhs: Schema) -> Bool {
            lhs === rhs || lhs.keys == rhs.keys
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(keys)
        }
    }
}

extension TemplateRecord {
    /// The value of `key`, or nil when the schema has no such key.
    package subscript(key: String) -> TemplateValue? {
        schema.keys.firstIndex(of: key).map { values[$0] }
    }

    /// The value of the key whose `TemplateKey` number is `id` (the renderer's fast path).
    @inline(__always)
    func value(of id: Int) -> TemplateValue? {
        schema.slot(of: id).map { values[$0] }
    }

    /// The same entries as a dictionary.
    package var entries: [String: TemplateValue] {
        Dictionary(uniqueKeysWithValues: zip(schema.keys, values))
    }
}
