import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Health checks")
struct HealthTests {
    @Test func livenessAnswersOKWithoutReportingTheDatabase() async throws {
        try await TestServer.run { server in
            let response = try await server.send(.get, "/health")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let body = try response.decode([String: String].self)
            // Liveness says only that the process answers; the database is readiness's business.
            #expect(body == ["status": "ok"])
        }
    }

    @Test func readinessReportsTheSQLiteDatabase() async throws {
        try await TestServer.run { server in
            let response = try await server.send(.get, "/health/ready")
            #expect(response.status == .ok)
            #expect(try response.decode([String: String].self) == ["status": "ready", "database": "sqlite"])
        }
    }

    @Test func sdkHealthAnswersOKWithTheServiceName() async throws {
        try await TestServer.run { server in
            let response = try await server.send(.get, "/api/sdk/v1/health")
            #expect(response.status == .ok)
            #expect(try response.decode([String: String].self) == ["status": "ok", "service": "landfall"])
        }
    }

    @Test func healthNeedsNoCredentials() async throws {
        try await TestServer.run { server in
            for path in ["/health", "/health/ready", "/api/sdk/v1/health"] {
                let response = try await server.send(.get, path, token: "not-a-key")
                #expect(response.status == .ok, "\(path)")
            }
        }
    }
}
