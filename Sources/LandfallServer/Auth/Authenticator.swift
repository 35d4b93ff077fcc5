import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore

/// Checks the bearer credential of a request: the admin token, or an app's key.
public struct Authenticator: Sendable {
    let storage: any LandfallStorage
    /// SHA-256 of the admin token, known once the server has started; the token itself is never kept.
    let adminTokenHash: @Sendable () -> String?
    /// Live keys by hash with their app: an SDK sends its key on every request.
    let keys: ExpiringCache<String, KeyedApp>

    struct KeyedApp: Sendable {
        var key: APIKeyRecord
        var app: AppRecord
    }

    /// Passes only with the admin token.
    func requireAdmin(_ request: Request) throws {
        guard let presented = Self.bearer(request), let expected = adminTokenHash(),
            SecretGenerator.sha256Hex(presented) == expected
        else {
            throw APIError.unauthorized
        }
    }

    /// The app whose live secret key authorised the request.
    func requireSecretKey(_ request: Request) async throws -> AppRecord {
        guard let presented = Self.bearer(request) else { throw APIError.unauthorized }
        guard let keyed = try await liveKey(presented) else { throw APIError.unauthorized }
        guard keyed.key.kind == .secret else {
            throw APIError.forbidden("a publishable key cannot call this route; use the app's secret key")
        }
        return keyed.app
    }

    /// The live publishable or secret key that authorised the request, with its app.
    func requireAppKey(_ request: Request) async throws -> KeyedApp {
        guard let presented = Self.bearer(request), let keyed = try await liveKey(presented) else { throw APIError.unauthorized }
        return keyed
    }

    /// The app a publishable or secret key belongs to, or nil when the request carries no key.
    func optionalAppKey(_ request: Request) async throws -> AppRecord? {
        guard let presented = Self.bearer(request) else { return nil }
        guard let keyed = try await liveKey(presented) else { throw APIError.unauthorized }
        return keyed.app
    }

    /// The unrevoked key with this secret and its app, from memory when recently seen.
    func liveKey(_ presented: String) async throws -> KeyedApp? {
        let hash = SecretGenerator.sha256Hex(presented)
        if let cached = keys.value(for: hash) { return cached }
        let revision = keys.revisionBeforeRead()
        guard let key = try await storage.key(hash: hash), !key.isRevoked, let app = try await storage.app(id: key.appId) else {
            return nil
        }
        let keyed = KeyedApp(key: key, app: app)
        keys.store(keyed, for: hash, readAt: revision)
        return keyed
    }

    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = String(parts[1]).trimmingWhitespace()
        return token.isEmpty ? nil : token
    }
}
