import Foundation
import LandfallKit
import Logging
import Testing

/// What the SDK's first contact with a newly deployed server looks like from the server's side.
@Suite("A fresh live server")
struct ServerStartTests {
    @Test func aFreshDatabaseServesTheSDKWithoutLoggingErrors() async throws {
        let entries = Inbox<String>()
        let logger = Logger(label: "landfall.e2e.start") { _ in RecordingLogHandler(entries: entries, minimumLevel: .error) }

        try await LiveServer.run(logger: logger) { server in
            let mealtime = try await server.setUpMealtime()
            let client = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            try await client.start(with: server.configuration(apiKey: mealtime.publishableKey))
        }

        // The background services must not touch the database before the schema check migrated it.
        #expect(entries.received.isEmpty)
    }
}

/// Keeps the messages logged at `minimumLevel` or above, with their metadata.
struct RecordingLogHandler: LogHandler {
    let entries: Inbox<String>
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(entries: Inbox<String>, minimumLevel: Logger.Level) {
        self.entries = entries
        self.logLevel = minimumLevel
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let pairs = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        entries.append("\(event.level): \(event.message) \(pairs)")
    }
}
