import Foundation
import HummingbirdTesting
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import Testing

/// Two Landfall servers on one PostgreSQL database sending the same outbox.
@Suite("Webhooks on several servers")
struct WebhookScaleOutTests {
    @Test func twoServersSendingOneOutboxDeliverEachMessageOnce() async throws {
        let location = try await TestPostgres.freshDatabase()
        var logger = Logger(label: "landfall.tests")
        logger.logLevel = .warning
        let quiet = logger
        try await WebhookReceiver.run { receiver, port in
            var configuration = ServerConfiguration(
                host: "127.0.0.1", port: 0, database: location, adminToken: TestServer.adminToken, migrate: true,
                publicURL: TestServer.publicURL
            )
            configuration.webhooks = WebhookConfiguration(
                allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, batchSize: 8, deliversInBackground: false)
            let first = try await buildApplication(configuration: configuration, logger: quiet)
            let second = try await buildApplication(configuration: configuration, logger: quiet)
            try await first.application.test(.router) { _ in
                try await second.application.test(.router) { _ in
                    let date = Date()
                    let app = AppRecord(
                        id: "app-scale", slug: "scale", name: "Scale", domains: [], settings: AppSettings(), createdAt: date,
                        updatedAt: date)
                    try await first.storage.insertApp(app)
                    try await first.storage.insertWebhookEndpoint(
                        WebhookEndpointRecord(
                            id: "whep_scale", appId: app.id, url: "http://127.0.0.1:\(port)/hook", eventTypes: ["*"],
                            secret: WebhookSignature.generateSecret(), createdAt: date, updatedAt: date
                        ))
                    let messages = (0..<40).map {
                        WebhookMessageRecord(id: "msg_scale_\($0)", appId: app.id, type: "install.organic", payload: "{}", createdAt: date)
                    }
                    try await first.storage.enqueueWebhookMessages(messages, retryWindow: 3600)
                    // Both servers drain the outbox at once, each claiming batches of 8.
                    async let fromFirst = Self.drain(first.webhooks)
                    async let fromSecond = Self.drain(second.webhooks)
                    let (a, b) = try await (fromFirst, fromSecond)
                    #expect(a + b == 40)
                    let ids = receiver.arrivals.map(\.id)
                    #expect(ids.count == 40)
                    #expect(Set(ids) == Set(messages.map(\.id)))
                }
            }
        }
    }

    /// Delivers until nothing is due; returns how many deliveries this server attempted.
    static func drain(_ dispatcher: WebhookDispatcher) async throws -> Int {
        var total = 0
        while true {
            let attempted = try await dispatcher.deliverDue()
            if attempted == 0 { return total }
            total += attempted
        }
    }
}
