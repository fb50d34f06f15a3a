/// One account of the site, with every option resolved (defaults applied).
///
/// A class, not a struct: a site holds tens of thousands of accounts that are passed between
/// threads and lists, and a copy of a class reference is one retain instead of one per field.
package final class Account: Sendable {
    /// The handle without `@`: 1-15 of A-Z a-z 0-9 _.
    package let handle: String
    /// The display name (default: the handle).
    package let name: String
    /// Every option of `OptionTable.account`, `defaults` and built-in defaults applied; null where unset.
    package let options: TemplateRecord
    /// What the compose button pre-fills: the `compose` option with its defaults.
    package let compose: ComposeOptions
    /// Where the account's entry starts in site.yml.
    package let location: SourceLocation
    /// The folder name of the account's page: the handle in lower case. The three networks' handles
    /// never look alike (X's have neither `.` nor `@`, Bluesky's always a `.` and never `@`,
    /// Mastodon's always `@`), so accounts on different networks never share a folder.
    package let slug: String
    /// The network the account lives on (`network:`, default X).
    package let network: Network

    /// Makes the account from its options' values (in `OptionTable.account` order), whose handle is set.
    init(options values: [TemplateValue], location: SourceLocation) {
        var values = values
        let handle = values[Slot.handle].stringValue ?? ""
        if values[Slot.name] == .null { values[Slot.name] = .string(handle) }
        self.handle = handle
        name = values[Slot.name].stringValue ?? handle
        options = TemplateRecord(OptionTable.account.schema, values)
        compose = Self.compose(values[Slot.compose], handle: handle)
        self.location = location
        slug = handle.lowercased()
        network = values[Slot.network].stringValue.flatMap(Network.init(rawValue:)) ?? .x
    }

    /// `account` with its entry at `location` instead.
    private init(_ account: Account, location: SourceLocation) {
        handle = account.handle
        name = account.name
        options = account.options
        compose = account.compose
        self.location = location
        slug = account.slug
        network = account.network
    }
}

extension Account {
    /// The same account, its entry `lines` lines further down site.yml.
    func moved(byLines lines: Int) -> Account {
        guard lines != 0 else { return self }
        var location = location
        location.line += lines
        return Account(self, location: location)
    }
}

private extension Account {
    /// The positions of the options the account reads itself.
    enum Slot {
        static let handle = OptionTable.account.slot("handle")
        static let name = OptionTable.account.slot("name")
        static let network = OptionTable.account.slot("network")
        static let compose = OptionTable.account.slot("compose")
        static let text = OptionTable.compose.slot("text")
        static let url = OptionTable.compose.slot("url")
        static let hashtags = OptionTable.compose.slot("hashtags")
        static let via = OptionTable.compose.slot("via")
        static let related = OptionTable.compose.slot("related")
        static let inReplyTo = OptionTable.compose.slot("in_reply_to")
    }

    /// The compose options in `value` (a record of `OptionTable.compose`, or null), the text defaulting to "@handle ".
    static func compose(_ value: TemplateValue, handle: String) -> ComposeOptions {
        guard case .record(let record) = value else { return ComposeOptions(text: "@\(handle) ") }
        let values = record.values
        return ComposeOptions(text: values[Slot.text].stringValue ?? "@\(handle) ", url: values[Slot.url].stringValue,
                              hashtags: values[Slot.hashtags].stringList ?? [], via: values[Slot.via].stringValue,
                              related: values[Slot.related].stringList ?? [], inReplyTo: values[Slot.inReplyTo].stringValue)
    }
}
