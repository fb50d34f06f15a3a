import Synchronization

/// A number for each distinct key text, the same everywhere in the process: a record's schema and a
/// tag's name hold their keys' numbers, so the renderer finds a record's slot by comparing integers,
/// never hashing or comparing strings.
///
/// The table only grows: it holds each key text once, and there are as many as templates and schemas
/// ever name (a few hundred, even over a long `feedsite serve`).
enum TemplateKey {
    private static let table = Mutex<[String: Int]>([:])

    /// The number of `key`, the same for equal texts.
    static func id(of key: String) -> Int {
        table.withLock { table in
            if let id = table[key] { return id }
            let id = table.count
            table[key] = id
            return id
        }
    }
}
