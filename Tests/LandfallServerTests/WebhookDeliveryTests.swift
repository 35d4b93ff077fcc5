import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// Deliveries to a live receiver on loopback, driven by hand (`deliverDue()`) with the test clock.
@Suite("Webhook delivery")
struct WebhookDeliveryTests {
    struct Setup: Sendable {
        var server: TestServer
        var receiver: WebhookReceiver
        var tenant: Tenant
        var publishable: String
        var endpointId: String
        var secret: String
    }

    /// A server that may deliver to loopback (unless `allowLoopback` is false), with an app, a
    /// publishable key and an endpoint at the receiver subscribed to `types`.
    static func withSetup(
        types: String = #"["install.*"]"#, allowLoopback: Bool = true, retryWindow: TimeInterval = 24 * 3600,
        _ body: @Sendable @escaping (Setup) async throws -> Void
    ) async throws {
        try await WebhookReceiver.run { receiver, port in
            try await TestServer.run(configure: { configuration in
                configuration.trustProxy = true
                configuration.webhooks = WebhookConfiguration(
                    allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, retryWindow: retryWindow, initialBackoff: 10,
                    maximumBackoff: 3600,
                    deliversInBackground: false
                )
            }) { server in
                let tenant = try await server.createTenant()
                let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
                let created = try await server.send(
                    .post, "/api/webhooks", token: tenant.secretKey,
                    body: .json(#"{"url": "http://127.0.0.1:\#(port)/hook", "eventTypes": \#(types)}"#)
                )
                #expect(created.status == .created, "\(created.text)")
                let endpoint = try created.jsonObject()
                let setup = Setup(
                    server: server, receiver: receiver, tenant: tenant, publishable: publishable,
                    endpointId: try #require(endpoint["id"] as? String), secret: try #require(endpoint["secret"] as? String)
                )
                try await body(setup)
            }
        }
    }

    /// Reports an install from a new device: organic, since nothing was clicked.
    @discardableResult
    static func reportInstall(_ setup: Setup, device: String = UUID().uuidString) async throws -> InstallResponse {
        let body =
            #"{"userAgent": "Mealtime/4.2 iOS/17.4", "platform": "iOS", "platformVersion": "17.4", "timezone": "Europe/Lisbon", "language": "pt-PT", "screenWidth": 1179, "screenHeight": 2556, "deviceId": "\#(device)"}"#
        let response = try await setup.server.send(
            .post, "/api/sdk/v1/install", token: setup.publishable, body: .json(body),
            headers: [AttributionFlowTests.forwardedFor: "198.51.100.77"]
        )
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(InstallResponse.self)
    }

    static func deliveries(_ setup: Setup) async throws -> [WebhookDeliveryRecord] {
        try await setup.server.storage.webhookDeliveries(
            endpointId: setup.endpointId, appId: setup.tenant.app.id, status: nil, before: nil, limit: 100)
    }

    @Test func anAcknowledgedInstallIsDeliveredSignedToTheReceiver() async throws {
        try await Self.withSetup { setup in
            let install = try await Self.reportInstall(setup)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 1)
            let arrival = try #require(setup.receiver.arrivals.first)
            #expect(arrival.isSigned(with: setup.secret))
            #expect(arrival.id == "msg_\(install.installId)")
            #expect(arrival.timestamp == String(Int(TestServer.startDate.timeIntervalSince1970)))
            #expect(arrival.json["type"] as? String == "install.organic")
            let data = try #require(arrival.json["data"] as? [String: Any])
            #expect(data["installId"] as? String == install.installId)
            #expect(data["method"] as? String == "organic")
            #expect(try await Self.deliveries(setup).map(\.status) == [.succeeded])
        }
    }

    @Test func aRetriedInstallReportIsDeliveredOnce() async throws {
        try await Self.withSetup { setup in
            let first = try await Self.reportInstall(setup, device: "device-1")
            let again = try await Self.reportInstall(setup, device: "device-1")
            #expect(first.installId == again.installId)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 1)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 0)
            #expect(setup.receiver.arrivals.count == 1)
        }
    }

    @Test func failedAttemptsAreRetriedWithGrowingBackoffUntilOneSucceeds() async throws {
        try await Self.withSetup { setup in
            setup.receiver.script([.status(500), .status(503)])
            try await Self.reportInstall(setup)
            let dispatcher = setup.server.landfall.webhooks
            #expect(try await dispatcher.deliverDue() == 1)
            var delivery = try #require(try await Self.deliveries(setup).first)
            let start = setup.server.clock.now
            // First retry after 10 s scaled by a jitter factor in [0.5, 1].
            #expect(delivery.status == .pending)
            #expect(delivery.lastStatusCode == 500)
            #expect((start.addingTimeInterval(5)...start.addingTimeInterval(10)).contains(delivery.nextAttemptAt))
            #expect(try await dispatcher.deliverDue() == 0)
            setup.server.clock.advance(by: 10)
            #expect(try await dispatcher.deliverDue() == 1)
            delivery = try #require(try await Self.deliveries(setup).first)
            #expect(delivery.lastStatusCode == 503)
            let second = setup.server.clock.now
            // Then after 20 s, jittered.
            #expect((second.addingTimeInterval(10)...second.addingTimeInterval(20)).contains(delivery.nextAttemptAt))
            setup.server.clock.advance(by: 20)
            #expect(try await dispatcher.deliverDue() == 1)
            delivery = try #require(try await Self.deliveries(setup).first)
            #expect(delivery.status == .succeeded)
            #expect(delivery.attempts == 3)
            let arrivals = setup.receiver.arrivals
            #expect(arrivals.count == 3)
            #expect(Set(arrivals.map(\.id)).count == 1)
            #expect(arrivals.allSatisfy { $0.isSigned(with: setup.secret) })
            let attempts = try await setup.server.storage.webhookAttempts(deliveryId: delivery.id)
            #expect(attempts.map(\.statusCode) == [500, 503, 200])
        }
    }

    @Test func aDeliveryIsGivenUpWhenItsRetryWindowEnds() async throws {
        try await Self.withSetup(retryWindow: 60) { setup in
            setup.receiver.script(Array(repeating: .status(500), count: 6))
            try await Self.reportInstall(setup)
            let dispatcher = setup.server.landfall.webhooks
            #expect(try await dispatcher.deliverDue() == 1)
            setup.server.clock.advance(by: 10)
            #expect(try await dispatcher.deliverDue() == 1)
            // The next retry, 10-20 s on, would land past the 60 s window only after more failures.
            setup.server.clock.advance(by: 20)
            _ = try await dispatcher.deliverDue()
            setup.server.clock.advance(by: 40)
            _ = try await dispatcher.deliverDue()
            let delivery = try #require(try await Self.deliveries(setup).first)
            #expect(delivery.status == .failed)
            #expect(delivery.lastError?.contains("retry window over") == true)
            setup.server.clock.advance(by: 3600)
            #expect(try await dispatcher.deliverDue() == 0)
        }
    }

    @Test func a410DisablesTheEndpointAndStopsFurtherDeliveries() async throws {
        try await Self.withSetup { setup in
            setup.receiver.script([.status(410)])
            try await Self.reportInstall(setup)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 1)
            let shown = try await setup.server.send(.get, "/api/webhooks/\(setup.endpointId)", token: setup.tenant.secretKey).jsonObject()
            #expect(shown["enabled"] as? Bool == false)
            #expect((shown["disabledReason"] as? String)?.contains("410") == true)
            #expect(try await Self.deliveries(setup).map(\.status) == [.failed])
            try await Self.reportInstall(setup)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 0)
            #expect(try await Self.deliveries(setup).count == 1)
            #expect(setup.receiver.arrivals.count == 1)
        }
    }

    @Test func aRedirectIsNotFollowedAndCountsAsAFailure() async throws {
        try await Self.withSetup { setup in
            setup.receiver.script([.status(302)])
            try await Self.reportInstall(setup)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 1)
            #expect(setup.receiver.arrivals.map(\.path) == ["/hook"])
            let delivery = try #require(try await Self.deliveries(setup).first)
            #expect(delivery.status == .pending)
            #expect(delivery.lastStatusCode == 302)
            #expect(delivery.lastError?.contains("redirects are not followed") == true)
        }
    }

    @Test func eventsAndClicksArePublishedToTheirSubscribers() async throws {
        try await Self.withSetup(types: #"["event.created", "click.created"]"#) { setup in
            let install = try await Self.reportInstall(setup)
            let event = try await setup.server.send(
                .post, "/api/sdk/v1/event", token: setup.publishable,
                body: .json(
                    #"{"installId": "\#(install.installId)", "eventName": "purchase", "eventId": "e-1", "eventData": {"amount": "19.99", "currency": "USD"}}"#
                )
            )
            #expect(event.status == .created)
            let link = try await setup.server.createLink(key: setup.tenant.secretKey)
            let click = try await setup.server.send(
                .get, "/\(link.shortCode)", host: "links.test", headers: [.userAgent: RealUserAgents.desktopChrome])
            #expect(click.status == .found)
            try await setup.server.landfall.clicks.flush()
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 2)
            let types = Set(setup.receiver.arrivals.compactMap { $0.json["type"] as? String })
            #expect(types == ["event.created", "click.created"])
            let eventData = try #require(
                setup.receiver.arrivals.first { $0.json["type"] as? String == "event.created" }?.json["data"] as? [String: Any])
            #expect((eventData["revenue"] as? [String: Any])?["amount"] as? String == "19.99")
            #expect(eventData["name"] as? String == "purchase")
        }
    }

    @Test func aRotatedSecretSignsBesideThePreviousOneFor24Hours() async throws {
        try await Self.withSetup { setup in
            let rotated = try await setup.server.send(
                .post, "/api/webhooks/\(setup.endpointId)/rotate-secret", token: setup.tenant.secretKey)
            #expect(rotated.status == .ok)
            let newSecret = try #require(try rotated.jsonObject()["secret"] as? String)
            #expect(newSecret != setup.secret)
            try await Self.reportInstall(setup)
            try await setup.server.landfall.webhooks.deliverDue()
            let during = try #require(setup.receiver.arrivals.last)
            #expect(during.isSigned(with: newSecret))
            #expect(during.isSigned(with: setup.secret))
            #expect(during.signature.split(separator: " ").count == 2)
            setup.server.clock.advance(by: 24 * 3600)
            try await Self.reportInstall(setup)
            try await setup.server.landfall.webhooks.deliverDue()
            let after = try #require(setup.receiver.arrivals.last)
            #expect(after.isSigned(with: newSecret))
            #expect(!after.isSigned(with: setup.secret))
        }
    }

    @Test func aDeliveryCanBeSentAgainByHandAndItsLogShowsEveryAttempt() async throws {
        try await Self.withSetup { setup in
            setup.receiver.script([.status(500)])
            try await Self.reportInstall(setup)
            try await setup.server.landfall.webhooks.deliverDue()
            let delivery = try #require(try await Self.deliveries(setup).first)
            let path = "/api/webhooks/\(setup.endpointId)/deliveries/\(delivery.id)"
            let redelivered = try await setup.server.send(.post, path + "/redeliver", token: setup.tenant.secretKey)
            #expect(redelivered.status == .accepted)
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 1)
            let log = try await setup.server.send(.get, path, token: setup.tenant.secretKey).jsonObject()
            #expect(log["status"] as? String == "succeeded")
            let attempts = try #require(log["attemptLog"] as? [[String: Any]])
            #expect(attempts.compactMap { $0["statusCode"] as? Int } == [500, 200])
            #expect((log["payload"] as? String)?.contains("install.organic") == true)
            let list = try await setup.server.send(
                .get, "/api/webhooks/\(setup.endpointId)/deliveries?status=succeeded", token: setup.tenant.secretKey)
            #expect(try list.decode(PageJSON<DeliveryJSON>.self).data.map(\.id) == [delivery.id])
            #expect(Set(setup.receiver.arrivals.map(\.id)).count == 1)
        }
    }

    @Test func aLoopbackReceiverIsRefusedAtDeliveryWhenLoopbackIsNotAllowed() async throws {
        try await WebhookReceiver.run { receiver, port in
            try await TestServer.run(configure: { $0.webhooks = WebhookConfiguration(deliversInBackground: false) }) { server in
                let tenant = try await server.createTenant()
                // Stored directly: the API refuses this URL when it is created.
                let endpoint = WebhookEndpointRecord(
                    id: "whep_direct", appId: tenant.app.id, url: "http://localhost:\(port)/hook", eventTypes: ["*"],
                    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", createdAt: server.clock.now, updatedAt: server.clock.now
                )
                try await server.storage.insertWebhookEndpoint(endpoint)
                try await server.storage.enqueueWebhookMessages(
                    [
                        WebhookMessageRecord(
                            id: "msg_x", appId: tenant.app.id, type: "install.organic", payload: "{}", createdAt: server.clock.now)
                    ],
                    retryWindow: 3600
                )
                #expect(try await server.landfall.webhooks.deliverDue() == 1)
                #expect(receiver.arrivals.isEmpty)
                let delivery = try #require(
                    try await server.storage.webhookDeliveries(
                        endpointId: endpoint.id, appId: tenant.app.id, status: nil, before: nil, limit: 1
                    ).first
                )
                #expect(delivery.lastStatusCode == nil)
                #expect(delivery.lastError?.contains("loopback") == true)
            }
        }
    }
}

/// A delivery as the delivery log lists it.
struct DeliveryJSON: Decodable, Sendable {
    var id: String
    var endpointId: String
    var messageId: String
    var type: String
    var status: String
    var attempts: Int
}
