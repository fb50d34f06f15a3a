// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "feedsite",
    products: [
        .executable(name: "feedsite", targets: ["feedsite"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // The commit `feedsite --version` prints (scripts/stamp-commit writes it; "unknown" without it).
        .target(name: "CBuildInfo"),
        .target(
            name: "FeedsiteKit",
            dependencies: ["CYAML", "CLibXML2", "CCurl"]
        ),
        .executableTarget(
            name: "feedsite",
            dependencies: ["FeedsiteKit", "CBuildInfo"]
        ),
        // Benchmarks (not tests): `swift run -c release feedsite-bench --help`.
        .executableTarget(
            name: "feedsite-bench",
            dependencies: ["FeedsiteKit"]
        ),
        // Helpers both test targets use: temporary folders and sites, repository paths, a raw HTTP client.
        // It does not link FeedsiteKit; what needs FeedsiteKit stays in the test targets.
        .target(
            name: "FeedsiteTestSupport",
            path: "Tests/Support"
        ),
        .testTarget(
            name: "FeedsiteKitTests",
            dependencies: ["FeedsiteKit", "FeedsiteTestSupport"]
        ),
        .testTarget(
            name: "feedsiteTests",
            dependencies: ["feedsite", "FeedsiteKit", "FeedsiteTestSupport"]
        ),
    ]
)
