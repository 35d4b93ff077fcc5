import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallLocalPostgres
import LandfallStore
import LandfallTestSupport
import Testing

@testable import LandfallServer

/// PostgreSQL stopped under a running server: requests are answered 503 `database_unavailable` with
/// `Retry-After` within the connection wait rather than hanging in postgres-nio's queue, cached
/// redirects go on, and once PostgreSQL is back the same server answers again by itself.
@Suite("PostgreSQL stopped and started under a server", .serialized)
struct DatabaseRestartTests {
    @Test func requestsAre503WhilePostgreSQLIsDownAndSucceedOnceItIsBack() async throws {
        // A cluster of its own: stopping the shared test cluster would fail every other test.
        var settings = LocalPostgresSettings.test
        settings.maxConnections = 20
        settings.directoryPrefix = "landfall-pg-restart"
        let cluster = try await LocalPostgres.start(settings)
        do {
            try await Self.check(cluster)
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    private static func check(_ cluster: LocalPostgresCluster) async throws {
        try await cluster.createDatabase("restart")
        let location = try DatabaseLocation(parsing: cluster.url(database: "restart") + "?sslmode=disable")
        _ = try await StorageFactory.withStorage(at: location, logger: TestDatabases.logger) { _, provider in
            try await Migrator(provider: provider).migrate()
        }
        let wait = Duration.seconds(1)
        try await TestServer.run(configure: {
            $0.database = location; $0.databaseConnectionWait = wait
        }) { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let follow: @Sendable () async throws -> TestResponse = {
                try await server.send(.get, "/\(link.shortCode)", headers: [.userAgent: RealUserAgents.desktopChrome])
            }
            #expect(try await follow().status == .found)

            try await cluster.stopServer()
            let clock = ContinuousClock()
            let started = clock.now
            let list = try await server.send(.get, "/api/links", token: tenant.secretKey)
            expectAPIError(list, .serviceUnavailable, code: "database_unavailable")
            #expect(list.headers[.retryAfter] == "5")
            let create = try await server.send(
                .post, "/api/links", token: tenant.secretKey, body: .json(#"{"originalUrl": "https://example.com/while-down"}"#))
            expectAPIError(create, .serviceUnavailable, code: "database_unavailable")
            // Two requests, each waiting for a connection at most `wait`, then a refused probe: far
            // from postgres-nio's 60 s circuit breaker. The slack is for a loaded machine (5.3 s
            // measured with the whole suite beside it on two cores).
            #expect(clock.now - started < wait * 2 + .seconds(8), "answered within the connection wait")
            // The link is cached: its redirect needs no database.
            #expect(try await follow().status == .found)

            try await cluster.start()
            // The pool reconnects on its own backoff (100 ms, growing by a quarter per failed
            // attempt); each attempt here waits for it up to `wait`.
            var status = HTTPResponse.Status.serviceUnavailable
            for _ in 0..<30 where status != .ok {
                status = try await server.send(.get, "/api/links", token: tenant.secretKey).status
            }
            #expect(status == .ok, "the same server answers again once PostgreSQL is back")
            let created = try await server.send(
                .post, "/api/links", token: tenant.secretKey, body: .json(#"{"originalUrl": "https://example.com/after"}"#))
            #expect(created.status == .created)
            // The click of the redirect made while the database was down is written now.
            #expect(try await server.clicks(linkId: link.id, appId: tenant.app.id).count == 2)
        }
    }
}
