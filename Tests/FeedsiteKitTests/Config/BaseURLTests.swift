import Testing
@testable import FeedsiteKit

/// `base_url` (and `--base-url`, `FEEDSITE_BASE_URL`, checked alike): a host that is a host name, an
/// IPv4 or an IPv6 address, no backslash, no dot segment; printed lower-cased without the default port.
@Suite struct BaseURLTests {
    /// `base_url: value` at line 2, the value at column 11.
    static func site(_ value: String) -> String {
        ConfigFixture.site(extra: "base_url: \(value)\n")
    }

    static let cases: [BrokenConfig] = [
        ("https://[zz]/", "'base_url' has the host '[zz]', which is not an IPv6 address in brackets"),
        ("https://[1:2:3]/", "'base_url' has the host '[1:2:3]', which is not an IPv6 address in brackets"),
        ("https://-/", "'base_url' has the host '-', which has the part '-', which starts or ends with '-'"),
        ("https://.com/", "'base_url' has the host '.com', which has an empty part between dots, or starts or ends with '.'"),
        ("https://example..com/", "'base_url' has the host 'example..com', which has an empty part between dots"),
        ("https://example.com./", "'base_url' has the host 'example.com.', which has an empty part between dots"),
        ("https://ex_ample.com/", "'base_url' has the host 'ex_ample.com', which contains '_'; a host name uses only letters A-Z, digits, '-' and '.'"),
        ("https://ex%41mple.com/", "'base_url' has the host 'ex%41mple.com', which contains '%'"),
        ("https://\(String(repeating: "a", count: 64)).com/", "longer than 63 characters"),
        ("https://999.1.1.1/", "'base_url' has the host '999.1.1.1', which is neither a host name nor an IPv4 address"),
        ("'https://example.com\\x/'", "'base_url' contains a backslash: 'https://example.com\\x/'; browsers read it as '/', servers as a character"),
        ("'https://example.com/a\\b'", "'base_url' contains a backslash"),
        ("https://example.com/a/../b/", "'base_url' has a '.' or '..' segment in its path '/a/../b/', which browsers resolve away"),
        ("https://example.com/./", "'base_url' has a '.' or '..' segment in its path '/./'"),
        ("https://example.com/a/%2E%2e", "'base_url' has a '.' or '..' segment in its path '/a/%2E%2e'"),
    ].map { BrokenConfig(name: "base_url \($0.0)", yaml: site($0.0), line: 2, column: 11, message: $0.1) }

    static let accepted: [String: String] = [
        "base-url-ipv4.yml": site("http://127.0.0.1:8080/site"),
        "base-url-ipv6.yml": site("http://[2001:db8::8a2e:370:7334]/"),
        "base-url-ipv6-with-ipv4.yml": site("http://[::ffff:192.0.2.1]/"),
        "base-url-localhost.yml": site("http://localhost:4000"),
        "base-url-case.yml": site("HTTPS://EXAMPLE.com:443/r"),
        "base-url-dots-in-names.yml": site("https://example.com/v1.2/..x/.well/"),
    ]

    @Test("each invalid host, backslash and dot segment is reported at the value with what is wrong", arguments: cases)
    func refused(_ broken: BrokenConfig) throws {
        try SiteConfigErrorTests().brokenConfiguration(broken)
    }

    @Test("IP addresses, single-label hosts, any case and dots inside names are accepted", arguments: accepted.keys.sorted())
    func acceptedAddress(_ name: String) throws {
        let yaml = try #require(Self.accepted[name])
        #expect(ConfigFixture.diagnostics(yaml).isEmpty, "\(ConfigFixture.diagnostics(yaml))")
    }

    @Test("the hint of a dot segment gives the address it stands for; of a bad host, the forms a host takes")
    func hints() {
        #expect(ConfigFixture.diagnostics(Self.site("https://example.com/a/../b/")).first?.hint == "write the path it stands for: https://example.com/b/")
        #expect(ConfigFixture.diagnostics(Self.site("https://-/")).first?.hint
                    == "write the host as the browser's address bar shows it, such as example.com, 127.0.0.1 or [::1]")
    }

    @Test("scheme and host are printed in lower case and the scheme's default port is dropped; another port stays", arguments: [
        ("HTTPS://EXAMPLE.com:443/r", "https://example.com/r"), ("http://Example.COM:80/", "http://example.com"),
        ("https://example.com:80/A/", "https://example.com:80/A"), ("http://[::1]:8080/x", "http://[::1]:8080/x"),
    ])
    func normalised(_ value: String, _ address: String) throws {
        #expect(try ConfigFixture.config(Self.site(value)).baseURL == address)
        #expect(try BaseURLOverride(value, source: .flag).url == address)
    }

    @Test("pages and the sitemap print the normalised address")
    func normalisedInPages() throws {
        let site = try TemporarySite(["site.yml": Self.site("HTTPS://EXAMPLE.com:443/r")])
        _ = try site.build()
        #expect(site.read("output/index.html")?.contains("<link rel=\"canonical\" href=\"https://example.com/r/\">") == true)
        #expect(site.read("output/sitemap.xml")?.contains("<loc>https://example.com/r/jack/</loc>") == true)
    }

    @Test("a blank --base-url or FEEDSITE_BASE_URL says it is blank; an empty variable counts as unset")
    func blank() throws {
        #expect(throws: InputError.self) { try BaseURLOverride(" ", source: .flag) }
        do {
            _ = try BaseURLOverride.resolve(flag: nil, environment: ["FEEDSITE_BASE_URL": " \t"])
            Issue.record("a blank FEEDSITE_BASE_URL was accepted")
        } catch {
            #expect(error.message == "the environment variable FEEDSITE_BASE_URL is blank (only white space)")
        }
        #expect(try BaseURLOverride.resolve(flag: nil, environment: ["FEEDSITE_BASE_URL": ""]) == nil)
    }
}
