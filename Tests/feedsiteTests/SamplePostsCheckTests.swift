import Foundation
import Testing

/// The sample site's pages with posts, built and checked by the binary as a user would.
@Suite struct SamplePostsCheckTests {
    @Test("every page of the sample site, posts included, passes feedsite check --strict with nothing to report")
    func sampleStrict() throws {
        let site = try TemporarySite.sample()
        #expect(try ProcessRunner.run(["build", "--quiet"], in: site.path).status == 0)
        #expect(site.read("output/outputdd/index.html")?.contains("<article class=\"post") == true)
        let check = try ProcessRunner.run(["check", "output", "--strict"], in: site.path)
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("no problems"))
    }
}
