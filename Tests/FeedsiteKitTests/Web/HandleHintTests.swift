import Testing
@testable import FeedsiteKit

/// The hints for a handle that is wrong in a way a user is likely to make it.
@Suite struct HandleHintTests {
    @Test("a pasted profile URL gives the handle it names, on every network", arguments: [
        (Network.x, "https://x.com/jack", "that is a profile URL; write the handle it names: `handle: jack`"),
        (Network.x, "https://twitter.com/jack", "that is a profile URL; write the handle it names: `handle: jack`"),
        (Network.bluesky, "https://bsky.app/profile/alice.bsky.social", "that is a profile URL; write the handle it names: `handle: alice.bsky.social`"),
        (Network.mastodon, "https://mastodon.social/@alice", "that is a profile URL; write the handle it names: `handle: alice@mastodon.social`"),
        (Network.x, "https://mastodon.social/@alice",
         "that is a profile URL; write the handle it names: `handle: alice@mastodon.social` and change `network: x` to `network: mastodon`"),
    ])
    func profileURL(_ network: Network, _ handle: String, _ hint: String) {
        #expect(network.handleProblem(in: handle)?.hint == hint)
    }

    @Test("a page of X that is no profile (home, intent, i/status) says so instead of naming a handle")
    func xPages() {
        for url in ["https://x.com/home", "https://x.com/intent/tweet?text=hi", "https://x.com/i/status/123"] {
            #expect(Network.x.handleProblem(in: url)?.hint == "that is a page of X, not a profile URL; copy the address of the account's profile page", "\(url)")
        }
    }

    @Test("a remote Mastodon profile, a port, a Bluesky profile of a DID and a URL without a scheme get the handle or the right hint")
    func otherPastedURLs() {
        let named = { (network: Network, url: String) in network.handleProblem(in: url)?.hint?.replacing("that is a profile URL; write the handle it names: ", with: "") }
        #expect(named(.mastodon, "https://mastodon.social/@bob@other.example") == "`handle: bob@other.example`")
        #expect(named(.mastodon, "https://mastodon.social:443/@alice") == "`handle: alice@mastodon.social`")
        #expect(named(.x, "x.com/jack") == "`handle: jack`")
        #expect(named(.bluesky, "https://bsky.app/profile/did:plc:abc123")
                == "that is a profile URL of 'did:plc:abc123', which is no handle either: open https://bsky.app/profile/did:plc:abc123 to see the account's handle")
    }

    @Test("a Mastodon handle with a final dot on an X account says it looks like a Mastodon handle, without the dot")
    func mastodonFinalDotOnX() {
        #expect(Network.x.handleProblem(in: "alice@mastodon.social.", networkFrom: .builtIn)?.hint
                == "'alice@mastodon.social.' looks like a Mastodon handle: write `handle: alice@mastodon.social` and add `network: mastodon`")
    }

    @Test("Bluesky: a final dot is dropped, a DID is no handle, a non-ASCII name gets its Punycode, .bsky.social only after a single name")
    func bluesky() {
        #expect(Network.bluesky.handleProblem(in: "alice.bsky.social.")?.hint == "write it without the final '.': alice.bsky.social")
        let did = Network.bluesky.handleProblem(in: "did:plc:abc123")
        #expect(did?.message == "'did:plc:abc123' is a DID, not a handle; Bluesky handles are domain names, such as alice.bsky.social")
        #expect(did?.hint == "open https://bsky.app/profile/did:plc:abc123 to see the account's handle")
        #expect(Network.bluesky.handleProblem(in: "bücher.example.de")?.hint
                == "write an internationalized name in its ASCII (Punycode) form: xn--bcher-kva.example.de")
        #expect(Network.bluesky.handleProblem(in: "alice")?.hint?.hasPrefix("a Bluesky handle is a domain name, such as alice.bsky.social") == true)
        #expect(Network.bluesky.handleProblem(in: "a b.example")?.hint?.hasPrefix("a Bluesky handle is a domain name, such as alice.bsky.social") == true)
    }

    @Test("Bluesky: '@' and a single name suggest the whole handle, not another invalid one")
    func blueskyAt() {
        #expect(Network.bluesky.handleProblem(in: "@alice")?.hint?.hasPrefix(
            "write the handle without '@'; a Bluesky handle is a domain name, such as alice.bsky.social") == true)
        #expect(Network.bluesky.handleProblem(in: "@alice.bsky.social")?.hint == "write the handle without '@': alice.bsky.social")
    }

    @Test("Mastodon: a server with a final dot or a non-ASCII name gets the same hints as a Bluesky handle")
    func mastodonServer() {
        #expect(Network.mastodon.handleProblem(in: "carol@mastodon.social.")?.hint == "write it without the final '.': carol@mastodon.social")
        #expect(Network.mastodon.handleProblem(in: "erin@bücher.example")?.hint
                == "write an internationalized name in its ASCII (Punycode) form: erin@xn--bcher-kva.example")
    }

    @Test("Punycode encodes as RFC 3492 does")
    func punycode() {
        #expect(Punycode.encode("bücher") == "bcher-kva")
        #expect(Punycode.encode("münchen") == "mnchen-3ya")
        #expect(Punycode.encode("ü") == "tda")
        #expect(Punycode.asciiDomain("Bücher.Example.de") == "xn--bcher-kva.example.de")
    }

    @Test("a handle of another network says to change, add or set network as the account has it, and gives the whole fix")
    func otherNetwork() {
        #expect(Network.mastodon.handleProblem(in: "alice.bsky.social")?.hint
                == "'alice.bsky.social' looks like a Bluesky handle: change `network: mastodon` to `network: bluesky`")
        #expect(Network.x.handleProblem(in: "@alice@mastodon.social", networkFrom: .builtIn)?.hint
                == "'@alice@mastodon.social' looks like a Mastodon handle: write `handle: alice@mastodon.social` and add `network: mastodon`")
        #expect(Network.mastodon.handleProblem(in: "jack", networkFrom: .defaults)?.hint?.hasSuffix(
            "'jack' looks like an X handle: set `network: x` on this account (defaults gives it `network: mastodon`)") == true)
    }

    @Test("an unknown network that is another name of one suggests it", arguments: [("twitter", "x"), ("bsky", "bluesky"), ("fediverse", "mastodon"), ("toot", "mastodon")])
    func networkAlias(_ word: String, _ network: String) throws {
        let diagnostics = ConfigFixture.diagnostics("title: T\naccounts:\n  - handle: bob\n    network: \(word)\n")
        #expect(diagnostics.map(\.hint) == ["did you mean '\(network)'?"])
        #expect(Network.alias(word, among: Network.allCases.map(\.rawValue)) == network)
        #expect(Network.alias(word, among: ["light", "dark"]) == nil)
    }
}
