import Foundation
import Testing
@testable import FeedsiteKit

/// The repository is a feedsite site itself (site.yml, snapshots/): its `.gitignore` keeps out what `feedsite init` keeps out.
@Suite struct RepositoryGitIgnoreTests {
    @Test("the repository's .gitignore has every line feedsite init adds, .fetch.lock included")
    func hasRequiredLines() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/.gitignore", encoding: .utf8)
        #expect(GitIgnore.merged(text) == nil, "missing from .gitignore: \(GitIgnore.merged(text) ?? "")")
    }
}
