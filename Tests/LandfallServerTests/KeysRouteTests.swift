import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

@Suite("Keys API: /api/apps/:appId/keys")
struct KeysRouteTests {
    @Test func createSecretKeyReturnsThePlaintextKeyOnce() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(.post, "/api/apps/\(app.id)/keys", body: .json(#"{"kind": "secret"}"#))
            #expect(response.status == .created)
            let key = try response.decode(KeyJSON.self)
            let plaintext = try #require(key.key)
            #expect(plaintext.hasPrefix("lf_sk_"))
            #expect(plaintext.count == "lf_sk_".count + 32)
            #expect(key.kind == "secret")
            #expect(key.appId == app.id)
            #expect(key.prefix == String(plaintext.prefix(10)))
            #expect(key.name == "secret key")
            #expect(key.createdAt == TestServer.startDate)
            #expect(key.revokedAt == nil)
        }
    }

    @Test func createPublishableKeyReturnsAPublishableKey() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(
                .post, "/api/apps/\(app.id)/keys", body: .json(#"{"kind": "publishable", "name": "iOS app"}"#)
            )
            #expect(response.status == .created)
            let key = try response.decode(KeyJSON.self)
            #expect(try #require(key.key).hasPrefix("lf_pk_"))
            #expect(key.kind == "publishable")
            #expect(key.name == "iOS app")
        }
    }

    @Test func createKeyWithoutABodyIssuesASecretKey() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(.post, "/api/apps/\(app.id)/keys")
            #expect(response.status == .created)
            let key = try response.decode(KeyJSON.self)
            #expect(key.kind == "secret")
            #expect(try #require(key.key).hasPrefix("lf_sk_"))
        }
    }

    @Test func issuedSecretKeyAuthorisesTheAppsLinkRoutes() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let key = try await server.createKey(appId: app.id)
            let response = try await server.send(.get, "/api/links", token: key.token)
            #expect(response.status == .ok)
        }
    }

    @Test func listKeysShowsPrefixesButNeverTheKeys() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let secret = try await server.createKey(appId: app.id, kind: .secret)
            server.clock.advance(by: 1)
            let publishable = try await server.createKey(appId: app.id, kind: .publishable)
            let response = try await server.admin(.get, "/api/apps/\(app.id)/keys")
            #expect(response.status == .ok)
            #expect(!response.text.contains(secret.token))
            #expect(!response.text.contains(publishable.token))
            let page = try response.decode(PageJSON<KeyJSON>.self)
            #expect(page.data.map(\.id) == [secret.id, publishable.id])
            #expect(page.data.allSatisfy { $0.key == nil })
            #expect(page.data.map(\.prefix) == [String(secret.token.prefix(10)), String(publishable.token.prefix(10))])
        }
    }

    @Test func listKeysShowsOnlyTheAppsOwnKeys() async throws {
        try await TestServer.run { server in
            let acme = try await server.createApp(#"{"name": "Acme"}"#)
            let other = try await server.createApp(#"{"name": "Other"}"#)
            let own = try await server.createKey(appId: acme.id)
            _ = try await server.createKey(appId: other.id)
            let page = try await server.admin(.get, "/api/apps/\(acme.id)/keys").decode(PageJSON<KeyJSON>.self)
            #expect(page.data.map(\.id) == [own.id])
        }
    }

    @Test func revokeKeyAnswers204AndTheKeyStopsWorking() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let key = try await server.createKey(appId: app.id)
            server.clock.advance(by: 30)
            let response = try await server.admin(.delete, "/api/apps/\(app.id)/keys/\(key.id)")
            #expect(response.status == .noContent)
            expectAPIError(try await server.send(.get, "/api/links", token: key.token), .unauthorized, code: "unauthorized")
            let listed = try await server.admin(.get, "/api/apps/\(app.id)/keys").decode(PageJSON<KeyJSON>.self)
            #expect(listed.data.first?.revokedAt == TestServer.startDate.addingTimeInterval(30))
        }
    }

    @Test func revokingARevokedKeyKeepsTheFirstRevocationTime() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let key = try await server.createKey(appId: app.id)
            #expect(try await server.admin(.delete, "/api/apps/\(app.id)/keys/\(key.id)").status == .noContent)
            server.clock.advance(by: 3600)
            #expect(try await server.admin(.delete, "/api/apps/\(app.id)/keys/\(key.id)").status == .noContent)
            let listed = try await server.admin(.get, "/api/apps/\(app.id)/keys").decode(PageJSON<KeyJSON>.self)
            #expect(listed.data.first?.revokedAt == TestServer.startDate)
        }
    }

    @Test func revokingOneKeyLeavesTheOthersWorking() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let revoked = try await server.createKey(appId: app.id)
            let kept = try await server.createKey(appId: app.id)
            #expect(try await server.admin(.delete, "/api/apps/\(app.id)/keys/\(revoked.id)").status == .noContent)
            #expect(try await server.send(.get, "/api/links", token: kept.token).status == .ok)
        }
    }

    @Test func revokeUnknownKeyAnswers404() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            expectAPIError(
                try await server.admin(.delete, "/api/apps/\(app.id)/keys/no-such-key"), .notFound, code: "key_not_found"
            )
        }
    }

    @Test func keyRoutesOfAnUnknownAppAnswer404() async throws {
        try await TestServer.run { server in
            expectAPIError(
                try await server.admin(.post, "/api/apps/no-such-app/keys", body: .json(#"{"kind": "secret"}"#)),
                .notFound, code: "app_not_found"
            )
            expectAPIError(try await server.admin(.get, "/api/apps/no-such-app/keys"), .notFound, code: "app_not_found")
            expectAPIError(
                try await server.admin(.delete, "/api/apps/no-such-app/keys/no-such-key"), .notFound, code: "app_not_found"
            )
        }
    }

    @Test func keyRoutesAnswer401WithoutTheAdminToken() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let key = try await server.createKey(appId: app.id)
            let requests: [(HTTPRequest.Method, String)] = [
                (.post, "/api/apps/\(app.id)/keys"),
                (.get, "/api/apps/\(app.id)/keys"),
                (.delete, "/api/apps/\(app.id)/keys/\(key.id)"),
            ]
            for (method, path) in requests {
                expectAPIError(try await server.send(method, path), .unauthorized, code: "unauthorized")
                // An app's own secret key does not manage keys either.
                expectAPIError(try await server.send(method, path, token: key.token), .unauthorized, code: "unauthorized")
            }
            #expect(try await server.send(.get, "/api/links", token: key.token).status == .ok)
        }
    }
}
