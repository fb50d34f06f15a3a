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
        .target(
            name: "FeedsiteKit",
            dependencies: ["CYAML"]
        ),
        .executableTarget(
            name: "feedsite",
            dependencies: ["FeedsiteKit"]
        ),
        // Benchmarks (not tests): `swift run -c release feedsite-bench --help`.
        .executableTarget(
            name: "feedsite-bench",
            dependencies: ["FeedsiteKit"]
        ),
        .testTarget(
            name: "FeedsiteKitTests",
            dependencies: ["FeedsiteKit"]
        ),
        .testTarget(
            name: "feedsiteTests",
            dependencies: ["feedsite", "FeedsiteKit"]
        ),
    ]
)
