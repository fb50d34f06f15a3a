/// Account options as written in `defaults` or on one account: one value per option of
/// `OptionTable.account`, in its order, null where unset.
struct AccountOptions: Sendable {
    var values = OptionTable.account.unset
    /// Whether a text of these `defaults` has braces: placeholders to replace for each account (`DefaultPlaceholders`).
    var hasPlaceholders = false
}

extension AccountOptions {
    /// Every option at its built-in default (null where it has none).
    static let builtIn = AccountOptions(values: OptionTable.account.builtInValues)

    /// Fills what is unset from `defaults`; maps such as `compose` and `params` merge key by key.
    mutating func merge(over defaults: AccountOptions) {
        OptionTable.account.merge(&values, over: defaults.values)
    }
}
