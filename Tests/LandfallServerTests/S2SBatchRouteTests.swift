import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Testing

/// The issue's walk-through over HTTP on both engines: a full batch of 1,000 clicks from the last
/// three days with bad items among them, the same batch again, then installs with stated times.
@Suite("Server-to-server batch over HTTP on SQLite and PostgreSQL")
struct S2SBatchRouteTests {
    typealias Phone = AttributionFlowTests.Phone

    /// A server on a fresh database of `engine`, with the app and its `pasta` link.
    static func withServer(_ engine: TestEngine, _ body: @Sendable @escaping (TestServer, Tenant, LinkJSON) async throws -> Void)
        async throws
    {
        let postgres: DatabaseLocation? = engine == .postgres ? try await TestPostgres.freshDatabase() : nil
        try await TestServer.run(configure: { configuration in
            if let postgres {
                configuration.database = postgres
                configuration.migrate = true
            }
        }) { server in
            let tenant = try await server.createTenant(AttributionFlowTests.appJSON)
            let link = try await server.createLink(key: tenant.secretKey, body: AttributionFlowTests.linkJSON)
            try await body(server, tenant, link)
        }
    }

    /// Each click's own network (its own /24), so an install from the same address has one best candidate.
    static func phone(_ index: Int) -> Phone {
        Phone(address: "\(20 + index / 250).\(index % 250).\(index % 7).9")
    }

    @Test(arguments: TestEngine.allCases)
    func aThousandClicksFromThreeDaysThenInstallsWithStatedTimes(engine: TestEngine) async throws {
        try await Self.withServer(engine) { server, tenant, link in
            let now = server.clock.now
            let day: TimeInterval = 86_400
            func clickedAt(_ index: Int) -> Date { now - Double(index) * 259 }
            // Every 100th item is bad in its own way at positions 7-10; the times are Unix seconds,
            // Unix milliseconds and ISO 8601 text in turn.
            let items = (0..<1000).map { index -> String in
                let date = clickedAt(index)
                let stamp =
                    switch index % 3 {
                    case 0: "\(Int(date.timeIntervalSince1970))"
                    case 1: "\(Int64(date.timeIntervalSince1970 * 1000))"
                    default: "\"\(date.formatted(.iso8601))\""
                    }
                switch index % 100 {
                case 7: return S2SRouteTests.clickJSON(Phone(address: "not-an-ip"), at: date)
                case 8: return S2SRouteTests.clickJSON(Self.phone(index), at: date, code: "nope")
                case 9: return S2SRouteTests.clickJSON(Self.phone(index), at: now + day)
                case 10:
                    return
                        #"{"link": "pasta", "ip": "\#(Self.phone(index).address)", "userAgent": "x", "screenWidth": "wide", "timestamp": \#(stamp)}"#
                default:
                    let phone = Self.phone(index)
                    return #"""
                        {"link": "pasta", "ip": "\#(phone.address)", "userAgent": "\#(phone.browserAgent)", "screenWidth": \#(phone.width),
                         "screenHeight": \#(phone.height), "timezone": "\#(phone.timezone)", "language": "\#(phone.language)",
                         "clickId": "net-\#(index)", "timestamp": \#(stamp)}
                        """#
                }
            }
            let batch = #"{"clicks": ["# + items.joined(separator: ",") + "]}"
            let first = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(first.results.map(\.index) == Array(0..<1000))
            let codes = Dictionary(grouping: first.results.compactMap(\.error?.code), by: { $0 }).mapValues(\.count)
            #expect(codes == ["invalid_field": 20, "link_not_found": 10, "timestamp_in_future": 10])
            #expect(first.results[7].error?.message.hasPrefix("ip:") == true)
            #expect(first.results[10].error?.message.hasSuffix("screenWidth: expected an integer") == true, "\(first.results[10])")
            #expect(first.results.filter { $0.clickId != nil }.count == 960)

            let again = try await S2SRouteTests.postClicks(server, key: tenant.secretKey, batch)
            #expect(again.results.map(\.clickId) == first.results.map(\.clickId))
            let stored = try await server.clicks(linkId: link.id, appId: tenant.app.id)
            #expect(stored.count == 960)
            #expect(try await server.storage.clickCount(appId: tenant.app.id) == 960)
            #expect(stored.allSatisfy { $0.receivedAt == now })
            #expect(Set(stored.map(\.clickedAt)) == Set((0..<1000).filter { ![7, 8, 9, 10].contains($0 % 100) }.map(clickedAt)))

            // Installs stated 20 minutes after three of the clicks, from the same phones.
            for index in [12, 400, 950] {
                let response = try await S2SRouteTests.postInstall(
                    server, key: tenant.secretKey, Self.phone(index), at: clickedAt(index) + 1200)
                #expect(response.status == .ok, "\(response.text)")
                let answer = try response.decode(InstallResponse.self)
                #expect(answer.attributed && answer.method == "probabilistic", "click \(index): \(response.text)")
                #expect(answer.clickId == first.results[index].clickId)
                #expect(answer.deepLinkData?.linkId == link.id)
                // The same report again is the same install.
                let retried = try await S2SRouteTests.postInstall(
                    server, key: tenant.secretKey, Self.phone(index), at: clickedAt(index) + 1200)
                #expect(try retried.decode(InstallResponse.self).installId == answer.installId)
            }
            // A phone that clicked nothing, on a network nobody clicked from.
            let stranger = Phone(address: "198.18.0.77", width: 1080, height: 2340, timezone: "Asia/Tokyo", language: "ja-JP")
            let organic = try await S2SRouteTests.postInstall(server, key: tenant.secretKey, stranger, at: now - day).decode(
                InstallResponse.self)
            #expect(!organic.attributed && organic.clickId == nil)
        }
    }
}
