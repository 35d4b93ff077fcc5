import Foundation
import HTTPTypes
import LandfallModels
import Hummingbird
import LandfallStore
import Logging

/// `POST /api/apps/:appId/branch-keys` (admin token): adopts an app's existing Branch key and
/// secret (`key_live_…`, `secret_live_…`) as its publishable and secret keys, so a server that
/// calls Branch keeps its configuration and only changes the host. Only their hashes are stored.
struct BranchKeysController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let now: @Sendable () -> Date

    struct Input: Decodable, Sendable {
        var branchKey: String?
        var branchSecret: String?

        enum CodingKeys: String, CodingKey {
            case branchKey = "branch_key", branchSecret = "branch_secret"
        }
    }

    func register(on router: Router<LandfallRequestContext>) {
        router.post("api/apps/:appId/branch-keys", use: importKeys)
    }

    @Sendable func importKeys(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let appId = try context.parameters.require("appId")
        guard let app = try await storage.app(id: appId) else { throw AppsController.appNotFound }
        let input = try await RequestDecoding.decode(Input.self, from: request)
        var keys: [(String, APIKeyRecord.Kind)] = []
        if let key = try Self.validKey(input.branchKey, "branch_key") { keys.append((key, .publishable)) }
        if let secret = try Self.validKey(input.branchSecret, "branch_secret") { keys.append((secret, .secret)) }
        guard !keys.isEmpty else { throw APIError.validation("branch_key", "give branch_key, branch_secret or both") }
        // Checked before anything is written, so a clash leaves no half-imported pair.
        for (key, _) in keys where try await storage.key(hash: SecretGenerator.sha256Hex(key)) != nil {
            throw APIError.conflict("key_exists", "the key starting '\(key.prefix(12))' is already registered")
        }
        var records: [APIKeyRecord] = []
        for (key, kind) in keys {
            let record = APIKeyRecord(
                id: SecretGenerator.identifier(), appId: app.id, kind: kind, name: kind == .secret ? "Branch secret" : "Branch key",
                keyHash: SecretGenerator.sha256Hex(key), displayPrefix: String(key.prefix(12)), createdAt: now()
            )
            try await storage.insertKey(record)
            records.append(record)
        }
        context.logger.info("branch keys imported", metadata: ["app": "\(app.id)", "keys": "\(records.count)"])
        return try JSONResponse.make(["data": records.map { KeyResponse($0) }], status: .created)
    }

    /// Branch keys are opaque: any 8-256 printable ASCII characters without spaces.
    static func validKey(_ value: String?, _ field: String) throws -> String? {
        guard let value else { return nil }
        guard (8...256).contains(value.count), value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw APIError.validation(field, "must be 8-256 printable characters without spaces, such as key_live_…")
        }
        return value
    }
}
