import Foundation
import Testing
@testable import FeedsiteKit

/// The handle patterns of the JSON Schema against `Network.handleProblem`: a handle the network
/// accepts always matches; one it refuses does not (the sample covers every kind of problem).
@Suite struct NetworkHandlePatternTests {
    static let handles = [
        "jack", "Jack_123", "a", "abcdefghijklmno", "abcdefghijklmnop", "@jack", "foo-bar", "ab cd", "café", "", "123",
        "bsky.app", "alice.bsky.social", "Alice.Example.COM", "a-b.c-d.io", "-a.com", "a-.com", "a..com", ".a.com", "a.com.",
        "a.123", "a.b1", "alice.local", "alice.LOCAL", "x.onion", "xn--caf-dma.example", String(repeating: "a", count: 64) + ".com",
        "Gargron@mastodon.social", "a.b@c.d", "a_b@c.d", ".a@c.d", "a-@c.d", "a@b", "@a@c.d", "a@c.d@e.f", "a b@c.d", "é@c.d",
    ]

    @Test("each network's handle pattern matches exactly the handles the network accepts", arguments: Network.allCases)
    func agrees(with network: Network) throws {
        let pattern = try NSRegularExpression(pattern: network.handlePattern)
        let refused = try network.refusedHandlePattern.map { try NSRegularExpression(pattern: $0) }
        for handle in Self.handles {
            let range = NSRange(handle.startIndex..., in: handle)
            let matches = pattern.firstMatch(in: handle, range: range) != nil && refused?.firstMatch(in: handle, range: range) == nil
                && (network != .bluesky || handle.utf8.count <= DomainNameSyntax.maximumLength)
            #expect(matches == (network.handleProblem(in: handle) == nil), "\(network) '\(handle)'")
        }
        #expect(network.handleProblem(in: network.exampleHandle) == nil)
    }
}
