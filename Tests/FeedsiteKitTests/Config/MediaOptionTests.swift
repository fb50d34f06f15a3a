import Testing
@testable import FeedsiteKit

@Suite struct MediaOptionTests {
    @Test("media defaults to link with 5 MiB per image and 50 MiB per account; defaults set them for all, an account's own wins")
    func defaultsAndMerge() throws {
        let plain = try ConfigFixture.config(ConfigFixture.site())
        #expect(plain.accounts[0].mediaPolicy == .link)
        #expect(plain.accounts[0].mediaSizeLimit == 5 << 20)
        #expect(plain.accounts[0].mediaTotalLimit == 50 << 20)
        let config = try ConfigFixture.config(ConfigFixture.site(
            accounts: "  - handle: a\n  - handle: b\n    media: hotlink\n    media_size_limit: 2",
            extra: "defaults:\n  media: copy\n  media_total_limit: 20\n"))
        #expect(config.accounts.map(\.mediaPolicy) == [.copy, .hotlink])
        #expect(config.accounts.map(\.mediaSizeLimit) == [5 << 20, 2 << 20])
        #expect(config.accounts.map(\.mediaTotalLimit) == [20 << 20, 20 << 20])
    }

    @Test("a bad media value is reported at its line and column with what was expected", arguments: [
        ("    media: copi", 4, 12, "'copi' is not a valid media; expected one of 'link', 'copy', 'hotlink'"),
        ("    media_size_limit: 0", 4, 23, "'media_size_limit' must be from 1 to 100, found 0"),
        ("    media_total_limit: big", 4, 24, "expected an integer from 1 to 10000 (MiB), found a string 'big'"),
    ])
    func badValues(line: String, row: Int, column: Int, message: String) {
        let diagnostics = ConfigFixture.diagnostics(ConfigFixture.site(accounts: "  - handle: a\n" + line))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.line == row)
        #expect(diagnostics.first?.location.column == column)
        #expect(diagnostics.first?.message == message)
    }
}
