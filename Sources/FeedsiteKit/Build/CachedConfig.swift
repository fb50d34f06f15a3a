/// The decoded site.yml a clean build keeps in its summary cache, so that the next build, finding the
/// same inputs but for some snapshots, takes it instead of decoding site.yml's 10,000 accounts again.
/// The cache's `BuildInputs.base` covers what it was decoded from (site.yml's bytes, the binary and
/// with it the option table, a `--base-url`); `Key` adds what the decoding took from the command line.
/// Any other difference, a damaged file or a value out of range makes the build decode site.yml, so
/// every message stays the decoder's.
struct CachedConfig: Sendable {
    /// What a config was decoded with besides site.yml's bytes: the path as given (messages name it),
    /// the folder relative paths resolve against, and the output folder chosen on the command line.
    struct Key: Sendable, Equatable {
        var configPath: String
        var siteFolder: String
        var output: String?
    }

    let key: Key
    let config: SiteConfig
}

extension CachedConfig {
    /// Writes the key, then the config's options, the locations of its keys and its accounts.
    func write(to out: inout BinaryWriter) {
        out.add(key.configPath)
        out.add(key.siteFolder)
        out.add(key.output)
        var values = ValueWriter()
        values.add(config.options)
        values.out.add(config.locations.count)
        for (name, location) in config.locations.sorted(by: { $0.key < $1.key }) {
            values.out.add(name)
            values.add(location, configPath: key.configPath)
        }
        values.out.add(config.accounts.count)
        for account in config.accounts {
            values.add(account.options)
            values.add(account.location, configPath: key.configPath)
        }
        // The records' schemas first, so that each record is an index into them.
        out.add(values.schemas.count)
        for schema in values.schemas {
            out.add(schema.keys.count)
            for name in schema.keys { out.add(name) }
        }
        out.add(encoded: values.out.bytes[...])
    }

    /// Whether the decoder would take the config today as it did: it looks beyond site.yml's bytes only at
    /// the snapshots folder (not the home folder, not a file), so that is looked at again.
    var holdsToday: Bool {
        let folders = config.folders
        if config.locations["snapshots"] != nil,
           SiteFolders.snapshotsProblem(folders.snapshots, siteFolder: folders.site, templates: folders.templates, output: folders.output) != nil {
            return false
        }
        return SiteFolders.fileInsteadOfFolder(folders.snapshots) == nil
    }

    /// Only the key, from the start of what `write(to:)` wrote.
    static func key(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Key {
        Key(configPath: try reader.string(), siteFolder: try reader.string(), output: try reader.optionalString())
    }

    /// Reads what `write(to:)` wrote; throws at anything it would not have written, and at an account whose
    /// handle the decoder would refuse (its folder name is a path the build writes: none may leave the output).
    static func read(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> CachedConfig {
        let key = try key(&reader)
        var values = ValueReader(configPath: key.configPath)
        let schemaCount = try reader.count(upTo: reader.bytes.count - reader.offset)
        for _ in 0..<schemaCount {
            var keys: [String] = []
            for _ in 0..<(try reader.count(upTo: reader.bytes.count - reader.offset)) { keys.append(try reader.string()) }
            values.schemas.append(try ValueReader.schema(keys))
        }
        let options = try values.record(&reader)
        guard options.schema.keys == OptionTable.site.keys, OptionTypes.site.admits(options.values) else { throw BinaryReader.Malformed() }
        var locations: [String: SourceLocation] = [:]
        for _ in 0..<(try reader.count(upTo: reader.bytes.count - reader.offset)) {
            let name = try reader.string()
            locations[name] = try values.location(&reader)
        }
        let accountCount = try reader.count(upTo: (reader.bytes.count - reader.offset) / 8)
        var accounts: [Account] = []
        accounts.reserveCapacity(accountCount)
        for _ in 0..<accountCount {
            let record = try values.record(&reader)
            guard record.schema.keys == OptionTable.account.keys, OptionTypes.account.admits(record.values) else { throw BinaryReader.Malformed() }
            let account = Account(options: record.values, location: try values.location(&reader))
            guard !account.handle.isEmpty, account.network.handleProblem(in: account.handle) == nil else { throw BinaryReader.Malformed() }
            accounts.append(account)
        }
        let config = SiteConfig(options: options, accounts: accounts, configPath: key.configPath, siteFolder: key.siteFolder,
                                locations: locations)
        return CachedConfig(key: key, config: config)
    }
}

/// Writes template values: a tag byte, then the value; a record as the index of its schema.
private struct ValueWriter {
    var out = BinaryWriter()
    var schemas: [TemplateRecord.Schema] = []
    var schemaIndex: [ObjectIdentifier: Int] = [:]

    mutating func add(_ record: TemplateRecord) {
        let id = ObjectIdentifier(record.schema)
        let index = schemaIndex[id] ?? schemas.count
        if index == schemas.count {
            schemas.append(record.schema)
            schemaIndex[id] = index
        }
        out.add(index)
        for value in record.values { add(value) }
    }

    mutating func add(_ value: TemplateValue) {
        switch value {
        case .null: out.add(UInt8(0))
        case .bool(let flag):
            out.add(UInt8(1))
            out.add(flag)
        case .int(let number):
            out.add(UInt8(2))
            out.add(number)
        case .double(let number):
            out.add(UInt8(3))
            out.add(number.bitPattern)
        case .string(let text):
            out.add(UInt8(4))
            out.add(text)
        case .list(let items):
            out.add(UInt8(5))
            out.add(items.count)
            for item in items { add(item) }
        case .map(let entries):
            out.add(UInt8(6))
            out.add(entries.count)
            for (name, item) in entries.sorted(by: { $0.key < $1.key }) {
                out.add(name)
                add(item)
            }
        case .record(let record):
            out.add(UInt8(7))
            add(record)
        }
    }

    /// A location; its file only when it is not site.yml's path.
    mutating func add(_ location: SourceLocation, configPath: String) {
        out.add(location.file == configPath ? nil : location.file)
        out.add(location.line)
        out.add(location.column)
    }
}

/// Reads what `ValueWriter` wrote, nested no deeper than site.yml's tree can be.
private struct ValueReader {
    let configPath: String
    var schemas: [TemplateRecord.Schema] = []

    init(configPath: String) {
        self.configPath = configPath
    }

    /// The option tables' own schemas where the keys are theirs (records compare them by identity first).
    static func schema(_ keys: [String]) throws(BinaryReader.Malformed) -> TemplateRecord.Schema {
        for table in [OptionTable.site, OptionTable.account, OptionTable.compose] where table.keys == keys { return table.schema }
        guard Set(keys).count == keys.count else { throw BinaryReader.Malformed() }
        return TemplateRecord.Schema(keys)
    }

    func record(_ reader: inout BinaryReader, depth: Int = 0) throws(BinaryReader.Malformed) -> TemplateRecord {
        guard depth < YAMLTreeBuilder.maximumDepth + 2, !schemas.isEmpty else { throw BinaryReader.Malformed() }
        let schema = schemas[try reader.count(upTo: schemas.count - 1)]
        var values: [TemplateValue] = []
        values.reserveCapacity(schema.keys.count)
        for _ in schema.keys { values.append(try value(&reader, depth: depth + 1)) }
        return TemplateRecord(schema, values)
    }

    func value(_ reader: inout BinaryReader, depth: Int) throws(BinaryReader.Malformed) -> TemplateValue {
        guard depth < YAMLTreeBuilder.maximumDepth + 2 else { throw BinaryReader.Malformed() }
        switch try reader.byte() {
        case 0: return .null
        case 1: return .bool(try reader.bool())
        case 2: return .int(try reader.int())
        case 3: return .double(Double(bitPattern: try reader.uint64()))
        case 4: return .string(try reader.string())
        case 5:
            let count = try reader.count(upTo: reader.bytes.count - reader.offset)
            var items: [TemplateValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try value(&reader, depth: depth + 1)) }
            return .list(items)
        case 6:
            var entries: [String: TemplateValue] = [:]
            for _ in 0..<(try reader.count(upTo: reader.bytes.count - reader.offset)) {
                let name = try reader.string()
                entries[name] = try value(&reader, depth: depth + 1)
            }
            return .map(entries)
        case 7: return .record(try record(&reader, depth: depth + 1))
        default: throw BinaryReader.Malformed()
        }
    }

    func location(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> SourceLocation {
        let file = try reader.optionalString() ?? configPath
        return SourceLocation(file: file, line: try reader.count(upTo: Int(Int32.max)), column: try reader.count(upTo: Int(Int32.max)))
    }
}

/// The types of an option table's options, in its order, read by index: checking 10,000 accounts went through a copy of
/// each `ConfigOption` (callgrind, Benchmarks/one_change.py 10000, one incremental build: 162.7 M -> 60.4 M instructions).
private struct OptionTypes {
    let types: [OptionType]

    static let site = OptionTypes(OptionTable.site)
    static let account = OptionTypes(OptionTable.account)
    static let compose = OptionTypes(OptionTable.compose)

    init(_ table: OptionTable) {
        types = table.options.map(\.type)
    }

    /// The types of `table`: made once for the three tables of site.yml.
    static func of(_ table: OptionTable) -> OptionTypes {
        if table.schema === OptionTable.compose.schema { return compose }
        if table.schema === OptionTable.account.schema { return account }
        if table.schema === OptionTable.site.schema { return site }
        return OptionTypes(table)
    }

    /// Whether `values` has one value per option, each unset or of its option's type and in its range: what
    /// the build converts without asking again (a count to an `Int`, a divisor, a record read by slot).
    func admits(_ values: [TemplateValue]) -> Bool {
        guard values.count == types.count else { return false }
        for index in types.indices {
            if case .null = values[index] { continue }
            guard types[index].admits(values[index]) else { return false }
        }
        return true
    }
}

private extension OptionType {
    /// Whether `value` has this type's shape and lies in its range (texts are not parsed again: they are
    /// escaped where they are shown, and the handle, which names a folder, is checked by the reader).
    func admits(_ value: TemplateValue) -> Bool {
        if case .null = value { return true }
        switch self {
        case .integer(let range, _):
            guard let number = value.numberValue, number.isFinite, number.rounded() == number else { return false }
            return Double(range.lowerBound) <= number && number <= Double(range.upperBound)
        case .number(let range, _):
            return value.numberValue.map { $0.isFinite && range.contains($0) } ?? false
        case .bool:
            if case .bool = value { return true }
            return false
        case .choice(let names):
            return value.stringValue.map(names.contains) ?? false
        case .list(let item, _):
            guard case .list(let items) = value else { return false }
            return items.allSatisfy(item.admits)
        case .freeForm:
            return true
        case .options(let table):
            guard case .record(let record) = value, record.schema.keys == table.keys else { return false }
            return OptionTypes.of(table).admits(record.values)
        case .postID:
            switch value {
            case .string, .int: return true
            default: return false
            }
        default:
            if case .string = value { return true }
            return false
        }
    }
}
