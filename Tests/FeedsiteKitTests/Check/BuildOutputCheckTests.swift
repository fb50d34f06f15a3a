import Testing
@testable import FeedsiteKit

/// The build checks every page it writes; `feedsite check --strict` on its output must agree with it,
/// page by page, on every site the build tests use.
@Suite struct BuildOutputCheckTests {
    /// What a finding says, without where in a template it came from (only a build knows that).
    static func summary(_ finding: CheckFinding) -> String {
        "\(finding.location) \(finding.severity.rawValue) \(finding.rule.rawValue)"
    }

    /// Builds `site` and checks its output with `--strict`: both must find the same, and the strict
    /// check nothing but what the build found.
    static func agree(_ site: TemporarySite, _ label: String) throws -> [CheckFinding] {
        let built = try site.build()
        let checked = try LinkChecker(strict: true).check(path: site.path + "/output")
        #expect(checked.findings.map(Self.summary) == built.check.findings.map(Self.summary), "\(label)")
        #expect(checked.filesChecked == built.pages, "\(label)")
        return checked.findings
    }

    static let siteYAML = SiteBuilderTests.siteYAML

    @Test("the sample site and the builder's and default templates' fixtures pass check --strict with nothing to report", arguments: [
        "sample", "builder", "base_url", "load: click", "compose url with its own escapes",
    ])
    func fixtures(_ name: String) throws {
        let site: TemporarySite = switch name {
        case "sample": try TemporarySite.sample()
        case "builder": try TemporarySite(["site.yml": Self.siteYAML])
        case "base_url": try TemporarySite(["site.yml": "base_url: https://example.com/feeds/\n" + Self.siteYAML])
        case "load: click":
            try TemporarySite(["site.yml": Self.siteYAML.replacingOccurrences(of: "    theme: dark\n", with: "    theme: dark\n    load: click\n    remember_consent: true\n")])
        default:
            try TemporarySite(["site.yml": """
                title: T
                accounts:
                  - handle: a
                    compose: {text: "Read this", url: "https://en.wikipedia.org/wiki/Caf%C3%A9"}
                  - handle: b
                    compose: {url: "https://example.com/a%2520b?q=%25&r=a+b#top"}
                """])
        }
        #expect(try Self.agree(site, name).isEmpty)
    }

    @Test("every hostile value of the escaping tests, in default and fixture templates, is checked the same by build and check")
    func hostileValues() throws {
        for value in EscapingTests.corpus {
            for templates in [[:], EscapingTests.fixtureTemplates] {
                let site = try TemporarySite(templates.merging(["site.yml": EscapingTests.site(value)]) { $1 })
                let findings = try Self.agree(site, value)
                // Only a text holding a literal %XX is reported: as a warning, which build and check both give.
                #expect(findings.allSatisfy { $0.rule == .doubleEncodedText }, "\(value)")
                #expect(findings.isEmpty == !value.contains("%3C"), "\(value)")
            }
        }
    }

    @Test("a literal %XX in a compose text is a warning of build and check alike, pointing at the account in site.yml")
    func literalPercentInComposeText() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: a\n    compose: {text: \"Use %3C for <\"}\n"])
        let built = try site.build()
        let finding = try #require(built.check.findings.first)
        #expect(built.check.findings.count == 1)
        #expect(finding.rule == .doubleEncodedText)
        #expect(finding.severity == .warning)
        #expect(finding.templateLocation?.file.hasSuffix("site.yml") == true)
        #expect(finding.templateLocation?.line == 3)
        #expect(finding.diagnostic.description.contains("'text' still holds '%3C' after decoding"))
        let checked = try LinkChecker().check(path: site.path + "/output")
        #expect(checked.findings.map(Self.summary) == built.check.findings.map(Self.summary))
        #expect(!checked.fails(strict: false))
    }
}
