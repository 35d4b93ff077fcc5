import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

/// Each new conversion value an install is given reaches the app's webhooks once as `conversion.updated`.
@Suite("Conversion value webhooks")
struct ConversionValueWebhookTests {
    @Test func aNewValueIsPublishedOnceAndAnUnchangedOneNotAgain() async throws {
        try await ConversionValueRouteTests.withSetup(configure: {
            $0.webhooks = WebhookConfiguration(allowLoopback: true, timeout: WebhookReceiver.attemptTimeout, deliversInBackground: false)
        }) { server, setup in
            let created = try await server.send(
                .post, "/api/webhooks", token: setup.secretKey,
                body: .json(#"{"url": "http://127.0.0.1:9/hook", "eventTypes": ["conversion.updated"]}"#)
            )
            #expect(created.status == .created, "\(created.text)")
            let endpointId = try #require(try created.jsonObject()["id"] as? String)
            func payloads() async throws -> [[String: Any]] {
                var found: [[String: Any]] = []
                let deliveries = try await server.storage.webhookDeliveries(
                    endpointId: endpointId, appId: setup.appId, status: nil, before: nil, limit: 50)
                for delivery in deliveries.reversed() {
                    let message = try #require(try await server.storage.webhookMessage(id: delivery.messageId, appId: setup.appId))
                    let envelope = try #require(try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
                    found.append(try #require(envelope["data"] as? [String: Any]))
                }
                return found
            }

            let installId = try await ConversionValueRouteTests.install(server, setup)
            let first = setup.now(server, uid: installId)
            #expect(try await server.send(.get, first.path, headers: first.headers).status == .ok)
            server.clock.advance(by: 1)
            // The same value asked for again (the SDK polls) publishes nothing new.
            let again = setup.now(server, uid: installId)
            #expect(try await server.send(.get, again.path, headers: again.headers).status == .ok)
            #expect(try await payloads().count == 1)

            try await ConversionValueRouteTests.event(server, setup, installId, "signup")
            server.clock.advance(by: 1)
            let raised = setup.now(server, uid: installId)
            let answer = try await server.send(.get, raised.path, headers: raised.headers).jsonObject()
            let published = try await payloads()
            #expect(published.count == 2)
            #expect(published.last?["installId"] as? String == installId)
            #expect(published.last?["fineValue"] as? Int == answer["value"] as? Int)
            #expect(published.last?["coarseValue"] as? String == answer["coarse_value"] as? String)
            #expect(published.last?["postbackSequenceIndex"] as? Int == 0)
        }
    }
}
