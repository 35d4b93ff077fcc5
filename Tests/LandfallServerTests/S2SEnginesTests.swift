import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import Testing

/// The clicks endpoint's service on both engines: a full batch from the last three days with bad
/// items among them, then the same batch again.
@Suite("Server-to-server clicks on SQLite and PostgreSQL")
struct S2SEnginesTests {
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"

    @Test(arguments: TestEngine.allCases)
    func aThousandBackdatedClicksAreStoredOnceWithPerItemErrors(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await AppService(storage: storage).createApp(
                name: "Acme", slug: "acme", domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
            )
            let link = try await LinkService(storage: storage, publicURL: "https://links.test")
                .createLink(app: app, originalUrl: "https://acme.test/spring", customCode: "spring", deepLinkPath: nil)
            let now = Date(timeIntervalSince1970: 1_764_000_000)
            // Every 100th item is bad in its own way; the others spread over the last three days.
            let items = (0..<1000).map { index -> String in
                let stamp = Int64(now.timeIntervalSince1970) - Int64(index) * 259
                let ip = index % 100 == 7 ? "not-an-ip" : "10.\(index / 250).\(index % 250).1"
                let code = index % 100 == 8 ? "nope" : "spring"
                return #"{"link": "\#(code)", "ip": "\#(ip)", "userAgent": "\#(Self.iPhone)", "timestamp": \#(stamp)}"#
            }
            let body = try JSONDecoder().decode(
                S2SClickBody.self, from: Data((#"{"clicks": ["# + items.joined(separator: ",") + "]}").utf8))
            let service = S2SClickService(storage: storage, now: { now })
            let first = try await service.record(body.slots.map(\.item), app: app, logger: Logger(label: "test"))
            #expect(first.filter { $0.error?.code == "invalid_field" }.count == 10)
            #expect(first.filter { $0.error?.code == "link_not_found" }.count == 10)
            #expect(first.filter { $0.clickId != nil }.count == 980)
            let again = try await service.record(body.slots.map(\.item), app: app, logger: Logger(label: "test"))
            #expect(again == first)
            let stored = try await storage.clicks(linkId: link.id, appId: app.id)
            #expect(stored.count == 980)
            #expect(stored.allSatisfy { $0.receivedAt == now })
            #expect(stored.first?.clickedAt == now.addingTimeInterval(-999 * 259))
            let counted = try await storage.population(appId: app.id, platform: "ios", fromDay: 0, toDay: 1_000_000, values: [])
            #expect(counted.clickCount == 980)
        }
    }
}
