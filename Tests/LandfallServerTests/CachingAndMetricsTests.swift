import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import LandfallTestSupport
import NIOConcurrencyHelpers
import NIOCore
import Testing

/// The in-memory catalog caches never serve what this server has just changed, and `/api/metrics`
/// counts what happened.
@Suite("Caches and metrics")
struct CachingAndMetricsTests {
    @Test func anEditedLinkRedirectsToItsNewDestinationAtOnce() async throws {
        try await RedirectRouteTests.withLink { server, tenant, link in
            let before = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(before.headers[.location] == "https://mealtime.test/recipes/42?utm_source=newsletter")
            let patched = try await server.send(
                .patch, "/api/links/\(link.id)", token: tenant.secretKey,
                body: .json(#"{"originalUrl": "https://mealtime.test/recipes/43"}"#)
            )
            #expect(patched.status == .ok)
            let after = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(after.headers[.location] == "https://mealtime.test/recipes/43?utm_source=newsletter")
        }
    }

    @Test func aLinkEditedThroughAnotherProcessRedirectsAnewOnceTheCatalogRevisionIsRead() async throws {
        let location = NIOLockedValueBox<DatabaseLocation?>(nil)
        try await TestServer.run(configure: { configuration in location.withLockedValue { $0 = configuration.database } }) { server in
            let tenant = try await server.createTenant(RedirectRouteTests.appJSON)
            let created = try await server.createLink(key: tenant.secretKey, body: RedirectRouteTests.linkJSON)
            // What the server has seen so far; the background watcher may have taken note already.
            try await server.storage.observeSharedCatalogRevision()
            let before = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(before.headers[.location] == "https://mealtime.test/recipes/42?utm_source=newsletter")

            // The CLI, or another server: its own connections to the same file.
            let database = try #require(location.withLockedValue { $0 })
            try await StorageFactory.withStorage(at: database, logger: TestDatabases.logger) { other, _ in
                var link = try #require(try await other.link(id: created.id, appId: tenant.app.id))
                link.content.originalUrl = "https://mealtime.test/recipes/43"
                try await other.updateLink(link)
            }
            let cached = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(cached.status == .found)

            try await server.storage.observeSharedCatalogRevision()
            let after = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(after.headers[.location] == "https://mealtime.test/recipes/43?utm_source=newsletter")
        }
    }

    @Test func aDeletedLinkIsGoneAtOnceAfterBeingServedFromMemory() async throws {
        try await RedirectRouteTests.withLink { server, tenant, link in
            let served = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(served.status == .found)
            let deleted = try await server.send(.delete, "/api/links/\(link.id)", token: tenant.secretKey)
            #expect(deleted.status == .noContent)
            let after = try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome)
            #expect(after.status == .notFound)
        }
    }

    @Test func aRevokedKeyIsRefusedAtOnceAfterBeingUsed() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let key = try await server.createKey(appId: app.id)
            #expect(try await server.send(.get, "/api/links", token: key.token).status == .ok)
            #expect(try await server.admin(.delete, "/api/apps/\(app.id)/keys/\(key.id)").status == .noContent)
            expectAPIError(try await server.send(.get, "/api/links", token: key.token), .unauthorized, code: "unauthorized")
        }
    }

    @Test func metricsNeedTheAdminToken() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            expectAPIError(try await server.send(.get, "/api/metrics"), .unauthorized, code: "unauthorized")
            expectAPIError(try await server.send(.get, "/api/metrics", token: tenant.secretKey), .unauthorized, code: "unauthorized")
        }
    }

    @Test func metricsCountRedirectsClicksAndCacheHits() async throws {
        try await RedirectRouteTests.withLink { server, _, _ in
            for _ in 0..<3 {
                #expect(try await RedirectRouteTests.visit(server, userAgent: RealUserAgents.desktopChrome).status == .found)
            }
            #expect(try await RedirectRouteTests.visit(server, "/nope", userAgent: RealUserAgents.desktopChrome).status == .notFound)
            try await server.landfall.clicks.flush()
            let response = try await server.admin(.get, "/api/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let metrics = Self.samples(String(buffer: response.body))
            #expect(metrics["landfall_redirects_total{outcome=\"redirect\"}"] == 3)
            #expect(metrics["landfall_redirects_total{outcome=\"not_found\"}"] == 1)
            #expect(metrics["landfall_clicks_queued_total"] == 3)
            #expect(metrics["landfall_clicks_written_total"] == 3)
            #expect(metrics["landfall_clicks_pending"] == 0)
            // The first visit read the link; the next two came from memory.
            #expect(metrics["landfall_link_cache_hits_total"] == 2)
            #expect(metrics["landfall_install_match_seconds_count"] == 0)
        }
    }

    static func samples(_ text: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            values[String(line[..<space])] = value
        }
        return values
    }
}
