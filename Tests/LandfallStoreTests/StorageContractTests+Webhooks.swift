import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    static func webhookEndpoint(appId: String, types: [String] = ["*"], enabled: Bool = true) -> WebhookEndpointRecord {
        WebhookEndpointRecord(
            id: Fixtures.uniqueId("whep"), appId: appId, url: "https://hooks.example.com/in", description: "receiver", eventTypes: types,
            isEnabled: enabled, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", createdAt: Fixtures.date(), updatedAt: Fixtures.date()
        )
    }

    static func webhookMessage(appId: String, type: String = "install.attributed", at date: Date = Fixtures.date()) -> WebhookMessageRecord
    {
        WebhookMessageRecord(id: Fixtures.uniqueId("msg"), appId: appId, type: type, payload: #"{"type":"\#(type)"}"#, createdAt: date)
    }

    static func attempt(_ claim: WebhookClaim, status: Int?, at date: Date) -> WebhookAttemptRecord {
        WebhookAttemptRecord(
            id: Fixtures.uniqueId("att"), deliveryId: claim.delivery.id, attemptedAt: date, statusCode: status,
            error: status == nil ? "connection refused" : nil, durationMilliseconds: 12, responseBody: status.map { "answered \($0)" }
        )
    }

    @Test(arguments: TestEngine.allCases)
    func webhookEndpointRoundTripsWithinItsAppOnly(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            var endpoint = Self.webhookEndpoint(appId: app.id, types: ["install.*", "event.created"])
            try await storage.insertWebhookEndpoint(endpoint)
            #expect(try await storage.webhookEndpoint(id: endpoint.id, appId: app.id) == endpoint)
            #expect(try await storage.webhookEndpoint(id: endpoint.id, appId: other.id) == nil)
            endpoint.previousSecret = endpoint.secret
            endpoint.previousSecretExpiresAt = Fixtures.date(86_400_000)
            endpoint.secret = "whsec_bmV3IHNlY3JldA=="
            endpoint.isEnabled = false
            endpoint.disabledReason = "gone"
            try await storage.updateWebhookEndpoint(endpoint)
            #expect(try await storage.webhookEndpoints(appId: app.id) == [endpoint])
            #expect(try await storage.deleteWebhookEndpoint(id: endpoint.id, appId: other.id) == false)
            #expect(try await storage.deleteWebhookEndpoint(id: endpoint.id, appId: app.id))
            #expect(try await storage.webhookEndpoints(appId: app.id).isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func enqueuedMessagesReachOnlyEnabledSubscribedEndpointsOnce(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let installs = Self.webhookEndpoint(appId: app.id, types: ["install.*"])
            let events = Self.webhookEndpoint(appId: app.id, types: ["event.created"])
            let disabled = Self.webhookEndpoint(appId: app.id, types: ["*"], enabled: false)
            for endpoint in [installs, events, disabled] { try await storage.insertWebhookEndpoint(endpoint) }
            let install = Self.webhookMessage(appId: app.id, type: "install.organic")
            let click = Self.webhookMessage(appId: app.id, type: "click.created")
            #expect(try await storage.enqueueWebhookMessages([install, click], retryWindow: 86_400) == 1)
            // The same message again (a retried request) creates nothing.
            #expect(try await storage.enqueueWebhookMessages([install], retryWindow: 86_400) == 0)
            let pending = try await storage.webhookDeliveries(
                endpointId: installs.id, appId: app.id, status: .pending, before: nil, limit: 10)
            #expect(pending.map(\.messageId) == [install.id])
            #expect(pending.first?.deadlineAt == install.createdAt.addingTimeInterval(86_400))
            #expect(try await storage.webhookDeliveries(endpointId: events.id, appId: app.id, status: nil, before: nil, limit: 10).isEmpty)
            #expect(
                try await storage.webhookDeliveries(endpointId: disabled.id, appId: app.id, status: nil, before: nil, limit: 10).isEmpty)
            #expect(try await storage.webhookMessage(id: click.id, appId: app.id) == nil)
            #expect(try await storage.webhookMessage(id: install.id, appId: app.id) == install)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func claimedDeliveryIsLeasedUntilItsLeaseExpires(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let endpoint = Self.webhookEndpoint(appId: app.id)
            try await storage.insertWebhookEndpoint(endpoint)
            let message = Self.webhookMessage(appId: app.id)
            try await storage.enqueueWebhookMessages([message], retryWindow: 86_400)
            #expect(try await storage.claimWebhookDeliveries(now: Fixtures.date(-1), leaseUntil: Fixtures.date(30_000), limit: 10).isEmpty)
            let first = try await storage.claimWebhookDeliveries(now: Fixtures.date(), leaseUntil: Fixtures.date(30_000), limit: 10)
            #expect(first.map(\.message) == [message])
            #expect(first.map(\.endpoint) == [endpoint])
            #expect(
                try await storage.claimWebhookDeliveries(now: Fixtures.date(29_999), leaseUntil: Fixtures.date(60_000), limit: 10).isEmpty)
            // The first sender died: after its lease, another one takes the delivery, and the first one's record is refused.
            let second = try await storage.claimWebhookDeliveries(now: Fixtures.date(30_000), leaseUntil: Fixtures.date(60_000), limit: 10)
            #expect(second.map(\.delivery.id) == first.map(\.delivery.id))
            let late = try #require(first.first)
            #expect(
                try await storage.recordWebhookAttempt(
                    Self.attempt(late, status: 200, at: Fixtures.date(31_000)), claim: late, result: .succeeded) == false)
            let current = try #require(second.first)
            #expect(
                try await storage.recordWebhookAttempt(
                    Self.attempt(current, status: 200, at: Fixtures.date(31_000)), claim: current, result: .succeeded))
            let delivery = try #require(try await storage.webhookDelivery(id: current.delivery.id, appId: app.id))
            #expect(delivery.status == .succeeded)
            #expect(delivery.attempts == 1)
            #expect(try await storage.webhookAttempts(deliveryId: delivery.id).map(\.statusCode) == [200])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentClaimsNeverShareADelivery(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            try await storage.insertWebhookEndpoint(Self.webhookEndpoint(appId: app.id))
            try await storage.enqueueWebhookMessages((0..<60).map { _ in Self.webhookMessage(appId: app.id) }, retryWindow: 86_400)
            let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await storage.claimWebhookDeliveries(now: Fixtures.date(), leaseUntil: Fixtures.date(60_000), limit: 10).map(
                            \.delivery.id)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.count == Set(claimed).count)
            #expect(claimed.count == 60)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func attemptResultsScheduleRetriesFailAndDisable(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let endpoint = Self.webhookEndpoint(appId: app.id)
            try await storage.insertWebhookEndpoint(endpoint)
            try await storage.enqueueWebhookMessages(
                [Self.webhookMessage(appId: app.id), Self.webhookMessage(appId: app.id)], retryWindow: 86_400)
            let claims = try await storage.claimWebhookDeliveries(now: Fixtures.date(), leaseUntil: Fixtures.date(30_000), limit: 1)
            let claim = try #require(claims.first)
            try await storage.recordWebhookAttempt(
                Self.attempt(claim, status: 503, at: Fixtures.date(10)), claim: claim, result: .retry(at: Fixtures.date(5_000)))
            var delivery = try #require(try await storage.webhookDelivery(id: claim.delivery.id, appId: app.id))
            #expect(delivery.status == .pending)
            #expect(delivery.nextAttemptAt == Fixtures.date(5_000))
            #expect(delivery.lastStatusCode == 503)
            // The other delivery is due; the retried one is not yet.
            let next = try await storage.claimWebhookDeliveries(now: Fixtures.date(4_999), leaseUntil: Fixtures.date(30_000), limit: 10)
            #expect(next.count == 1)
            #expect(next.first?.delivery.id != claim.delivery.id)
            let gone = try #require(next.first)
            try await storage.recordWebhookAttempt(
                Self.attempt(gone, status: 410, at: Fixtures.date(20)), claim: gone, result: .disableEndpoint(reason: "410"))
            let disabled = try #require(try await storage.webhookEndpoint(id: endpoint.id, appId: app.id))
            #expect(disabled.isEnabled == false)
            #expect(disabled.disabledReason == "410")
            // A disabled endpoint's deliveries wait, even when due.
            #expect(
                try await storage.claimWebhookDeliveries(now: Fixtures.date(6_000), leaseUntil: Fixtures.date(60_000), limit: 10).isEmpty)
            delivery = try #require(
                try await storage.redeliverWebhook(
                    id: gone.delivery.id, appId: app.id, at: Fixtures.date(7_000), deadline: Fixtures.date(90_000)))
            #expect(delivery.status == .pending)
            #expect(delivery.deadlineAt == Fixtures.date(90_000))
            #expect(
                try await storage.redeliverWebhook(
                    id: gone.delivery.id, appId: "another-app", at: Fixtures.date(), deadline: Fixtures.date()) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deliveryLogPagesNewestFirst(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let endpoint = Self.webhookEndpoint(appId: app.id)
            try await storage.insertWebhookEndpoint(endpoint)
            let messages = (0..<5).map { Self.webhookMessage(appId: app.id, at: Fixtures.date(Int64($0) * 1000)) }
            try await storage.enqueueWebhookMessages(messages, retryWindow: 86_400)
            let first = try await storage.webhookDeliveries(endpointId: endpoint.id, appId: app.id, status: nil, before: nil, limit: 3)
            #expect(first.map(\.messageId) == messages.reversed().prefix(3).map(\.id))
            let rest = try await storage.webhookDeliveries(
                endpointId: endpoint.id, appId: app.id, status: nil, before: first.last?.id, limit: 3)
            #expect(rest.map(\.messageId) == messages.prefix(2).reversed().map(\.id))
        }
    }
}
