import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
@_spi(Synthetic) import LandfallStore
import SQLKit
import Testing

@testable import LandfallServer

/// A database that has no room left (SQLite's `max_page_count` on the writer, as a full disk would):
/// writes are refused with 503 and not stored, reads and redirects go on, the click buffer stays
/// bounded, and everything works again once there is room.
@Suite("Disk full")
struct DiskFullTests {
    static let unlimited = 1_073_741_823

    static func limitPages(_ server: TestServer, to pages: Int?) async throws {
        try await server.storage.provider.write { database in
            let current = try await database.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int.self) ?? 0
            try await database.raw("PRAGMA max_page_count = \(unsafeRaw: String(pages ?? current))").run()
        }
    }

    @Test func writesAre503AndNotStoredWhileFullAndTheServerRecoversByItself() async throws {
        try await AttributionFlowTests.withSetup(configure: { $0.clickBufferCapacity = 5 }) { server, tenant, publishable, _ in
            try await Self.limitPages(server, to: nil)
            var stored: [String] = []
            var refused: [String] = []
            // Rows fit into free room in pages already there for a while; then one needs a new page.
            for index in 0..<400 where refused.count < 3 {
                let key = "full-\(index)"
                let response = try await AttributionFlowTests.install(
                    server, key: publishable, AttributionFlowTests.Phone(address: "198.51.100.\(index % 200 + 1)"),
                    extra: #", "installKey": "\#(key)""#)
                if response.status == .ok {
                    stored.append(try response.decode(InstallResponse.self).installId)
                } else {
                    expectAPIError(response, .serviceUnavailable, code: "storage_full")
                    #expect(response.headers[.retryAfter] == "5")
                    refused.append(key)
                }
            }
            #expect(refused.count == 3, "the page limit was reached")
            for key in refused {
                #expect(try await server.storage.install(dedupKey: key, appId: tenant.app.id) == nil, "a refused write is not stored")
            }

            // Reads and redirects go on.
            #expect(try await server.send(.get, "/api/links", token: tenant.secretKey).status == .ok)
            func follow(_ index: Int) async throws {
                let page = try await server.send(
                    .get, "/pasta", host: "go.mealtime.test",
                    headers: [.userAgent: RealUserAgents.iPhoneSafari, AttributionFlowTests.forwardedFor: "192.0.2.\(index % 250 + 1)"])
                #expect(page.status == .ok)
            }
            // Clicks too fit into free room for a while, then a batch fails.
            var batchFailed = false
            for index in 0..<400 where !batchFailed {
                try await follow(index)
                do { try await server.landfall.clicks.flush() } catch { batchFailed = true }
            }
            #expect(batchFailed)
            for index in 0..<20 { try await follow(index) }
            // The buffer kept its capacity and dropped the rest, counted.
            #expect(server.landfall.clicks.pendingCount <= 5)
            #expect(server.landfall.clicks.droppedCount > 0)

            // Room again: the same write goes through, the buffered clicks are stored.
            try await Self.limitPages(server, to: Self.unlimited)
            let retried = try await AttributionFlowTests.install(
                server, key: publishable, AttributionFlowTests.Phone(address: "198.51.100.250"),
                extra: #", "installKey": "\#(refused[0])""#)
            #expect(retried.status == .ok)
            try await server.landfall.clicks.flush()
            #expect(server.landfall.clicks.pendingCount == 0)
            let verdict = try await server.storage.provider.read { database in
                try await database.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self)
            }
            #expect(verdict == "ok")
            #expect(stored.count > 0)
        }
    }
}
