/// A position in a user's file: 1-based line and column, columns counted in characters.
package struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file as it should be shown to the user (usually relative to the working folder).
    package var file: String
    /// 1-based line number.
    package var line: Int
    /// 1-based column, in characters (Unicode scalars), not bytes.
    package var column: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and terminals recognise.
    package var description: String { "\(file):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
