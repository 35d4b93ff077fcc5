import Foundation
import LandfallServer
import LandfallStore
import Testing

/// A posted click's two times, and the click statistics: a stated time may lie behind the watermark
/// the statistics service has already passed, and such a click must still be counted, once.
@Suite("Server-to-server clicks: received time and statistics")
struct S2SStatisticsTests {
    typealias Phone = AttributionFlowTests.Phone

    static func counted(_ server: TestServer, appId: String) async throws -> Int {
        try await server.storage.population(appId: appId, platform: "ios", fromDay: 0, toDay: 1_000_000, values: []).clickCount
    }

    @Test func aPostedClickKeepsWhenItHappenedAndWhenItArrived() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, link in
            let happened = server.clock.now.addingTimeInterval(-2 * 3600)
            let answer = try await S2SRouteTests.postClicks(
                server, key: tenant.secretKey, S2SRouteTests.clickJSON(Phone(address: "198.51.100.90"), at: happened))
            _ = try await AttributionFlowTests.click(server, Phone(address: "198.51.100.91"))
            let stored = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            let posted = try #require(stored.first { $0.id == answer.results.first?.clickId })
            #expect(posted.clickedAt == happened && posted.receivedAt == server.clock.now)
            // A redirect's click arrived as it happened: it has one time.
            let redirected = try #require(stored.first { $0.id != posted.id })
            #expect(redirected.receivedAt == nil && redirected.clickedAt == server.clock.now)
        }
    }

    @Test func aBackdatedClickBehindTheWatermarkIsCountedOnce() async throws {
        try await AttributionFlowTests.withSetup { server, tenant, _, _ in
            let start = server.clock.now
            _ = try await AttributionFlowTests.click(server, Phone(address: "198.51.100.92"))
            try await server.landfall.clicks.flush()
            server.clock.advance(by: 15 * 60)
            // The service's own loop may count it first; either way it is counted once.
            try await server.landfall.statistics.catchUp()
            #expect(try await Self.counted(server, appId: tenant.app.id) == 1)
            let watermark = try #require(try await server.storage.statisticsWatermark())
            #expect(watermark > start.epochMilliseconds)
            // One click an hour before the counted one, one after the watermark.
            let batch = """
                {"clicks": [\(S2SRouteTests.clickJSON(Phone(address: "198.51.100.93"), at: start.addingTimeInterval(-3600))),
                 \(S2SRouteTests.clickJSON(Phone(address: "198.51.100.94"), at: server.clock.now))]}
                """
            _ = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(try await Self.counted(server, appId: tenant.app.id) == 3)
            // The statistics pass moving past the second click does not count it again, nor does a replay.
            server.clock.advance(by: 15 * 60)
            try await server.landfall.statistics.catchUp()
            #expect(try await server.storage.statisticsWatermark() ?? 0 > server.clock.now.addingTimeInterval(-60).epochMilliseconds)
            _ = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(try await Self.counted(server, appId: tenant.app.id) == 3)
        }
    }
}
