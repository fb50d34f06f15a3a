/// An ordered list of options (site, account or `compose` options) with what is derived from it
/// once: the keys, the slot of each key, and the record schema that holds one value per option.
struct OptionTable: Sendable {
    /// The options, in the order the README lists them and "accepts: …" hints name them.
    let options: [ConfigOption]
    /// The keys, in order.
    let keys: [String]
    /// The schema of a record holding one value per option (null: unset).
    let schema: TemplateRecord.Schema
    /// The position of each key.
    let slots: [String: Int]

    /// Makes a table; keys must be unique.
    init(_ options: [ConfigOption]) {
        self.options = options
        keys = options.map(\.key)
        schema = TemplateRecord.Schema(keys)
        slots = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }
}

extension OptionTable {
    /// The position of `key`, which must be one of the table's keys.
    func slot(_ key: String) -> Int {
        guard let slot = slots[key] else { preconditionFailure("'\(key)' is not an option of this table") }
        return slot
    }

    /// One null (unset) value per option.
    var unset: [TemplateValue] {
        Array(repeating: .null, count: options.count)
    }

    /// Each option's built-in value (null where it has none).
    var builtInValues: [TemplateValue] {
        options.map(\.builtInValue)
    }

    /// Fills what is unset in `values` from `base`; options that merge key by key combine maps and records.
    func merge(_ values: inout [TemplateValue], over base: [TemplateValue]) {
        for slot in values.indices {
            switch (values[slot], base[slot]) {
            case (_, .null):
                break
            case (.null, let value):
                values[slot] = value
            case (.map(let own), .map(let shared)) where options[slot].merge == .keyByKey:
                values[slot] = .map(shared.merging(own) { _, own in own })
            case (.record(let own), .record(let shared)) where options[slot].merge == .keyByKey:
                // The options of a nested table (`compose`'s) each replace; none merges deeper.
                values[slot] = .record(TemplateRecord(own.schema, zip(own.values, shared.values).map { $0 == .null ? $1 : $0 }))
            default:
                break
            }
        }
    }

    /// Every context field, with the slot of the option it comes from, in table order.
    var contextFields: [(slot: Int, field: ContextField)] {
        options.indices.flatMap { slot in options[slot].context.map { (slot, $0) } }
    }
}
