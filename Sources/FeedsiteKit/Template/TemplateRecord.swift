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
        let hashes: [Int]

        /// Creates a schema; keys must be unique.
        package init(_ keys: [String]) {
            precondition(Set(keys).count == keys.count, "a record's keys must be unique")
            self.keys = keys
            hashes = keys.map(\.hashValue)
        }

        // Precomputed hashes, not hashing the name (callgrind, generate_site.py 1000: render lookups 50M -> 20M instructions).
        /// The position of `key`, whose `hashValue` is `hash`.
        @inline(__always)
        func slot(of key: String, hash: Int) -> Int? {
            var index = 0
            while index < hashes.count {
                if hashes[index] == hash, keys[index] == key { return index }
                index += 1
            }
            return nil
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
        value(of: key, hash: key.hashValue)
    }

    /// The value of `key` given its precomputed `hashValue` (the renderer's fast path).
    @inline(__always)
    func value(of key: String, hash: Int) -> TemplateValue? {
        schema.slot(of: key, hash: hash).map { values[$0] }
    }

    /// The same entries as a dictionary.
    package var entries: [String: TemplateValue] {
        Dictionary(uniqueKeysWithValues: zip(schema.keys, values))
    }
}
