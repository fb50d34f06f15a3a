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

        /// Creates a schema; keys must be unique.
        package init(_ keys: [String]) {
            precondition(Set(keys).count == keys.count, "a record's keys must be unique")
            self.keys = keys
            ids = keys.map(TemplateKey.id(of:))
        }

        // Key numbers, not hashes and string comparisons (callgrind, generate_site.py 1000: render lookups 50M -> 20M
        // instructions with precomputed hashes; numbers, the posts benchmark's account template, 200 pages: 94.0 M -> 90.0 M).
        /// The position of the key whose `TemplateKey` number is `id`.
        @inline(__always)
        func slot(of id: Int) -> Int? {
            var index = 0
            while index < ids.count {
                if ids[index] == id { return index }
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
