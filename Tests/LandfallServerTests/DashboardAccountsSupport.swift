import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// A server with two apps and an owner, an editor and a viewer of the first, made through
/// `POST /api/dashboard/users` with the admin token, for the dashboard's role tests.
struct AccountsWorld: Sendable {
    struct Person: Sendable {
        var id: String
        var email: String
        var password: String
    }

    let server: TestServer
    let tenant: Tenant
    let other: Tenant
    let owner: Person
    let editor: Person
    let viewer: Person

    /// Light scrypt parameters: the tests check what is stored and compared, not the cost.
    static let fastHashing = PasswordHasher.Parameters(logN: 10, r: 8, p: 1)

    static func run(
        clock: TestClock = TestClock(), configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (AccountsWorld) async throws -> Void
    ) async throws {
        try await TestServer.run(
            clock: clock,
            configure: {
                $0.passwordHashing = fastHashing
                configure(&$0)
            }
        ) { server in
            let tenant = try await server.createTenant()
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            var people: [DashboardRole: Person] = [:]
            for role in DashboardRole.allCases {
                people[role] = try await createUser(server, email: "\(role.rawValue)@acme.test", appId: tenant.app.id, role: role)
            }
            guard let owner = people[.owner], let editor = people[.editor], let viewer = people[.viewer] else { return }
            try await body(AccountsWorld(server: server, tenant: tenant, other: other, owner: owner, editor: editor, viewer: viewer))
        }
    }

    static func createUser(_ server: TestServer, email: String, appId: String, role: DashboardRole) async throws -> Person {
        let password = "pw-\(role.rawValue)-correct horse"
        let response = try await server.admin(
            .post, "/api/dashboard/users",
            body: .json(#"{"email": "\#(email)", "password": "\#(password)", "appId": "\#(appId)", "role": "\#(role.rawValue)"}"#))
        guard response.status == .created, let id = try response.jsonObject()["id"] as? String else {
            throw TestServerError(unexpected: response)
        }
        return Person(id: id, email: email, password: password)
    }

    func person(_ role: DashboardRole) -> Person {
        switch role {
        case .owner: owner
        case .editor: editor
        case .viewer: viewer
        }
    }

    /// A browser signed in as the person with that role.
    func browser(_ role: DashboardRole) async throws -> DashboardRouteTests.Browser {
        var browser = DashboardRouteTests.Browser(server)
        let person = person(role)
        let response = try await browser.signIn(email: person.email, password: person.password)
        guard response.status == .seeOther else { throw TestServerError(unexpected: response) }
        return browser
    }
}

extension DashboardRouteTests.Browser {
    /// Signs in through the email and password form.
    mutating func signIn(email: String, password: String) async throws -> TestResponse {
        _ = try await get("/dashboard/login")
        return try await post("/dashboard/login", ["email": email, "password": password])
    }
}
