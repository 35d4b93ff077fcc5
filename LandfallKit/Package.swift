// swift-tools-version:5.9
// LandfallKit on its own: the Swift SDK and the wire types it shares with the server, with no
// dependency beyond Foundation. `Sources/` links to the server repository's own `Sources/LandfallKit`
// and `Sources/LandfallModels`, so the SDK and the server build the same files.
import PackageDescription

let package = Package(
    name: "LandfallKit",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .visionOS(.v1)],
    products: [
        .library(name: "LandfallKit", targets: ["LandfallKit"]),
    ],
    targets: [
        .target(name: "LandfallModels"),
        .target(
            name: "LandfallKit",
            dependencies: ["LandfallModels"],
            exclude: ["README.md"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
    ]
)
