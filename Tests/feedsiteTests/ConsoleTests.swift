import Testing
@testable import feedsite

@Suite struct ConsoleTests {
    @Test("colour only on a terminal, without NO_COLOR, and not when TERM is dumb", arguments: [
        (true, [String: String](), true), (true, ["TERM": "xterm-256color"], true), (false, [:], false),
        (true, ["NO_COLOR": "1"], false), (true, ["NO_COLOR": ""], true), (true, ["TERM": "dumb"], false),
    ])
    func colours(_ terminal: Bool, _ environment: [String: String], _ expected: Bool) {
        #expect(Console.colors(terminal: terminal, environment: environment) == expected)
    }

    @Test("text for the terminal is escaped except newlines; documents are written as they are")
    func escaping() {
        let console = Console.capturing()
        console.out("a\u{1B}[2J\nb")
        console.out(document: "{\"k\": \"\u{202E}\"}")
        console.err("serving \u{9B}x\n")
        #expect(console.outText == "a\\u{1B}[2J\nb{\"k\": \"\u{202E}\"}")
        #expect(console.errText == "serving \\u{9B}x\n\n")
    }
}
