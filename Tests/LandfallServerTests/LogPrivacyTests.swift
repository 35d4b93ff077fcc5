import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Logging
import Testing
@testable import LandfallLab

/// Traffic through every path that sees a client address, a key, a token or an email, on a live
/// server whose logger keeps every record at info and above: none of those values may be in one.
@Suite("No addresses, keys, tokens or emails in the logs at info level")
struct LogPrivacyTests {
    typealias Phone = AttributionFlowTests.Phone
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let ipOverride = HTTPField.Name("X-IP-Override")!
    static let clickPhone = Phone(address: "198.51.100.23")
    static let ipv6Phone = Phone(address: "2001:db8:77:88::9")
    static let s2sClickAddress = "192.0.2.144"
    static let s2sInstallAddress = "203.0.113.201"
    static let branchAddress = "198.18.7.99"
    static let referrerEmail = "Ada.Lovelace@example.org"
    static let externalUserId = "user-4711-private"

    @Test func aDayOfTrafficLeavesNoSecretInTheInfoLog() async throws {
        let logs = CapturedLogs()
        let logger = Logger(label: "landfall.audit") { label in CapturingLogHandler(label: label, logs: logs, level: .info) }
        let secrets = try await TestServer.run(setup: .live, configure: { $0.trustProxy = true }, logger: logger) { server in
            try await Self.drive(server)
        }
        // The audit must have seen the traffic it audits: the routes log their writes at info.
        #expect(logs.all.count >= 10)
        #expect(logs.all.contains { $0.text.contains("key created") })
        for message in [
            "install attributed", "s2s clicks recorded", "referral registered", "branch session", "dashboard sign-in", "person erased",
        ] {
            #expect(logs.all.contains { $0.text.contains(message) }, "no '\(message)' record")
        }
        #expect(logs.all.contains { $0.text.contains("method=deterministic") })
        let findings = logs.findings(of: secrets)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    /// The audit is only as good as its scan: a value in metadata, in another case, is found.
    @Test func theScanFindsASecretInMetadataWhateverItsCase() {
        let logs = CapturedLogs()
        let logger = Logger(label: "landfall.audit") { label in CapturingLogHandler(label: label, logs: logs, level: .info) }
        logger.debug("below the level", metadata: ["ip": "192.0.2.1"])
        logger.info("signed up", metadata: ["who": "\(Self.referrerEmail.uppercased())"])
        let findings = logs.findings(of: [("email", Self.referrerEmail), ("address", "192.0.2.1")])
        #expect(findings.map(\.secret) == ["email"])
    }

    /// Sends the traffic and returns every secret it used, named.
    static func drive(_ server: TestServer) async throws -> [(name: String, value: String)] {
        let tenant = try await server.createTenant(AttributionFlowTests.appJSON)
        let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
        let link = try await server.createLink(key: tenant.secretKey, body: AttributionFlowTests.linkJSON)
        var secrets: [(name: String, value: String)] = [
            ("admin token", TestServer.adminToken), ("secret key", tenant.secretKey), ("publishable key", publishable),
            ("redirect address", clickPhone.address), ("IPv6 address", ipv6Phone.address), ("S2S click address", s2sClickAddress),
            ("S2S install address", s2sInstallAddress), ("Branch address", branchAddress), ("email", referrerEmail),
            ("external user id", externalUserId),
        ]

        // A visit, its beacon and the install it leads to; an IPv6 phone's install.
        let clickToken = try await AttributionFlowTests.click(server, clickPhone)
        secrets.append(("click token", clickToken))
        try await server.landfall.clicks.flush()
        let installed = try await AttributionFlowTests.install(
            server, key: publishable, clickPhone, extra: #", "clickToken": "\#(clickToken)""#)
        #expect(installed.status == .ok, "\(installed.text)")
        let installId = try #require(try installed.jsonObject()["installId"] as? String)
        #expect(try await AttributionFlowTests.install(server, key: publishable, ipv6Phone).status == .ok)
        let event = try await server.send(
            .post, "/api/sdk/v1/event", token: publishable,
            body: .json(#"{"installId": "\#(installId)", "eventName": "purchase", "eventData": {"plan": "pro"}}"#),
            headers: [forwardedFor: clickPhone.address]
        )
        #expect(event.status == .created, "\(event.text)")
        let resolved = try await server.send(
            .get, "/api/sdk/v1/resolve/\(link.shortCode)", token: publishable, headers: [forwardedFor: clickPhone.address])
        #expect(resolved.status == .ok, "\(resolved.text)")

        // Server to server: a click with its address, an install from another.
        let stamp = Int64(server.clock.now.timeIntervalSince1970) - 600
        let clicks = try await server.send(
            .post, "/api/s2s/v1/clicks", token: tenant.secretKey,
            body: .json(
                #"{"clicks": [{"link": "\#(link.shortCode)", "ip": "\#(s2sClickAddress)", "userAgent": "\#(RealUserAgents.iPhoneSafari)", "timestamp": \#(stamp)}]}"#
            )
        )
        #expect(clicks.status == .ok, "\(clicks.text)")
        let s2sInstall = try await S2SRouteTests.postInstall(
            server, key: tenant.secretKey, Phone(address: s2sInstallAddress), at: server.clock.now.addingTimeInterval(-60)
        )
        #expect(s2sInstall.status == .ok, "\(s2sInstall.text)")

        // Referrals: a program, an invite, a registration that states an email.
        #expect(
            try await server.send(.put, "/api/referrals/program", token: tenant.secretKey, body: .json(ReferralWorld.program)).status == .ok
        )
        let invite = try await server.send(
            .post, "/api/referrals/invites", token: tenant.secretKey, body: .json(#"{"userId": "\#(externalUserId)"}"#)
        )
        #expect(invite.status == .created || invite.status == .ok, "\(invite.text)")
        let code = try #require(try invite.jsonObject()["referralCode"] as? String)
        let registered = try await server.send(
            .post, "/api/referrals", token: tenant.secretKey,
            body: .json(#"{"userId": "friend-1", "referralCode": "\#(code)", "email": "\#(referrerEmail)", "installId": "\#(installId)"}"#),
            headers: [forwardedFor: clickPhone.address]
        )
        #expect(registered.status == .created, "\(registered.text)")

        // A Branch-compatible open from its own address.
        let branchKeys = try await server.admin(
            .post, "/api/apps/\(tenant.app.id)/branch-keys",
            body: .json(#"{"branch_key": "\#(BranchSetup.branchKey)", "branch_secret": "\#(BranchSetup.branchSecret)"}"#)
        )
        #expect(branchKeys.status == .created, "\(branchKeys.text)")
        secrets += [("Branch key", BranchSetup.branchKey), ("Branch secret", BranchSetup.branchSecret)]
        let open = try await server.send(
            .post, "/v1/open", body: .raw(BranchSetup.openBody(), contentType: "application/x-www-form-urlencoded"),
            headers: [ipOverride: branchAddress]
        )
        #expect(open.status == .ok, "\(open.text)")

        // Refused requests log too: a wrong key, a revoked key, a dashboard sign-in with a bad token.
        let wrongKey = "lf_sk_" + String(repeating: "x", count: 40)
        secrets.append(("wrong key", wrongKey))
        #expect(try await server.send(.get, "/api/links", token: wrongKey).status == .unauthorized)
        let revoked = try await server.createKey(appId: tenant.app.id, kind: .secret)
        secrets.append(("revoked key", revoked.token))
        #expect(try await server.admin(.delete, "/api/apps/\(tenant.app.id)/keys/\(revoked.id)").status == .noContent)
        #expect(try await server.send(.get, "/api/links", token: revoked.token).status == .unauthorized)
        let badToken = "lf_admin_" + String(repeating: "y", count: 40)
        secrets.append(("bad dashboard token", badToken))
        var browser = DashboardRouteTests.Browser(server)
        #expect(try await browser.signIn(badToken).status == .unauthorized)
        #expect(try await browser.signIn(tenant.secretKey).status == .seeOther)

        // Erasure of the referrer by external id.
        let erased = try await server.send(
            .post, "/api/privacy/erasures", token: tenant.secretKey, body: .json(#"{"externalUserId": "\#(externalUserId)"}"#)
        )
        #expect(erased.status == .ok, "\(erased.text)")
        try await server.landfall.clicks.flush()
        return secrets
    }
}
