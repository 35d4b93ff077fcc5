import Foundation
import Hummingbird
import LandfallServer
import LandfallStore
import Logging
import ServiceLifecycle

/// The server the fuzzer talks to: the application `landfall serve` runs, on a fresh SQLite file,
/// in this process so that webhook delivery can be switched off (a generated endpoint URL must
/// never be called) and every server error it logs can be counted.
struct FuzzServer: Sendable {
    let port: Int
    let adminToken: String
    let fixtures: FuzzFixtures
    /// Every request that ended in a 500, as the server logged it.
    let serverErrors: FuzzErrorLog
    /// How long a connection may go without a complete request head: short, so that the slowloris
    /// waves finish quickly, and long enough for schemathesis's kept-alive connections.
    static let idleTimeoutSeconds: Int64 = 5
    var idleTimeoutSeconds: Int64 { Self.idleTimeoutSeconds }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the server, seeds it, runs `body` against it and stops it.
    static func run<Value: Sendable>(in directory: URL, _ body: (FuzzServer) async throws -> Value) async throws -> Value {
        let errors = FuzzErrorLog()
        let logger = Logger(label: "landfall.fuzz") { label in
            var handler = FuzzErrorLogHandler(label: label, log: errors)
            handler.logLevel = .warning
            return handler
        }
        let adminToken = "lf_admin_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, database: .sqlite(path: directory.appendingPathComponent("fuzz.sqlite").path),
            adminToken: adminToken, migrate: true
        )
        configuration.webhooks.deliversInBackground = false
        configuration.idleTimeout = .seconds(idleTimeoutSeconds)
        // The fuzzer sends far faster than any app; the limiters have tests and a reliability part
        // of their own (`landfall-lab reliability limits`), and 429s here would only thin the examples.
        configuration.apiRateLimits.enabled = false
        configuration.sdkLinkLimits = SDKLinkLimits(
            perApp: .init(burst: 1_000_000, per: .seconds(1)), perAddress: .init(burst: 1_000_000, per: .seconds(1)))
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let landfall = try await buildApplication(configuration: configuration, logger: logger, onListening: { portSink.yield($0) })
        let services = ServiceGroup(services: [landfall.application], logger: logger)
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                try await services.run()
                return nil
            }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw FuzzError("the server stopped before it listened") }
            let outcome: Result<Value, any Error>
            do {
                let fixtures = try await FuzzFixtures.seed(landfall)
                outcome = .success(try await body(FuzzServer(port: port, adminToken: adminToken, fixtures: fixtures, serverErrors: errors)))
            } catch {
                outcome = .failure(error)
            }
            // Graceful, as `landfall serve` stops on SIGTERM: connections close, buffered clicks are written.
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try outcome.get()
        }
    }
}

/// What the fuzzer's authenticated requests act on.
struct FuzzFixtures: Sendable {
    var appId: String
    var secretKey: String
    var publishableKey: String
    var linkId: String
    var shortCode: String
    var templateId: String
    var templateSlug: String
    var endpointId: String
    var deliveryId: String

    static func seed(_ landfall: LandfallApplication) async throws -> FuzzFixtures {
        let storage = landfall.storage
        let now = Date()
        let app = try await landfall.apps.createApp(
            name: "Fuzz", slug: "fuzz", domains: [], uriScheme: "fuzz", webFallbackUrl: "https://example.com/fuzz"
        )
        let secret = try await landfall.apps.createKey(appId: app.id, kind: .secret, name: "fuzz secret")
        let publishable = try await landfall.apps.createKey(appId: app.id, kind: .publishable, name: "fuzz publishable")
        let link = try await landfall.links.createLink(
            app: app, originalUrl: "https://example.com/fuzz/a", customCode: "fuzz-a", deepLinkPath: "/a")
        let template = TemplateRecord(
            id: UUID().uuidString.lowercased(), appId: app.id, name: "Fuzz template", slug: "fuzzt",
            defaults: LinkContent(originalUrl: "https://example.com/fuzz/t"), createdAt: now, updatedAt: now
        )
        try await storage.insertTemplate(template)
        // `.invalid` never resolves (RFC 2606), and delivery is off besides.
        let endpoint = WebhookEndpointRecord(
            id: UUID().uuidString.lowercased(), appId: app.id, url: "https://hooks.invalid/landfall", eventTypes: ["*"],
            secret: "whsec_" + UUID().uuidString.replacingOccurrences(of: "-", with: ""), createdAt: now, updatedAt: now
        )
        try await storage.insertWebhookEndpoint(endpoint)
        let message = WebhookMessageRecord(
            id: UUID().uuidString.lowercased(), appId: app.id, type: "link.created", payload: #"{"type":"link.created"}"#, createdAt: now
        )
        try await storage.enqueueWebhookMessages([message], retryWindow: 86_400)
        let deliveries = try await storage.webhookDeliveries(endpointId: endpoint.id, appId: app.id, status: nil, before: nil, limit: 1)
        guard let delivery = deliveries.first else { throw FuzzError("seeding: the webhook message made no delivery") }
        return FuzzFixtures(
            appId: app.id, secretKey: secret.key, publishableKey: publishable.key, linkId: link.id, shortCode: link.shortCode,
            templateId: template.id, templateSlug: template.slug, endpointId: endpoint.id, deliveryId: delivery.id
        )
    }
}

struct FuzzError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
