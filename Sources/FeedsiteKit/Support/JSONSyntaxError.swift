/// Why a text is not JSON: what was expected, and where (`file:line:col: expected ...`).
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    package var location: SourceLocation
    /// What is wrong, starting with what was expected (`expected ',' or '}' after an object member`).
    package var message: String

    /// Creates the error.
    package init(at location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:col: message`.
    package var description: String { "\(location): \(message)" }
}
