import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

/// `/api/apps/:appId/skan-schema` and `/skan-dev-key`.
@Suite("SKAdNetwork schema and dev key routes")
struct ConversionValueSchemaRouteTests {
    @Test func theAdminOrTheAppsSecretKeyManagesTheSchema() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let path = "/api/apps/\(tenant.app.id)/skan-schema"
            expectAPIError(try await server.admin(.get, path), .notFound, code: "conversion_schema_missing")
            let put = try await server.send(.put, path, token: tenant.secretKey, body: .json(ConversionValueRouteTests.schemaJSON))
            #expect(put.status == .ok)
            let shown = try await server.admin(.get, path).jsonObject()
            #expect(shown["currency"] as? String == "USD")
            #expect((shown["events"] as? [Any])?.count == 4)
            #expect(try await server.send(.delete, path, token: tenant.secretKey).status == .noContent)
            expectAPIError(try await server.admin(.delete, path), .notFound, code: "conversion_schema_missing")
        }
    }

    @Test func overflowingOverlappingOrMisspeltSchemasAreRefused() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let path = "/api/apps/\(tenant.app.id)/skan-schema"
            for json in [
                #"{"revenue": {"bit": 4, "thresholds": [1, 2, 3, 4]}}"#,
                #"{"events": [{"name": "a", "bit": 6}]}"#,
                #"{"revenue": {"bit": 0, "thresholds": [1, 2]}, "events": [{"name": "a", "bit": 1}]}"#,
                #"{"revenu": {"bit": 0, "thresholds": [1]}}"#,
                #"{"coarse": [{"value": "huge", "events": ["a"]}]}"#,
                #"{"revenue": {"bit": 0, "thresholds": "many"}}"#,
            ] {
                expectAPIError(try await server.admin(.put, path, body: .json(json)), .badRequest, code: "invalid_field")
            }
            expectAPIError(try await server.admin(.put, path, body: .json("[1]")), .badRequest, code: "invalid_json")
            expectAPIError(try await server.admin(.get, path), .notFound, code: "conversion_schema_missing")
        }
    }

    @Test func otherAppsKeysAndNoKeysAreRefused() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            let path = "/api/apps/\(tenant.app.id)/skan-schema"
            expectAPIError(try await server.send(.get, path), .unauthorized, code: "unauthorized")
            expectAPIError(try await server.send(.get, path, token: other.secretKey), .forbidden, code: "forbidden")
            expectAPIError(try await server.send(.get, path, token: publishable), .forbidden, code: "forbidden")
            expectAPIError(
                try await server.send(.post, "/api/apps/\(tenant.app.id)/skan-dev-key", token: other.secretKey), .forbidden,
                code: "forbidden")
            expectAPIError(try await server.admin(.get, "/api/apps/no-such-app/skan-schema"), .notFound, code: "app_not_found")
        }
    }

    @Test func theDevKeyIsShownOnceThenOnlyByItsPrefix() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let path = "/api/apps/\(tenant.app.id)/skan-dev-key"
            expectAPIError(try await server.admin(.get, path), .notFound, code: "dev_key_missing")
            let issued = try await server.send(.post, path, token: tenant.secretKey)
            #expect(issued.status == .created)
            let key = try #require(try issued.jsonObject()["devKey"] as? String)
            #expect(key.hasPrefix("lf_dk_") && key.count == 38)
            let shown = try await server.admin(.get, path).jsonObject()
            #expect(shown["devKey"] == nil)
            #expect(shown["prefix"] as? String == String(key.prefix(10)))
            #expect(try await server.storage.conversionDevKey(appId: tenant.app.id)?.devKey == key)
        }
    }
}
