import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import Testing

/// A server with the Mealtime app, its keys and a referral program, and the helpers the referral
/// route tests share: invites, phones that click and install, registrations and the list shaped as the referral design shows it.
struct ReferralWorld: Sendable {
    let server: TestServer
    let tenant: Tenant
    let publishable: String

    typealias Phone = AttributionFlowTests.Phone
    /// The referrer's phone.
    static let alice = Phone(address: "198.51.100.23")
    /// A friend's phone: another network, screen, time zone and OS version.
    static let bob = Phone(
        address: "203.0.113.77",
        browserAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        sdkAgent: "Mealtime/4.2.1 iOS/17.5", width: 1290, height: 2796, timezone: "America/New_York", osVersion: "17.5"
    )

    static let program = #"{"keyEvent": "purchase", "webUrl": "https://mealtime.test/join", "deepLinkPath": "/signup"}"#

    /// Runs `body` against a server whose app has the given program (JSON text), or none when nil.
    static func run(
        program: String? = ReferralWorld.program, setup: TestingSetup = .router,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable @escaping (ReferralWorld) async throws -> Void
    ) async throws {
        try await AttributionFlowTests.withSetup(setup: setup, configure: configure) { server, tenant, publishable, _ in
            let world = ReferralWorld(server: server, tenant: tenant, publishable: publishable)
            if let program {
                let saved = try await world.send(.put, "/api/referrals/program", body: program)
                #expect(saved.status == .ok, "\(saved.text)")
            }
            try await body(world)
        }
    }

    func send(_ method: HTTPRequest.Method, _ path: String, key: String? = nil, body: String? = nil) async throws -> TestResponse {
        try await server.send(method, path, token: key ?? tenant.secretKey, body: body.map { .json($0) })
    }

    /// The referrer's invite: its URL, short code and referral code.
    func invite(_ userId: String, extra: String = "", key: String? = nil) async throws -> [String: Any] {
        let response = try await send(.post, "/api/referrals/invites", key: key, body: #"{"userId": "\#(userId)"\#(extra)}"#)
        guard response.status == .created || response.status == .ok else { throw TestServerError(unexpected: response) }
        return try response.jsonObject()
    }

    func code(_ invite: [String: Any]) throws -> String { try #require(invite["referralCode"] as? String) }

    /// Reports an install from `phone`; returns the server's answer.
    func install(_ phone: Phone, extra: String = "") async throws -> InstallResponse {
        let response = try await AttributionFlowTests.install(server, key: publishable, phone, extra: extra)
        guard response.status == .ok else { throw TestServerError(unexpected: response) }
        return try response.decode(InstallResponse.self)
    }

    /// Follows the invite on `phone` and installs a minute later, as a friend would.
    func clickAndInstall(_ invite: [String: Any], on phone: Phone, after seconds: TimeInterval = 60) async throws -> InstallResponse {
        let shortCode = try #require(invite["shortCode"] as? String)
        _ = try await AttributionFlowTests.click(server, phone, path: "/\(shortCode)")
        server.clock.advance(by: seconds)
        try await server.landfall.statistics.catchUp()
        return try await install(phone)
    }

    /// `POST /api/referrals`; returns the raw answer.
    func register(_ json: String) async throws -> TestResponse {
        try await send(.post, "/api/referrals", body: json)
    }

    /// Registers and expects a 201; returns the referral object.
    func registered(_ json: String) async throws -> [String: Any] {
        let response = try await register(json)
        guard response.status == .created else { throw TestServerError(unexpected: response) }
        return try response.jsonObject()
    }

    /// `GET /api/users/:userId/referrals` as a JSON array.
    func list(_ userId: String, query: String = "") async throws -> [[String: Any]] {
        let response = try await send(.get, "/api/users/\(userId)/referrals\(query)")
        guard response.status == .ok else { throw TestServerError(unexpected: response) }
        return try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])
    }

    func event(_ installId: String, name: String = "purchase", data: String = "{}") async throws {
        let response = try await server.send(
            .post, "/api/sdk/v1/event", token: publishable,
            body: .json(#"{"installId": "\#(installId)", "eventName": "\#(name)", "eventData": \#(data)}"#)
        )
        guard response.status == .created else { throw TestServerError(unexpected: response) }
    }
}
