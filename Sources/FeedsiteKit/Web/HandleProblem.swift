/// Why a handle is not valid on its network: what to say, what to suggest, and where in the handle.
package struct HandleProblem: Sendable, Equatable {
    /// What is wrong, in plain words.
    package var message: String
    /// A likely fix.
    package var hint: String?
    /// The 0-based offset, in characters, of the character at fault, when one is.
    package var offset: Int?

    /// Creates a problem.
    package init(message: String, hint: String? = nil, offset: Int? = nil) {
        self.message = message
        self.hint = hint
        self.offset = offset
    }
}
