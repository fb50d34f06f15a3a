/// A site.yml as a build decodes it (the same path, `--output` and base URL), with the bytes it was
/// decoded from: serve hands the one its pages from memory hold to the build behind them, which takes
/// it when it reads those very bytes instead of decoding them again.
package struct DecodedSiteConfig: Sendable {
    let bytes: [UInt8]
    let config: SiteConfig
}
