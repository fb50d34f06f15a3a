import Synchronization

/// Ctrl-C while a build runs. The command's signal handler raises it; the build looks at it between
/// pages and between the chunks of a copy and stops by throwing, so that what it wrote is removed as
/// for any failed build (temporary files, the staging folder) and the output folder stays as it was.
package enum BuildInterruption {
    private static let raised = Atomic<Bool>(false)
}

extension BuildInterruption {
    /// Asks the running build to stop: one lock-free store, safe inside a signal handler.
    package static func raise() {
        raised.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    package static var isRaised: Bool {
        raised.load(ordering: .relaxed)
    }

    /// Throws when a stop was asked for.
    static func check() throws(InputError) {
        if isRaised { throw InputError("the build was interrupted") }
    }
}
