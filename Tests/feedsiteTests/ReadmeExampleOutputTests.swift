import Foundation
import Testing

/// README shows what `build`, `build --watch`, `build --format json`, `check` and `clean` print for
/// the sample site: these tests run the same commands on the sample and compare, so that the shown
/// figures cannot go stale when the sample grows.
@Suite struct ReadmeExampleOutputTests {
    static let readme = (try? String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)) ?? ""

    /// The lines README shows below `$ command` up to the end of that code block, trimmed, with build times as `N ms`.
    static func shown(after command: String) -> [String] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(of: "$ " + command) else { return [] }
        return lines[(start + 1)...].prefix { $0 != "```" }.map(withoutTime)
    }

    static func withoutTime(_ line: String) -> String {
        line.replacingOccurrences(of: #" in [0-9]+ ms "#, with: " in N ms ", options: .regularExpression)
    }

    static func run(_ arguments: String..., in site: TemporarySite) throws -> ProcessRunner.Result {
        try ProcessRunner.run(arguments, in: site.path)
    }

    @Test("the build summaries README shows (build, build --watch and its rebuild) are the sample's")
    func buildSummaries() throws {
        let site = try TemporarySite.sample()
        let first = Self.withoutTime(try Self.run("build", in: site).err.trimmingCharacters(in: .newlines))
        try site.write("templates/404.html", (site.read("templates/404.html") ?? "") + "\n")
        let rebuild = Self.withoutTime(try Self.run("build", in: site).err.trimmingCharacters(in: .newlines))
        #expect(Self.shown(after: "feedsite build") == [first])
        #expect(Self.shown(after: "feedsite build --watch").filter { $0.hasPrefix("built ") } == [first, rebuild])
    }

    @Test("the totals README shows for build --format json are the sample's")
    func jsonTotals() throws {
        let site = try TemporarySite.sample()
        let document = try JSONSerialization.jsonObject(with: Data(try Self.run("build", "--format", "json", in: site).out.utf8)) as? [String: Any]
        let totals = try #require(document?["totals"] as? NSDictionary)
        let line = try #require(Self.shown(after: "feedsite build --format json 2>/dev/null | jq -c .totals").first)
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary == totals)
    }

    @Test("README's check example (a raw space added to index.html) and clean example (a CNAME added, 404.html changed) print what is shown")
    func checkAndClean() throws {
        let site = try TemporarySite.sample()
        _ = try Self.run("build", in: site)
        var index = try #require(site.read("output/index.html")).split(separator: "\n", omittingEmptySubsequences: false)
        index.insert("<a href=\"https://twitter.com/intent/tweet?text=Hello world\">Share</a>", at: 1)
        try site.write("output/index.html", index.joined(separator: "\n"))
        let check = try Self.run("check", "output", in: site)
        #expect((check.out + check.err).split(separator: "\n").map(String.init) == Self.shown(after: "feedsite check output"))
        try FileManager.default.removeItem(atPath: site.path + "/output")
        _ = try Self.run("build", in: site)
        try site.write("output/CNAME", "example.com\n")
        try site.write("output/404.html", (site.read("output/404.html") ?? "") + "changed\n")
        let clean = try Self.run("clean", in: site)
        #expect((clean.out + clean.err).split(separator: "\n").map(String.init).sorted() == Self.shown(after: "feedsite clean").sorted())
    }
}
