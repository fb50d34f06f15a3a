import Testing

@Suite struct NetworkCheckCommandTests {
    @Test("feedsite check reports Bluesky's and Mastodon's compose links with the same codes, the count and the limit")
    func blueskyAndMastodon() throws {
        let long = String(repeating: "a", count: 301)
        let folder = try TemporaryFolder(files: [
            "a.html": "<a href=\"https://bsky.app/intent/compose?text=\(long)\">b</a>\n<a href=\"https://mastodon.social/share?text=Hi there&via=x\">m</a>\n",
        ])
        let result = try ProcessRunner.run(["check", folder.path])
        #expect(result.status == 1)
        #expect(result.out == """
        a.html:1:10: warning: the post would be 301 graphemes (characters as readers see them); Bluesky's limit is 300 [too-long]
        a.html:2:10: error: the URL contains a raw space at character 38; encode spaces as %20 [raw-space] — suggested: https://mastodon.social/share?text=Hi%20there&via=x
        a.html:2:10: warning: 'via' is not a parameter of Mastodon's share; it accepts title, text, url [unknown-parameter] — suggested: https://mastodon.social/share?text=Hi%20there&via=x
        1 error, 2 warnings in 1 of 1 file; 2 intent URLs checked

        """)
    }
}

extension NetworkCheckCommandTests {
    @Test("--mastodon-servers names more servers whose /share links are Mastodon's; a bad host is a usage error")
    func mastodonServers() throws {
        let folder = try TemporaryFolder(files: ["a.html": "<a href=\"https://social.example.org/share?text=\">m</a>\n"])
        #expect(try ProcessRunner.run(["check", folder.path]).out == "no problems in 1 file; 0 intent URLs checked\n")
        let named = try ProcessRunner.run(["check", folder.path, "--mastodon-servers", "Social.Example.org,mstdn.example"])
        #expect(named.out.hasPrefix("a.html:1:10: warning: 'text' is empty; remove it or give it a value [empty-parameter]"))
        let bad = try ProcessRunner.run(["check", folder.path, "--mastodon-servers", "social example"])
        #expect(bad.status == 2)
        #expect(bad.err.hasPrefix("error: --mastodon-servers: server 'social example' contains a space"))
    }
}
