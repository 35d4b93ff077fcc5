// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "landfall",
    platforms: [.macOS(.v14), .iOS(.v15)],
    products: [
        .library(name: "LandfallModels", targets: ["LandfallModels"]),
        .library(name: "LandfallKit", targets: ["LandfallKit"]),
        .library(name: "LandfallAttribution", targets: ["LandfallAttribution"]),
        .library(name: "LandfallStore", targets: ["LandfallStore"]),
        .library(name: "LandfallServer", targets: ["LandfallServer"]),
        .executable(name: "landfall", targets: ["landfall"]),
        .executable(name: "landfall-lab", targets: ["landfall-lab"]),
        .executable(name: "landfall-reference", targets: ["landfall-reference"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        .target(name: "LandfallModels", swiftSettings: swiftSettings),
        .target(
            name: "LandfallKit",
            dependencies: ["LandfallModels"],
            exclude: ["README.md"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LandfallAttribution",
            dependencies: ["LandfallModels"],
            swiftSettings: swiftSettings
        ),
        .target(name: "CLandfallSQLite"),
        .target(
            name: "LandfallStore",
            dependencies: [
                "LandfallModels",
                "CLandfallSQLite",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LandfallServer",
            dependencies: [
                "LandfallModels",
                "LandfallAttribution",
                "LandfallStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The dashboard's pages: templates whose output is HTML-escaped unless marked raw.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // Compiled into the binary by the plugin below, not shipped as a resource.
            exclude: ["OpenAPI/openapi.json"],
            swiftSettings: swiftSettings,
            plugins: ["OpenAPIEmbedPlugin"]
        ),
        // `OpenAPI/openapi.json` becomes `OpenAPIDocument.text` at build time, so a `landfall` binary
        // copied on its own still serves `GET /openapi.json` (a resource bundle would stay behind).
        .plugin(name: "OpenAPIEmbedPlugin", capability: .buildTool(), dependencies: ["landfall-openapi-embed"]),
        .executableTarget(name: "landfall-openapi-embed", path: "Plugins/OpenAPIEmbedTool", swiftSettings: swiftSettings),
        // The seeded SplitMix64 the simulator, the lab and the tests share: no dependencies, so the
        // product's `simulate` and the lab can both use it without either depending on the other.
        .target(name: "LandfallRandom", swiftSettings: swiftSettings),
        .target(
            name: "LandfallSimulator",
            dependencies: [
                "LandfallAttribution", "LandfallRandom",
                // The live replays' client: not URLSession, whose libcurl a static binary cannot carry.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The product's command line: what an operator runs. None of the lab's targets that follow may
        // become a dependency of it.
        .executableTarget(
            name: "landfall",
            dependencies: [
                "LandfallServer",
                "LandfallSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `landfall health`: a container's readiness probe without curl in the image.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The lab, through landfall-reference: what measures the product and never ships in it
        // (benchmarks, crash and fuzz runs, the XSS probe, a local PostgreSQL runner, a bare reference
        // server). It may depend on anything.
        .target(name: "LandfallBench", swiftSettings: swiftSettings),
        // Catalogs and click histories generated inside the database, for benchmarks and tests;
        // the product never links it.
        .target(
            name: "LandfallSynthetic",
            dependencies: ["LandfallStore", .product(name: "SQLKit", package: "sql-kit")],
            swiftSettings: swiftSettings
        ),
        .target(name: "LandfallLocalPostgres", dependencies: ["LandfallBench"], swiftSettings: swiftSettings),
        .target(
            name: "LandfallLab",
            dependencies: [
                "LandfallServer",
                "LandfallBench",
                "LandfallSynthetic",
                "LandfallLocalPostgres",
                "LandfallRandom",
                // `fit-cost`: observations from a simulated population, as the server would have stored them.
                "LandfallSimulator",
                // `reliability power`: the power-loss VFS it registers and cuts.
                "CLandfallSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `reliability crash`: its load clients, and the SQL it checks the database with.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // `bench`: a statement's round trip timed beside the PostgreSQL match.
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "landfall-lab",
            dependencies: [
                "LandfallLab",
                "LandfallBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Not linked: listed so that building the lab builds the binaries it starts beside it.
                "landfall",
                "landfall-reference",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "landfall-reference",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "landfall-kit-example",
            dependencies: ["LandfallKit"],
            path: "Examples/CommandLine",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LandfallTestSupport",
            dependencies: [
                "LandfallStore",
                "LandfallBench",
                "LandfallLocalPostgres",
                "LandfallRandom",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Tests/LandfallTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LandfallBenchTests",
            dependencies: [
                "LandfallBench",
                "LandfallLocalPostgres",
                "LandfallRandom",
                // Not imported: listed so that the reference server is built before these tests run it.
                "landfall-reference",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LandfallModelsTests",
            dependencies: ["LandfallModels"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "LandfallKitTests", dependencies: ["LandfallKit"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LandfallKitEndToEndTests",
            dependencies: [
                "LandfallKit",
                "LandfallServer",
                "LandfallTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "LandfallSimulatorTests", dependencies: ["LandfallSimulator"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LandfallAttributionTests",
            dependencies: ["LandfallAttribution", "LandfallRandom"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LandfallStoreTests",
            dependencies: [
                "LandfallModels", "LandfallStore", "LandfallBench", "LandfallRandom", "LandfallSynthetic", "LandfallTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LandfallServerTests",
            dependencies: [
                "LandfallServer",
                "LandfallTestSupport",
                "LandfallBench",
                "LandfallRandom",
                "LandfallSynthetic",
                "LandfallLab",
                // Imported for the product's own helpers, and run as real processes: the product
                // for scale-out and crash tests, the lab for the reliability commands.
                "landfall",
                "landfall-lab",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                // The power-loss tests read the database they cut with plain SQL.
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
