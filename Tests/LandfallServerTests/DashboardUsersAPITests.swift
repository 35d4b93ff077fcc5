import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// `/api/dashboard/users`: how the admin token makes the first owner and manages accounts.
@Suite("Dashboard users API")
struct DashboardUsersAPITests {
    static func run(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        try await TestServer.run(configure: { $0.passwordHashing = AccountsWorld.fastHashing }, body)
    }

    @Test("the admin token creates an owner; the answer and the list never carry the password or its hash")
    func createOwner() async throws {
        try await Self.run { server in
            let app = try await server.createApp()
            let password = "a long enough password"
            let created = try await server.admin(
                .post, "/api/dashboard/users",
                body: .json(#"{"email": "Ana@Example.com", "password": "\#(password)", "appId": "\#(app.id)", "role": "owner"}"#))
            #expect(created.status == .created)
            let object = try created.jsonObject()
            #expect(object["email"] as? String == "ana@example.com")
            #expect((object["apps"] as? [[String: Any]])?.first?["role"] as? String == "owner")
            let stored = try #require(try await server.storage.dashboardUser(email: "ana@example.com"))
            #expect(stored.passwordHash.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
            let list = try await server.admin(.get, "/api/dashboard/users")
            #expect(list.status == .ok)
            for text in [created.text, list.text] {
                #expect(!text.contains(password) && !text.contains(stored.passwordHash) && !text.contains("password"))
            }
        }
    }

    @Test("without the admin token every route answers 401 in the JSON error shape")
    func adminOnly() async throws {
        try await Self.run { server in
            let tenant = try await server.createTenant()
            for (method, path) in [
                (HTTPRequest.Method.post, "/api/dashboard/users"), (.get, "/api/dashboard/users"), (.delete, "/api/dashboard/users/x"),
                (.put, "/api/dashboard/users/x/apps/\(tenant.app.id)"), (.delete, "/api/dashboard/users/x/apps/\(tenant.app.id)"),
            ] {
                expectAPIError(
                    try await server.send(method, path, token: tenant.secretKey, body: .json("{}")), .unauthorized, code: "unauthorized")
            }
        }
    }

    @Test("a bad email, a short password, an unknown role or app, and a taken email are refused and leave nothing")
    func refusals() async throws {
        try await Self.run { server in
            let app = try await server.createApp()
            let post = { (json: String) in try await server.admin(.post, "/api/dashboard/users", body: .json(json)) }
            expectAPIError(
                try await post(#"{"email": "not-an-email", "password": "long enough pass"}"#), .badRequest, code: "invalid_field")
            expectAPIError(try await post(#"{"email": "a@example.com", "password": "short"}"#), .badRequest, code: "invalid_field")
            expectAPIError(
                try await post(#"{"email": "a@example.com", "password": "long enough pass", "appId": "\#(app.id)", "role": "admin"}"#),
                .badRequest, code: "invalid_field")
            expectAPIError(
                try await post(#"{"email": "a@example.com", "password": "long enough pass", "appId": "nope", "role": "owner"}"#),
                .notFound, code: "app_not_found")
            #expect(try await server.storage.dashboardUsers().isEmpty)
            #expect(try await post(#"{"email": "a@example.com", "password": "long enough pass"}"#).status == .created)
            expectAPIError(try await post(#"{"email": "A@example.com", "password": "long enough pass"}"#), .conflict, code: "email_taken")
        }
    }

    @Test("a role is set, changed and removed per app; deleting the user removes its memberships")
    func roles() async throws {
        try await Self.run { server in
            let app = try await server.createApp()
            let created = try await server.admin(
                .post, "/api/dashboard/users", body: .json(#"{"email": "bo@example.com", "password": "long enough pass"}"#))
            let id = try #require(try created.jsonObject()["id"] as? String)
            let path = "/api/dashboard/users/\(id)/apps/\(app.id)"
            let set = try await server.admin(.put, path, body: .json(#"{"role": "viewer"}"#))
            #expect(set.status == .ok)
            #expect(try set.jsonObject()["role"] as? String == "viewer")
            #expect(try await server.admin(.put, path, body: .json(#"{"role": "editor"}"#)).status == .ok)
            #expect(try await server.storage.dashboardMemberships(userId: id).map(\.role) == [.editor])
            expectAPIError(try await server.admin(.put, path, body: .json(#"{"role": "boss"}"#)), .badRequest, code: "invalid_field")
            expectAPIError(
                try await server.admin(.put, "/api/dashboard/users/nobody/apps/\(app.id)", body: .json(#"{"role": "viewer"}"#)), .notFound,
                code: "user_not_found")
            #expect(try await server.admin(.delete, path).status == .noContent)
            expectAPIError(try await server.admin(.delete, path), .notFound, code: "member_not_found")
            #expect(try await server.admin(.delete, "/api/dashboard/users/\(id)").status == .noContent)
            expectAPIError(try await server.admin(.delete, "/api/dashboard/users/\(id)"), .notFound, code: "user_not_found")
        }
    }
}
