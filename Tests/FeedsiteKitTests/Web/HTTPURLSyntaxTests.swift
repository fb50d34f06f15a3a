import Testing
@testable import FeedsiteKit

@Suite struct HTTPURLSyntaxTests {
    @Test("absolute http and https URLs with a host pass, the scheme in any case", arguments: [
        "https://example.com", "http://example.com/a?b=c#d", "HTTPS://Example.com/", "HtTp://x", "https://user@host:8080/p",
        "https://[::1]/", "https://例え.jp/パス",
    ])
    func accepted(_ url: String) {
        #expect(HTTPURLSyntax.problem(in: url) == nil)
    }

    @Test("other schemes, missing hosts and white space are refused", arguments: [
        ("ftp://example.com", HTTPURLSyntax.Problem.notHTTP(scheme: "ftp")),
        ("httpx://example.com", .notHTTP(scheme: "httpx")),
        ("https:/example.com", .notHTTP(scheme: "https")),
        ("http//example.com", .notHTTP(scheme: nil)),
        ("example.com/page", .notHTTP(scheme: nil)),
        ("", .notHTTP(scheme: nil)),
        ("https://", .missingHost),
        ("https:///path", .missingHost),
        ("https://user@:80/", .missingHost),
        ("https://exa mple.com", .whitespace),
        ("https://example.com/\u{3000}x", .whitespace),
    ] as [(String, HTTPURLSyntax.Problem)])
    func refused(_ url: String, _ problem: HTTPURLSyntax.Problem) {
        #expect(HTTPURLSyntax.problem(in: url) == problem)
    }

    @Test("the host is found as the authority split at its last @, then at its first : unless bracketed, on 20,000 mixes")
    func hostMixes() {
        // The rule as first written, on split Substrings: the reference for the byte scan.
        func missingHost(_ url: String) -> Bool {
            guard let end = HTTPURLSyntax.schemeEnd(of: url) else { return false }
            let authority = url[end...].utf8.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            let host = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority
            let name = host.first == UInt8(ascii: "[") ? host : (host.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).first ?? host)
            return name.isEmpty
        }
        let pieces = ["a", "é", "@", ":", "[", "]", "/", "?", "#", "1", "x@y"]
        var generator = SeededGenerator(seed: 3986)
        for _ in 0..<20_000 {
            let url = "https://" + (0..<Int(generator.next() % 7)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect((HTTPURLSyntax.problem(in: url) == .missingHost) == missingHost(url), "\(url)")
            #expect(HTTPURLSyntax.problem(in: url) == nil || HTTPURLSyntax.problem(in: url) == .missingHost, "\(url)")
        }
    }
}

extension HTTPURLSyntaxTests {
    @Test("one pass over the bytes finds what the scheme, a search for white space by characters and the host rule find, on 30,000 mixes")
    func onePassMixes() {
        // The rules as written on characters: the reference for the byte scan.
        func reference(_ url: String) -> HTTPURLSyntax.Problem? {
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return .notHTTP(scheme: nil) }
            if url.contains(where: \.isWhitespace) { return .whitespace }
            let authority = url[url.range(of: "://")!.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
            let name = host.first == "[" ? host : (host.split(separator: ":", omittingEmptySubsequences: false).first ?? host)
            return name.isEmpty ? .missingHost : nil
        }
        let pieces = ["http", "HTTPS", "s", "S", "://", ":/", "/", "a", "é", "@", ":", "[", "?", "#", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}",
                      "\u{1F}", "\u{3000}", "\u{85}", "\u{A0}", "e\u{301}", " \u{301}", "x.y"]
        var generator = SeededGenerator(seed: 3987)
        for round in 0..<30_000 {
            // Most mixes start as an http(s) URL does, so that the rules after the scheme are reached.
            let head = ["http://", "https://", "HtTpS://", ""][round % 4]
            let url = head + (0..<Int(generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let found = HTTPURLSyntax.problem(in: url)
            let expected = reference(url)
            if case .notHTTP = expected {
                guard case .notHTTP = found else {
                    Issue.record("\(url.debugDescription): \(String(describing: found)), expected not http")
                    return
                }
            } else {
                #expect(found == expected, "\(url.debugDescription)")
                if found != expected { return }
            }
        }
    }
}

extension HTTPURLSyntaxTests {
    @Test("a word is flagged whenever one of its eight bytes is below ! or not ASCII, and passed when all are printable ASCII")
    func wordTest() {
        var generator = SeededGenerator(seed: 2021)
        for byte in 0...255 {
            for position in 0..<8 {
                // The other seven bytes printable ASCII, from ! to ~.
                var bytes = (0..<8).map { _ in UInt8(0x21 + generator.next() % 94) }
                bytes[position] = UInt8(byte)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(HTTPURLSyntax.mayBeSpaceOrNotASCII(word) == (byte < 0x21 || byte >= 0x80), "\(byte) at \(position)")
            }
        }
    }
}

extension HTTPURLSyntaxTests {
    @Test("no message about a URL shows its user information: a password or token becomes ***", arguments: [
        "feed: \"https://user:pa55word@/x\"", "feed: \"http://user:pa55word@exa mple.com/x\"", "base_url: \"https://pa55word@/\"",
    ])
    func secretsRedacted(line: String) {
        let yaml = line.hasPrefix("feed") ? "title: T\naccounts:\n  - handle: a\n    \(line)\n" : "title: T\n\(line)\naccounts:\n  - handle: a\n"
        let diagnostics = ConfigFixture.diagnostics(yaml)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { !$0.message.contains("pa55word") && !($0.hint ?? "").contains("pa55word") })
        #expect(HTTPURLSyntax.redacted("https://token@example.com/x?y=1") == "https://***@example.com/x?y=1")
    }
}

extension HTTPURLSyntaxTests {
    @Test("the scheme, read from the bytes, is what reading scalar by scalar gives, lower-cased, or nil", arguments: [
        ("https://a.example/", "https"), ("HTTP://x", "http"), ("mailto:a@b", "mailto"), ("a+b-c.d:x", "a+b-c.d"), ("/relative", nil), ("x", nil),
        (":x", nil), ("1a:x", nil), ("+a:x", nil), ("ja\u{E9}:x", nil), ("j\u{212A}:x", nil), (" http:x", nil), ("ht tp:x", nil), ("", nil),
        ("JavaScript:alert(1)", "javascript"), ("a:", "a"),
    ] as [(String, String?)])
    func scheme(url: String, expected: String?) {
        #expect(HTTPURLSyntax.scheme(of: url) == expected)
    }
}
