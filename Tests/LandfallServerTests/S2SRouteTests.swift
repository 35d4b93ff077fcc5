import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// Issue 17: clicks and installs posted server to server with the time they happened.
@Suite("Server-to-server clicks and installs")
struct S2SRouteTests {
    typealias Phone = AttributionFlowTests.Phone

    struct Results: Decodable {
        struct Item: Decodable {
            struct Failure: Decodable { var code: String; var message: String }
            var index: Int
            var clickId: String?
            var clickToken: String?
            var error: Failure?
        }

        var results: [Item]
    }

    static func clickJSON(_ phone: Phone, at date: Date, code: String = "pasta", extra: String = "") -> String {
        """
        {"link": "\(code)", "ip": "\(phone.address)", "userAgent": "\(phone.browserAgent)", "screenWidth": \(phone.width),
         "screenHeight": \(phone.height), "timezone": "\(phone.timezone)", "language": "\(phone.language)",
         "timestamp": "\(date.formatted(.iso8601))"\(extra)}
        """
    }

    static func postClicks(_ server: TestServer, key: String, _ body: String) async throws -> Results {
        let response = try await server.send(.post, "/api/s2s/v1/clicks", token: key, body: .json(body))
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(Results.self)
    }

    static func postInstall(_ server: TestServer, key: String, _ phone: Phone, at date: Date) async throws -> TestResponse {
        let extra = #", "ip": "\#(phone.address)", "timestamp": \#(Int64(date.timeIntervalSince1970 * 1000))"#
        return try await server.send(.post, "/api/s2s/v1/installs", token: key, body: .json(phone.installBody(extra: extra)))
    }

    @Test func aBatchAnswersEachItemAndKeepsTheGoodOnes() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let phone = Phone(address: "198.51.100.7")
            let now = server.clock.now
            let batch = """
                {"clicks": [
                  \(Self.clickJSON(phone, at: now.addingTimeInterval(-600))),
                  \(Self.clickJSON(Phone(address: "not-an-ip"), at: now)),
                  \(Self.clickJSON(phone, at: now, code: "nope")),
                  \(Self.clickJSON(phone, at: now.addingTimeInterval(3600))),
                  {"link": "pasta", "ip": "198.51.100.8", "userAgent": "x", "screenWidth": "wide", "timestamp": 1},
                  {"linkId": "\(link.id)", "ip": "2001:db8::1", "userAgent": "\(RealUserAgents.iPhoneSafari)",
                   "timestamp": \(Int(now.timeIntervalSince1970) - 60), "clickId": "net-42"},
                  {"ip": "198.51.100.9", "userAgent": "x", "timestamp": 1}
                ]}
                """
            let answer = try await Self.postClicks(server, key: tenant.secretKey, batch)
            #expect(answer.results.map(\.index) == Array(0..<7))
            #expect(
                answer.results.map { $0.error?.code } == [
                    nil, "invalid_field", "link_not_found", "timestamp_in_future", "invalid_field", nil, "invalid_field",
                ])
            #expect(answer.results[1].error?.message.hasPrefix("ip:") == true)
            let stored = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            #expect(Set(stored.map(\.id)) == Set([answer.results[0].clickId, answer.results[5].clickId].compactMap { $0 }))
            let first = try #require(stored.first { $0.id == answer.results[0].clickId })
            #expect(first.clickedAt == now.addingTimeInterval(-600))
            #expect(first.platform == "ios" && first.signals.timezone == "America/Chicago" && first.signals.language == "en-US")
            #expect(first.ipPrefix != nil && first.signature != nil)
        }
    }

    @Test func aReplayedBatchCreatesNothing() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let now = server.clock.now
            let batch = """
                {"clicks": [\(Self.clickJSON(Phone(address: "198.51.100.10"), at: now.addingTimeInterval(-60))),
                 \(Self.clickJSON(Phone(address: "198.51.100.11"), at: now, extra: #", "clickId": "abc""#))]}
                """
            let first = try await Self.postClicks(server, key: tenant.secretKey, batch)
            let again = try await Self.postClicks(server, key: tenant.secretKey, batch)
            #expect(first.results.map(\.clickId) == again.results.map(\.clickId))
            #expect(first.results.allSatisfy { $0.clickId != nil })
            // The network's click id identifies the click, whatever else the retry says.
            let retried = try await Self.postClicks(
                server, key: tenant.secretKey, Self.clickJSON(Phone(address: "198.51.100.12"), at: now, extra: #", "clickId": "abc""#)
            )
            #expect(retried.results.first?.clickId == first.results[1].clickId)
            let stored = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            #expect(stored.count == 2)
        }
    }

    @Test func clicksPostedAnHourLateAttributeAsIfLive() async throws {
        let phone = Phone(address: "203.0.113.77")
        let live = try await TestServer.run(configure: { $0.trustProxy = true }) { server in
            let tenant = try await server.createTenant(AttributionFlowTests.appJSON)
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            _ = try await server.createLink(key: tenant.secretKey, body: AttributionFlowTests.linkJSON)
            _ = try await AttributionFlowTests.click(server, phone)
            server.clock.advance(by: 30 * 60)
            return try await AttributionFlowTests.install(server, key: publishable, phone).decode(InstallResponse.self)
        }
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let clickedAt = server.clock.now
            server.clock.advance(by: 3600)
            let posted = try await Self.postClicks(server, key: tenant.secretKey, Self.clickJSON(phone, at: clickedAt))
            let response = try await Self.postInstall(server, key: tenant.secretKey, phone, at: clickedAt.addingTimeInterval(30 * 60))
            #expect(response.status == .ok, "\(response.text)")
            let late = try response.decode(InstallResponse.self)
            #expect(live.attributed && late.attributed)
            #expect(late.method == live.method)
            #expect(late.confidenceScore == live.confidenceScore)
            #expect(late.matchedFactors.sorted() == live.matchedFactors.sorted())
            #expect(late.clickId == posted.results.first?.clickId)
            #expect(late.deepLinkData?.linkId == link.id)
            let stored = try await server.storage.install(id: late.installId, appId: tenant.app.id)
            let install = try #require(stored)
            #expect(install.createdAt == clickedAt.addingTimeInterval(30 * 60))
        }
    }

    @Test func aClickOlderThanTheWindowIsHistoryNeverACandidate() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let now = server.clock.now
            let old = Phone(address: "198.51.100.40")
            // Another device on another network, so neither install can take the other's click.
            let recent = Phone(address: "203.0.113.41", width: 1170, height: 2532, timezone: "Europe/Lisbon")
            let hour: TimeInterval = 3600
            let batch = """
                {"clicks": [\(Self.clickJSON(old, at: now - 169 * hour)), \(Self.clickJSON(recent, at: now - 167.5 * hour))]}
                """
            let answer = try await Self.postClicks(server, key: tenant.secretKey, batch)
            #expect(answer.results.allSatisfy { $0.clickId != nil })
            let stored = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            #expect(stored.count == 2)
            let history = try #require(stored.first { $0.id == answer.results[0].clickId })
            #expect(history.ipPrefix == nil && history.signature == nil)
            // Both installs state a time inside their own window of both clicks: only the recent one counts.
            let organic = try await Self.postInstall(server, key: tenant.secretKey, old, at: now - 167 * hour).decode(InstallResponse.self)
            #expect(!organic.attributed)
            let matched = try await Self.postInstall(server, key: tenant.secretKey, recent, at: now - 167 * hour).decode(
                InstallResponse.self)
            #expect(matched.attributed && matched.clickId == answer.results[1].clickId)
        }
    }

    @Test func installTimesOutsideTheBoundsAreRefused() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, _ in
            let phone = Phone(address: "198.51.100.50")
            let future = try await Self.postInstall(server, key: tenant.secretKey, phone, at: server.clock.now + 120)
            #expect(future.status == .badRequest && future.text.contains("timestamp_in_future"))
            let old = try await Self.postInstall(server, key: tenant.secretKey, phone, at: server.clock.now - 169 * 3600)
            #expect(old.status == .badRequest && old.text.contains("timestamp_too_old"))
            let skewed = try await Self.postInstall(server, key: tenant.secretKey, phone, at: server.clock.now + 30)
            #expect(skewed.status == .ok)
            let noIP = try await server.send(
                .post, "/api/s2s/v1/installs", token: tenant.secretKey, body: .json(phone.installBody(extra: #", "timestamp": 1"#)))
            #expect(noIP.status == .badRequest && noIP.text.contains("ip:"))
        }
    }

    @Test func onlySecretKeysMayStateTimes() async throws {
        try await AttributionFlowTests.withSetup { server, _, publishable, _ in
            let phone = Phone(address: "198.51.100.60")
            let click = Self.clickJSON(phone, at: server.clock.now)
            let publishableClick = try await server.send(.post, "/api/s2s/v1/clicks", token: publishable, body: .json(click))
            #expect(publishableClick.status == .forbidden)
            let anonymousClick = try await server.send(.post, "/api/s2s/v1/clicks", body: .json(click))
            #expect(anonymousClick.status == .unauthorized)
            let publishableInstall = try await Self.postInstall(server, key: publishable, phone, at: server.clock.now)
            #expect(publishableInstall.status == .forbidden)
        }
    }

    @Test func aBatchLargerThanTheLimitIsRefusedWhole() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, _ in
            let item = Self.clickJSON(Phone(address: "198.51.100.70"), at: server.clock.now)
            let body = #"{"clicks": ["# + Array(repeating: item, count: 1001).joined(separator: ",") + "]}"
            let response = try await server.send(.post, "/api/s2s/v1/clicks", token: tenant.secretKey, body: .json(body))
            #expect(response.status == .badRequest && response.text.contains("1 to 1000"))
            let empty = try await server.send(.post, "/api/s2s/v1/clicks", token: tenant.secretKey, body: .json(#"{"clicks": []}"#))
            #expect(empty.status == .badRequest)
        }
    }
}
