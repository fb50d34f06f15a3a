/// What an option is when site.yml does not set it.
enum OptionDefault: Sendable {
    /// The option must be set. `missing` is the hint when the key is absent; `empty` the hint when
    /// it is left empty (nil: the value's own reader reports an empty value).
    case required(missing: String, empty: String?)
    /// Unset: templates see null.
    case none
    /// This value.
    case value(TemplateValue)
    /// A value made from other options when the account is made (such as "the handle"), described for readers.
    case derived(String)
}
