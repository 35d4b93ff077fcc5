import Foundation
import LandfallStore

/// Establishes the admin token: the configured one, or one generated on the first start.
enum AdminToken {
    static let settingKey = "admin_token_sha256"

    /// Returns the hash to check requests against.
    ///
    /// - Parameter onGenerated: called with the new token when this start generated it; it is shown
    ///   once and never stored in clear.
    static func resolve(
        configured: String?,
        storage: any SettingStorage,
        onGenerated: @Sendable (String) -> Void
    ) async throws -> String {
        if let configured {
            return SecretGenerator.sha256Hex(configured)
        }
        if let stored = try await storage.setting(settingKey) {
            return stored
        }
        let token = SecretGenerator.adminToken()
        let hash = SecretGenerator.sha256Hex(token)
        // Two servers starting together on one database: only the one whose value was kept prints it.
        let kept = try await storage.setSettingIfAbsent(settingKey, value: hash)
        if kept == hash { onGenerated(token) }
        return kept
    }
}
