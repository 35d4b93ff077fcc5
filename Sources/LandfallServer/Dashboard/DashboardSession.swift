import Crypto
import Foundation
import LandfallStore
import NIOConcurrencyHelpers

/// Who a dashboard session belongs to: the operator (admin token), one app (its secret key), or a
/// person with an account and a role in each of their apps.
enum DashboardPrincipal: Sendable, Hashable {
    case admin
    case app(appId: String, keyId: String)
    case user(userId: String, email: String, sessionId: String)

    /// What logs say about the principal: ids only, never an email or a credential.
    var logDescription: String {
        switch self {
        case .admin: "admin"
        case .app(let appId, let keyId): "app \(appId) key \(keyId)"
        case .user(let userId, _, _): "user \(userId)"
        }
    }
}

/// Signed session cookies and the CSRF tokens bound to them.
///
/// The cookie holds the principal, an expiry and a random nonce, signed with HMAC-SHA256 under a key
/// kept in the settings table, so every server sharing the database accepts it and a restart keeps
/// people signed in. Credentials are never in the cookie: an admin session names a prefix of the
/// admin token's hash (a new token ends it) and an app session names its key id (revoking the key
/// ends it); both are checked on every request. An account's session is also stored server-side
/// (`dashboard_sessions`, by the SHA-256 of the secret in the cookie), so it can be listed and
/// revoked, and it ends when the row goes (sign-out, "sign out everywhere", the user deleted).
struct DashboardSessions: Sendable {
    static let cookieName = "lf_dashboard"
    static let loginCookieName = "lf_dashboard_login"
    static let lifetime: TimeInterval = 12 * 3_600
    static let settingKey = "dashboard_session_key"

    let storage: any LandfallStorage
    let adminTokenHash: @Sendable () -> String?
    let now: @Sendable () -> Date
    /// The key's bytes: `SymmetricKey` itself is not `Sendable`.
    private let cachedKey = NIOLockedValueBox<Data?>(nil)

    init(storage: any LandfallStorage, adminTokenHash: @escaping @Sendable () -> String?, now: @escaping @Sendable () -> Date) {
        self.storage = storage
        self.adminTokenHash = adminTokenHash
        self.now = now
    }

    struct Payload: Codable, Sendable, Hashable {
        /// `admin`, `app` or `user`.
        var kind: String
        var appId: String?
        var keyId: String?
        /// First 16 hex digits of the admin token's hash.
        var adminHash: String?
        /// An account session's secret; its SHA-256 is the stored session's `token_hash`.
        var token: String?
        var expires: Int64
        var nonce: String
    }

    /// A new cookie value for the admin token or an app key.
    func issue(_ principal: DashboardPrincipal) async throws -> String {
        let expires = Int64(now().timeIntervalSince1970 + Self.lifetime)
        let nonce = SecretGenerator.base62(length: 22)
        let payload: Payload
        switch principal {
        case .admin:
            payload = Payload(kind: "admin", adminHash: adminTokenHash().map { String($0.prefix(16)) }, expires: expires, nonce: nonce)
        case .app(let appId, let keyId): payload = Payload(kind: "app", appId: appId, keyId: keyId, expires: expires, nonce: nonce)
        case .user(let userId, _, _): payload = try await storedSession(userId: userId, expires: expires, nonce: nonce)
        }
        let encoded = Self.base64URL(try JSONEncoder().encode(payload))
        return "\(encoded).\(try await sign(encoded))"
    }

    /// Stores a new session of the account and returns the payload that names it.
    private func storedSession(userId: String, expires: Int64, nonce: String) async throws -> Payload {
        let token = SecretGenerator.base62(length: 32)
        let date = now()
        try await storage.insertDashboardSession(
            DashboardSessionRecord(
                id: SecretGenerator.identifier(at: date), userId: userId, tokenHash: SecretGenerator.sha256Hex(token), createdAt: date,
                expiresAt: Date(timeIntervalSince1970: Double(expires))))
        return Payload(kind: "user", token: token, expires: expires, nonce: nonce)
    }

    /// Deletes the stored session a cookie names, if it is an account's.
    func revoke(_ payload: Payload) async throws {
        guard payload.kind == "user", let token = payload.token,
            let stored = try await storage.dashboardSession(tokenHash: SecretGenerator.sha256Hex(token))
        else { return }
        _ = try await storage.deleteDashboardSession(id: stored.id, userId: stored.userId)
    }

    /// The principal of a valid, unexpired cookie whose credential still stands; nil otherwise.
    func principal(cookie: String) async throws -> (principal: DashboardPrincipal, payload: Payload)? {
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let signature = Self.fromBase64URL(String(parts[1])),
            let data = Self.fromBase64URL(String(parts[0]))
        else { return nil }
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data(parts[0].utf8), using: try await key()) else {
            return nil
        }
        guard let payload = try? JSONDecoder().decode(Payload.self, from: data), Double(payload.expires) > now().timeIntervalSince1970
        else {
            return nil
        }
        switch payload.kind {
        case "admin":
            guard let hash = adminTokenHash(), payload.adminHash == String(hash.prefix(16)) else { return nil }
            return (.admin, payload)
        case "app":
            guard let appId = payload.appId, let keyId = payload.keyId,
                try await storage.keys(appId: appId).contains(where: { $0.id == keyId && !$0.isRevoked && $0.kind == .secret })
            else {
                return nil
            }
            return (.app(appId: appId, keyId: keyId), payload)
        case "user":
            guard let token = payload.token, let stored = try await storage.dashboardSession(tokenHash: SecretGenerator.sha256Hex(token)),
                stored.expiresAt > now(), let user = try await storage.dashboardUser(id: stored.userId)
            else {
                return nil
            }
            return (.user(userId: user.id, email: user.email, sessionId: stored.id), payload)
        default:
            return nil
        }
    }

    /// The CSRF token every form of a session carries: bound to the session's nonce, so it dies with it.
    func csrfToken(for payload: Payload) async throws -> String {
        try await sign("csrf|\(payload.nonce)")
    }

    /// The token the sign-in form carries, bound to the random value of the pre-session cookie.
    func loginToken(for nonce: String) async throws -> String {
        try await sign("login|\(nonce)")
    }

    /// Constant-time comparison of a presented token with the expected one.
    static func matches(_ presented: String?, _ expected: String) -> Bool {
        guard let presented else { return false }
        let a = Array(presented.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func sign(_ text: String) async throws -> String {
        Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: try await key())))
    }

    /// The signing key, created once per deployment; the first server to store it wins.
    private func key() async throws -> SymmetricKey {
        if let bytes = cachedKey.withLockedValue({ $0 }) { return SymmetricKey(data: bytes) }
        let candidate = SecretGenerator.base62(length: 43)
        let stored = try await storage.setSettingIfAbsent(Self.settingKey, value: candidate)
        let bytes = Data(SHA256.hash(data: Data(stored.utf8)))
        cachedKey.withLockedValue { $0 = bytes }
        return SymmetricKey(data: bytes)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func fromBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}
