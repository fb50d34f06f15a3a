/// How an option set in `defaults` combines with the same option on an account.
enum OptionMerge: Sendable {
    /// The account's own value, when set, replaces the default.
    case replace
    /// Maps combine key by key, the account's keys winning (`params`, `compose`).
    case keyByKey
    /// Not allowed in `defaults`: each account sets its own (`handle`, `name`); site options too.
    case perAccount
}
