/// A mistake on the command line: printed with the usage line and a pointer to --help, exit 2.
struct UsageError: Error, Equatable {
    let message: String
    var hint: String?
}
