import Synchronization

/// A request that one build stop, as Ctrl-C stops any build (`BuildInterruption`): serve raises it for
/// the build behind the pages when a newer change comes, whose own build replaces it. The build looks at
/// it where it looks for Ctrl-C and stops the same way, by throwing, so nothing it wrote is left.
package final class BuildStop: Sendable {
    private let raised = Atomic<Bool>(false)

    /// A stop not asked for yet.
    package init() {}
}

extension BuildStop {
    /// Asks the build to stop; the build that has ended is not affected.
    package func raise() {
        raised.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    package var isRaised: Bool {
        raised.load(ordering: .relaxed)
    }
}
