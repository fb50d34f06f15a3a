/// The account options that say how its posts' images are shown and copied.
extension Account {
    /// `media:` (default `link`).
    package var mediaPolicy: MediaPolicy {
        options.values[Slot.media].stringValue.flatMap(MediaPolicy.init(rawValue:)) ?? .link
    }

    /// The most bytes of one copied image (`media_size_limit:` MiB, default 5).
    package var mediaSizeLimit: Int {
        Int(options.values[Slot.sizeLimit].numberValue ?? 5) << 20
    }

    /// The most bytes of the account's copied images together (`media_total_limit:` MiB, default 50).
    package var mediaTotalLimit: Int {
        Int(options.values[Slot.totalLimit].numberValue ?? 50) << 20
    }
}

private extension Account {
    enum Slot {
        static let media = OptionTable.account.slot("media")
        static let sizeLimit = OptionTable.account.slot("media_size_limit")
        static let totalLimit = OptionTable.account.slot("media_total_limit")
    }
}
