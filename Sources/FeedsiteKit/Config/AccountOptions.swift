/// Account options as written in `defaults` or on one account: one value per option of
/// `OptionTable.account`, in its order, null where unset.
struct AccountOptions: Sendable {
    var values = OptionTable.account.unset
}

extension AccountOptions {
    /// Every option at its built-in default (null where it has none).
    static let builtIn = AccountOptions(values: OptionTable.account.builtInValues)

    /// These options with `defaults` filling what is unset; maps such as `compose` and `params` merge key by key.
    func merged(over defaults: AccountOptions) -> AccountOptions {
        AccountOptions(values: OptionTable.account.merged(values, over: defaults.values))
    }
}
