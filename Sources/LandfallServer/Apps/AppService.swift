import Foundation
import LandfallStore

/// Creating apps and their keys: shared by the HTTP API and the `landfall` command.
public struct AppService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date

    public init(storage: any LandfallStorage, now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.now = now
    }

    func create(_ input: AppInput) async throws -> AppRecord {
        let valid = try input.validated()
        let date = now()
        let app = AppRecord(
            id: SecretGenerator.identifier(), slug: valid.slug, name: valid.name, domains: valid.domains,
            settings: valid.settings, createdAt: date, updatedAt: date
        )
        try await storage.insertApp(app)
        return app
    }

    func update(_ app: AppRecord, with input: AppInput) async throws -> AppRecord {
        let valid = try input.validated()
        var updated = app
        updated.name = valid.name
        updated.slug = valid.slug
        updated.domains = valid.domains
        updated.settings = valid.settings
        updated.updatedAt = now()
        try await storage.updateApp(updated)
        return updated
    }

    /// Creates a key from the API's body (or the dashboard's form) and returns it with its one-time plaintext.
    func createKey(appId: String, input: KeyInput) async throws -> (record: APIKeyRecord, key: String) {
        guard let kind = APIKeyRecord.Kind(rawValue: input.kind ?? "secret") else {
            throw APIError.validation("kind", "must be 'secret' or 'publishable'")
        }
        return try await createKey(appId: appId, kind: kind, name: input.name)
    }

    /// Revokes one of the app's keys: sessions and requests made with it stop working at once.
    func revokeKey(id: String, appId: String) async throws {
        guard try await storage.revokeKey(id: id, appId: appId, at: now()) else {
            throw APIError.notFound("key_not_found", "the app has no key \(id)")
        }
    }

    /// Creates a key and returns it with its one-time plaintext.
    public func createKey(appId: String, kind: APIKeyRecord.Kind, name: String?) async throws -> (record: APIKeyRecord, key: String) {
        let key = kind == .secret ? SecretGenerator.secretKey() : SecretGenerator.publishableKey()
        let record = APIKeyRecord(
            id: SecretGenerator.identifier(), appId: appId, kind: kind,
            name: try Validate.text(name, "name", max: 100) ?? "\(kind.rawValue) key",
            keyHash: SecretGenerator.sha256Hex(key), displayPrefix: String(key.prefix(10)), createdAt: now()
        )
        try await storage.insertKey(record)
        return (record, key)
    }

    /// Creates an app from command-line values, validated exactly like the API.
    public func createApp(name: String, slug: String?, domains: [String], uriScheme: String?, webFallbackUrl: String?) async throws
        -> AppRecord
    {
        try await create(AppInput(name: name, slug: slug, domains: domains, uriScheme: uriScheme, webFallbackUrl: webFallbackUrl))
    }
}
