import CBuildInfo
import FeedsiteKit

/// What `feedsite --version` says about this binary.
enum BuildInfo {
    /// The commit it was built from (scripts/stamp-commit), or "unknown".
    static var commit: String {
        String(cString: feedsite_build_commit())
    }

    /// `feedsite 0.1.0 (commit 1a2b…)`.
    static var versionLine: String {
        "\(Generator.name) \(Generator.version) (commit \(commit))"
    }
}
