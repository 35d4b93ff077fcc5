import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

/// `POST /api/privacy/erasures`: GDPR erasure by install id or external user id, secret key only.
@Suite("Privacy API: erasures")
struct EraseRouteTests {
    typealias Flow = AttributionFlowTests

    struct ErasureJSON: Decodable {
        var installId: String?
        var externalUserId: String?
        var erasedAt: Date
        var installIds: [String]
        var removedRows: [String: Int]
        var totalRows: Int
    }

    static func erase(_ server: TestServer, key: String?, _ json: String) async throws -> TestResponse {
        try await server.send(.post, "/api/privacy/erasures", token: key, body: .json(json))
    }

    /// The attribution setup with a clicked, attributed install that sent one event.
    static func withInstall(_ body: @Sendable @escaping (TestServer, Tenant, String, String) async throws -> Void) async throws {
        try await Flow.withSetup { server, tenant, publishable, _ in
            let phone = Flow.Phone(address: "198.51.100.23")
            let token = try await Flow.click(server, phone)
            server.clock.advance(by: 600)
            let install = try await Flow.install(server, key: publishable, phone, extra: #", "clickToken": "\#(token)""#).decode(
                InstallResponse.self)
            let event = try await server.send(
                .post, "/api/sdk/v1/event", token: publishable,
                body: .json(#"{"installId": "\#(install.installId)", "eventName": "signup"}"#)
            )
            #expect(event.status == .created)
            try await body(server, tenant, publishable, install.installId)
        }
    }

    @Test func anInstallIsErasedWithItsEventsAndClick() async throws {
        try await Self.withInstall { server, tenant, _, installId in
            let response = try await Self.erase(server, key: tenant.secretKey, #"{"installId": "\#(installId)"}"#)
            #expect(response.status == .ok, "body: \(response.text)")
            let answer = try response.decode(ErasureJSON.self)
            #expect(answer.installId == installId)
            #expect(answer.externalUserId == nil)
            #expect(answer.erasedAt == server.clock.now)
            #expect(answer.installIds == [installId])
            #expect(answer.removedRows["installs"] == 1)
            #expect(answer.removedRows["events"] == 1)
            #expect(answer.removedRows["clicks"] == 1)
            #expect(answer.totalRows == answer.removedRows.values.reduce(0, +))
            expectAPIError(
                try await server.send(.get, "/api/installs/\(installId)", token: tenant.secretKey), .notFound, code: "install_not_found")
            #expect(try await server.storage.events(installId: installId).isEmpty)
        }
    }

    @Test func anExternalUserIsErasedWithTheShareLinksTheyMade() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let mine = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/a", "externalUserId": "user-42"}"#)
            let theirs = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com/a", "externalUserId": "user-7"}"#)
            let response = try await Self.erase(server, key: tenant.secretKey, #"{"externalUserId": "user-42"}"#)
            #expect(response.status == .ok, "body: \(response.text)")
            let answer = try response.decode(ErasureJSON.self)
            #expect(answer.externalUserId == "user-42")
            #expect(answer.installIds.isEmpty)
            #expect(answer.removedRows["links"] == 1)
            #expect(try await server.storage.link(id: mine.id, appId: tenant.app.id) == nil)
            #expect(try await server.storage.link(id: theirs.id, appId: tenant.app.id) != nil)
        }
    }

    @Test func anUnknownIdIsErasedWithZeroCountsSoARetrySucceeds() async throws {
        try await Self.withInstall { server, tenant, _, installId in
            for _ in 0..<2 {
                let response = try await Self.erase(server, key: tenant.secretKey, #"{"installId": "no-such-install"}"#)
                #expect(response.status == .ok)
                let answer = try response.decode(ErasureJSON.self)
                #expect(answer.totalRows == 0)
                #expect(answer.installIds.isEmpty)
            }
            #expect(try await server.storage.install(id: installId, appId: tenant.app.id) != nil)
        }
    }

    @Test func anotherAppsKeyErasesNothingOfThisApp() async throws {
        try await Self.withInstall { server, tenant, _, installId in
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            let answer = try await Self.erase(server, key: other.secretKey, #"{"installId": "\#(installId)"}"#).decode(ErasureJSON.self)
            #expect(answer.totalRows == 0)
            #expect(try await server.storage.install(id: installId, appId: tenant.app.id) != nil)
        }
    }

    @Test(arguments: [
        ("{}", "subject_required"),
        (#"{"installId": "  ", "externalUserId": ""}"#, "subject_required"),
        (#"{"install_id": "abc"}"#, "subject_required"),
        (#"{"installId": "abc", "externalUserId": "user-42"}"#, "one_subject"),
        (#"{"installId": 5}"#, "invalid_field"),
        (#"{"externalUserId": ["user-42"]}"#, "invalid_field"),
        (#"{"externalUserId": "\#(String(repeating: "x", count: 257))"}"#, "invalid_field"),
        (#"{"installId": "a\u0000b"}"#, "invalid_field"),
        (#"["installId"]"#, "invalid_json"),
        (#"{"installId": "abc""#, "invalid_json"),
    ])
    func badBodiesAreRefusedWithNothingErased(body: String, code: String) async throws {
        try await Self.withInstall { server, tenant, _, installId in
            expectAPIError(try await Self.erase(server, key: tenant.secretKey, body), .badRequest, code: code)
            #expect(try await server.storage.install(id: installId, appId: tenant.app.id) != nil)
        }
    }

    @Test func onlyASecretKeyMayErase() async throws {
        try await Self.withInstall { server, _, publishable, installId in
            let body = #"{"installId": "\#(installId)"}"#
            expectAPIError(try await Self.erase(server, key: nil, body), .unauthorized, code: "unauthorized")
            expectAPIError(try await Self.erase(server, key: TestServer.adminToken, body), .unauthorized, code: "unauthorized")
            expectAPIError(try await Self.erase(server, key: publishable, body), .forbidden, code: "forbidden")
            #expect(try await server.storage.install(id: installId) != nil)
        }
    }
}
