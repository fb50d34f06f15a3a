/// Where an account's network came from, so that a hint says the right thing to change.
package enum NetworkOrigin: Sendable {
    /// Nothing set it: X, the default.
    case builtIn
    /// `defaults` set it for every account.
    case defaults
    /// The account sets it itself.
    case account
}
