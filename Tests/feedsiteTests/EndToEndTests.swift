import Foundation
import Testing

@Suite struct EndToEndTests {
    @Test("the binary prints its version and exits 0")
    func version() throws {
        let result = try ProcessRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("feedsite 0.1.0 (commit "))
        #expect(result.err.isEmpty)
    }

    @Test("the binary exits 2 on an unknown command and writes only to stderr")
    func unknownCommand() throws {
        let result = try ProcessRunner.run(["serv"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: unknown command 'serv'\n  hint: did you mean 'serve'?\n"))
    }

    @Test("build reads ./site.yml by default and reports problems relative to it")
    func buildDefaultConfig() throws {
        let folder = try TemporaryFolder(files: ["site.yml": "title: T\naccounts:\n  - handle: ok\n  - handle: OK\n"])
        let result = try ProcessRunner.run(["build"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == """
        site.yml:4:13: error: duplicate handle 'OK': 'ok' at line 3 is the same account (handles ignore case)
          hint: remove one of the two entries

        """)
    }
}
