import Foundation
import LandfallServer
import LandfallStore
import Logging

/// Prepares the crash check's database in-process, before the first server starts on it.
enum CrashSeeding {
    struct Keys: Sendable {
        var appId: String
        /// What installs and events carry, as an app's SDK does.
        var publishable: String
        /// What link creation carries: a backend's key, which no per-address limit applies to.
        var secret: String
    }

    static func prepare(_ location: DatabaseLocation, logger: Logger) async throws -> Keys {
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in
            try await Migrator(provider: provider).migrate()
            let apps = AppService(storage: storage)
            let app = try await apps.createApp(
                name: "Crash check", slug: "crash", domains: [], uriScheme: nil, webFallbackUrl: "https://example.com/recipes"
            )
            let publishable = try await apps.createKey(appId: app.id, kind: .publishable, name: "crash sdk")
            let secret = try await apps.createKey(appId: app.id, kind: .secret, name: "crash backend")
            return Keys(appId: app.id, publishable: publishable.key, secret: secret.key)
        }
    }
}
