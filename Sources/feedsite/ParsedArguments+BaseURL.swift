import FeedsiteKit

extension ParsedArguments {
    /// The value of `--base-url`, checked as site.yml's `base_url` is (a bad one is a usage error); nil when not given.
    var baseURL: String? {
        get throws(UsageError) {
            guard let value = values["base-url"] else { return nil }
            do {
                _ = try BaseURLOverride(value, source: .flag)
            } catch {
                throw UsageError(message: error.message, hint: error.hint)
            }
            return value
        }
    }
}
