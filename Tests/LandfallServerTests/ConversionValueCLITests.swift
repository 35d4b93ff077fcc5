import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

/// The issue's "done when": a schema defined with `landfall skan`, an install with events, and a
/// request signed as AppsFlyer's documentation shows answering the value the schema gives.
@Suite("landfall skan")
struct ConversionValueCLITests {
    @Test func aSchemaAndDevKeyFromTheCLIServeSignedRequests() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-skan-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let databasePath = directory.appendingPathComponent("landfall.sqlite").path
        let database = ["--database", "sqlite:\(databasePath)", "--log-level", "error"]
        let schemaFile = directory.appendingPathComponent("schema.json")
        try Data(ConversionValueRouteTests.schemaJSON.utf8).write(to: schemaFile)
        let overflowing = directory.appendingPathComponent("overflow.json")
        try Data(#"{"revenue": {"bit": 5, "thresholds": [1, 2]}}"#.utf8).write(to: overflowing)

        // The CLI reads the real clock, so the server's starts there too: both see the install in its first window.
        try await TestServer.run(clock: TestClock(Date()), configure: { $0.database = .sqlite(path: databasePath) }) { server in
            let app = try await server.createApp(#"{"name": "Mealtime", "iosAppStoreId": "123456789"}"#)
            let publishable = try await server.createKey(appId: app.id, kind: .publishable).token

            let refused = await #expect(throws: (any Error).self) {
                try await ServerProcess.run(["skan", "set-schema", "--app", "mealtime", "--file", overflowing.path] + database)
            }
            #expect("\(refused.map { "\($0)" } ?? "")".contains("overflows 63"))
            let stored = try await ServerProcess.run(["skan", "set-schema", "--app", "mealtime", "--file", schemaFile.path] + database)
            #expect(stored.contains("Conversion schema of mealtime stored"))
            #expect(try await ServerProcess.run(["skan", "show-schema", "--app", "mealtime"] + database).contains(#""lockEvents""#))
            let issued = try await ServerProcess.run(["skan", "dev-key", "--app", "mealtime"] + database)
            let devKey = try #require(issued.split(separator: "\n").last.map(String.init))
            #expect(devKey.hasPrefix("lf_dk_"))

            let setup = ConversionValueRouteTests.Setup(appId: app.id, secretKey: "", publishable: publishable, devKey: devKey)
            let installId = try await ConversionValueRouteTests.install(server, setup)
            try await ConversionValueRouteTests.event(server, setup, installId, "tutorial")
            try await ConversionValueRouteTests.event(server, setup, installId, "purchase", amount: "6")
            let response = try await server.send(.get, setup.now(server, version: 1, uid: installId).path)
            #expect(response.text == #"{"value":10}"#)
            let preview = try await ServerProcess.run(["skan", "value", "--app", "mealtime", "--install", installId] + database)
            #expect(preview.hasPrefix(#"{"value":10,"coarse_value":"low","lock":false,"#))
        }
    }
}
