/// Why a text is not JSON: what was expected, and where (`file:line:col: expected ...`).
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    package var location: SourceLocation
    /// What is wrong, starting with what was expected (`expected ',' or '}' after an object member`).
    package var message: String
    /// How to fix it, when the reader knows better than a general hint about JSON's syntax.
    package var hint: String?

    /// Creates the error.
    package init(at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `file:line:col: message`.
    package var description: String { "\(location): \(message)" }
}
