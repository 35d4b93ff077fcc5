import ArgumentParser
import LandfallServer
import LandfallStore

/// Runs a management command straight against the database, after the same schema check as `serve`.
enum StorageCommand {
    static func run(_ options: DatabaseOptions, _ body: @Sendable (SQLStorage) async throws -> Void) async throws {
        let logger = try options.makeLogger()
        let location = try options.location()
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in
            try await SchemaCheck.ensureCurrent(provider: provider, engine: location.engine, migrate: false, logger: logger)
            try await body(storage)
        }
    }

    /// Finds an app by id or slug.
    static func app(_ reference: String, in storage: SQLStorage) async throws -> AppRecord {
        if let app = try await storage.app(id: reference) { return app }
        if let app = try await storage.listApps().first(where: { $0.slug == reference }) { return app }
        throw ValidationError("no app with id or slug '\(reference)'")
    }
}
