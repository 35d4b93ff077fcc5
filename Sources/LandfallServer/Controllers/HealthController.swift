import Foundation
import Hummingbird
import LandfallStore
import Logging

/// Liveness (no database), readiness (database answers) and the SDK's health check.
struct HealthController: Sendable {
    let storage: any LandfallStorage

    func register(on router: Router<LandfallRequestContext>) {
        router.get("health", use: live)
        router.get("health/ready", use: ready)
        router.get("api/sdk/v1/health", use: sdk)
    }

    @Sendable func live(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try JSONResponse.make(["status": "ok"])
    }

    @Sendable func ready(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        do {
            try await storage.ping()
        } catch {
            context.logger.warning("readiness check failed", metadata: ["error": "\(String(reflecting: error))"])
            throw APIError(.serviceUnavailable, code: "database_unavailable", message: "the database does not answer")
        }
        return try JSONResponse.make(["status": "ready", "database": storage.engine.rawValue])
    }

    @Sendable func sdk(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try JSONResponse.make(["status": "ok", "service": "landfall"])
    }
}
