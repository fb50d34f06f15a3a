import Testing
@testable import FeedsiteKit

@Suite struct MediaOptionTests {
    @Test("media defaults to link with 5 MB per image and 50 MB per account; defaults set them for all, an account's own wins")
    func defaultsAndMerge() throws {
        let plain = try ConfigFixture.config(ConfigFixture.site())
        #expect(plain.accounts[0].mediaPolicy == .link)
        #expect(plain.accounts[0].mediaSizeLimit == 5_000_000)
        #expect(plain.accounts[0].mediaTotalLimit == 50_000_000)
        let config = try ConfigFixture.config(ConfigFixture.site(
            accounts: "  - handle: a\n  - handle: b\n    media: hotlink\n    media_size_limit: 2",
            extra: "defaults:\n  media: copy\n  media_total_limit: 20\n"))
        #expect(config.accounts.map(\.mediaPolicy) == [.copy, .hotlink])
        #expect(config.accounts.map(\.mediaSizeLimit) == [5_000_000, 2_000_000])
        #expect(config.accounts.map(\.mediaTotalLimit) == [20_000_000, 20_000_000])
    }

    @Test("a bad media value is reported at its line and column with what was expected", arguments: [
        ("    media: copi", 4, 12, "'copi' is not a valid media; expected one of 'link', 'copy', 'hotlink'"),
        ("    media_size_limit: 0", 4, 23, "'media_size_limit' must be from 1 to 100, found 0"),
        ("    media_total_limit: big", 4, 24, "expected an integer from 1 to 10000 (megabytes), found a string 'big'"),
    ])
    func badValues(line: String, row: Int, column: Int, message: String) {
        let diagnostics = ConfigFixture.diagnostics(ConfigFixture.site(accounts: "  - handle: a\n" + line))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.line == row)
        #expect(diagnostics.first?.location.column == column)
        #expect(diagnostics.first?.message == message)
    }
}
