/// A `base_url` given for one build rather than in site.yml, as Hugo's `--baseURL` is: from
/// `--base-url URL` on `build` and `serve`, else from the `FEEDSITE_BASE_URL` environment variable
/// (for preview deploys). It is checked like `base_url` and wins over site.yml's.
package struct BaseURLOverride: Sendable, Equatable {
    /// Where the address came from, named in errors.
    package enum Source: String, Sendable {
        case flag = "--base-url"
        case environment = "FEEDSITE_BASE_URL"
    }

    /// The address as `base_url` holds it: path percent-encoded, without trailing slashes.
    package let url: String
    /// Where it came from.
    package let source: Source

    /// Checks `text` as `base_url` is checked; the error names `source` and says what was expected.
    package init(_ text: String, source: Source) throws(InputError) {
        let place = source == .flag ? "--base-url" : "the environment variable FEEDSITE_BASE_URL"
        guard !text.isEmpty else {
            throw InputError("\(place) is empty", hint: "give the address the site is deployed at, such as https://example.com/feeds")
        }
        // Only spaces is a mistake (a variable set from one that was unset), not an address without a scheme.
        guard !text.allSatisfy(\.isWhitespace) else {
            throw InputError("\(place) is blank (only white space)",
                             hint: (source == .flag ? "" : "unset it, or ") + "give the address the site is deployed at, such as https://example.com/feeds")
        }
        if let problem = HTTPURLSyntax.siteURLProblem(in: text) {
            throw InputError(problem.message(key: source.rawValue, url: text) + (source == .flag ? "" : " (from the environment)"),
                             hint: problem.hint(url: text) ?? "give the address the site is deployed at, such as https://example.com/feeds")
        }
        url = HTTPURLSyntax.siteAddress(of: text)
        self.source = source
    }
}

extension BaseURLOverride {
    /// The override for a build: `flag` (the value of `--base-url`) when given, else a non-empty
    /// `FEEDSITE_BASE_URL` (an empty one counts as unset, as CI systems pass unset variables); nil for neither.
    package static func resolve(flag: String?, environment: [String: String]) throws(InputError) -> BaseURLOverride? {
        if let flag { return try BaseURLOverride(flag, source: .flag) }
        if let value = environment[Source.environment.rawValue], !value.isEmpty { return try BaseURLOverride(value, source: .environment) }
        return nil
    }

    /// `config` with this address as its `base_url`.
    package func applied(to config: SiteConfig) -> SiteConfig {
        var config = config
        var values = config.options.values
        values[Self.slot] = .string(url)
        config.options = TemplateRecord(config.options.schema, values)
        return config
    }

    /// A line that makes the build's fingerprint differ from a build with site.yml's own `base_url`.
    var fingerprintBytes: [UInt8] {
        Array("\n# base_url from \(source.rawValue): \(url)\n".utf8)
    }
}

private extension BaseURLOverride {
    static let slot = OptionTable.site.slot("base_url")
}
