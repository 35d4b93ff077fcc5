import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func aLeasedTestDeliveryReachesItsOneEndpointAndNoSenderTakesItDuringTheLease(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            // Neither subscribed to the type nor enabled: a test event goes to the endpoint it names all the same.
            let endpoint = Self.webhookEndpoint(appId: app.id, types: ["install.*"], enabled: false)
            let bystander = Self.webhookEndpoint(appId: app.id, types: ["*"])
            for record in [endpoint, bystander] { try await storage.insertWebhookEndpoint(record) }
            let message = Self.webhookMessage(appId: app.id, type: "webhook.test")
            let claim = try #require(
                try await storage.insertLeasedWebhookDelivery(
                    message, endpointId: endpoint.id, leaseUntil: Fixtures.date(30_000), deadline: Fixtures.date()))
            #expect(claim.endpoint == endpoint && claim.message == message)
            #expect(claim.delivery.status == .pending && claim.delivery.endpointId == endpoint.id)
            #expect(
                try await storage.claimWebhookDeliveries(now: Fixtures.date(1_000), leaseUntil: Fixtures.date(60_000), limit: 10).isEmpty)
            #expect(
                try await storage.recordWebhookAttempt(
                    Self.attempt(claim, status: 204, at: Fixtures.date(1_000)), claim: claim, result: .succeeded))
            let listed = try await storage.webhookDeliveries(endpointId: endpoint.id, appId: app.id, status: nil, before: nil, limit: 10)
            #expect(listed.map(\.id) == [claim.delivery.id] && listed.first?.status == .succeeded && listed.first?.lastStatusCode == 204)
            #expect(
                try await storage.webhookDeliveries(endpointId: bystander.id, appId: app.id, status: nil, before: nil, limit: 10).isEmpty)
            #expect(try await storage.webhookMessage(id: message.id, appId: app.id) == message)
            // Another app's endpoint id stores nothing.
            let stray = Self.webhookMessage(appId: other.id, type: "webhook.test")
            #expect(
                try await storage.insertLeasedWebhookDelivery(
                    stray, endpointId: endpoint.id, leaseUntil: Fixtures.date(30_000), deadline: Fixtures.date()) == nil)
            #expect(try await storage.webhookMessage(id: stray.id, appId: other.id) == nil)
        }
    }
}
