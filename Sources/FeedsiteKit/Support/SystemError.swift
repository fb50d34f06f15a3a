#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: its errno, for callers that word their own message around it.
package struct SystemError: Error, Equatable {
    /// The errno value.
    package let code: Int32

    /// The error for `code`.
    package init(_ code: Int32) {
        self.code = code
    }
}

extension SystemError {
    /// The system's text for the error, such as "No space left on device".
    package var message: String { String(cString: strerror(code)) }
}
