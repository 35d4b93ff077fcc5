import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

/// `POST /api/webhooks/:id/test`: a signed `webhook.test` event sent at once to a live receiver on
/// loopback, its outcome answered, and the delivery kept in the endpoint's log.
@Suite("Webhook test event")
struct WebhookTestEventTests {
    static func send(_ setup: WebhookDeliveryTests.Setup, endpointId: String? = nil, token: String? = nil) async throws -> TestResponse {
        try await setup.server.send(
            .post, "/api/webhooks/\(endpointId ?? setup.endpointId)/test", token: token ?? setup.tenant.secretKey)
    }

    @Test func aTestEventArrivesSignedWithTheEndpointsSecretAndItsOutcomeIsAnswered() async throws {
        try await WebhookDeliveryTests.withSetup(types: #"["install.*"]"#) { setup in
            let response = try await Self.send(setup)
            #expect(response.status == .ok, "\(response.text)")
            let arrival = try #require(setup.receiver.arrivals.first)
            #expect(setup.receiver.arrivals.count == 1)
            #expect(arrival.isSigned(with: setup.secret))
            #expect(arrival.json["type"] as? String == "webhook.test")
            #expect((arrival.json["data"] as? [String: Any])?["endpointId"] as? String == setup.endpointId)
            let outcome = try response.jsonObject()
            #expect(outcome["succeeded"] as? Bool == true)
            #expect(outcome["statusCode"] as? Int == 200)
            #expect(outcome["error"] == nil)
            #expect(outcome["responseBody"] as? String == "reply 200")
            #expect((outcome["durationMs"] as? Int).map { $0 >= 0 } == true)
            let delivery = try #require(outcome["delivery"] as? [String: Any])
            #expect(delivery["status"] as? String == "succeeded" && delivery["type"] as? String == "webhook.test")
            #expect(delivery["messageId"] as? String == arrival.id)
            let log = try await setup.server.send(.get, "/api/webhooks/\(setup.endpointId)/deliveries", token: setup.tenant.secretKey)
            let listed = try #require(try log.jsonObject()["data"] as? [[String: Any]])
            #expect(listed.map { $0["id"] as? String } == [delivery["id"] as? String])
            let detail = try await setup.server.send(
                .get, "/api/webhooks/\(setup.endpointId)/deliveries/\(delivery["id"] as? String ?? "")", token: setup.tenant.secretKey
            ).jsonObject()
            #expect((detail["attemptLog"] as? [[String: Any]])?.map { $0["statusCode"] as? Int } == [200])
        }
    }

    @Test func aReceiverThatRefusesIsTheTestsAnswerAndIsNeitherRetriedNorDisabling() async throws {
        try await WebhookDeliveryTests.withSetup { setup in
            setup.receiver.script([.status(410)])
            let response = try await Self.send(setup)
            #expect(response.status == .ok)
            let outcome = try response.jsonObject()
            #expect(outcome["succeeded"] as? Bool == false)
            #expect(outcome["statusCode"] as? Int == 410)
            #expect(outcome["error"] as? String == "answered 410")
            #expect((outcome["delivery"] as? [String: Any])?["status"] as? String == "failed")
            // Nothing is left to send, and the endpoint stays enabled.
            #expect(try await setup.server.landfall.webhooks.deliverDue() == 0)
            let endpoint = try await setup.server.send(.get, "/api/webhooks/\(setup.endpointId)", token: setup.tenant.secretKey)
            #expect(try endpoint.jsonObject()["enabled"] as? Bool == true)
            #expect(setup.receiver.arrivals.count == 1)
        }
    }

    @Test func aDisabledEndpointStillGetsItsTest() async throws {
        try await WebhookDeliveryTests.withSetup { setup in
            let patched = try await setup.server.send(
                .patch, "/api/webhooks/\(setup.endpointId)", token: setup.tenant.secretKey, body: .json(#"{"enabled": false}"#))
            #expect(patched.status == .ok)
            let outcome = try await Self.send(setup).jsonObject()
            #expect(outcome["succeeded"] as? Bool == true)
            #expect(setup.receiver.arrivals.first?.isSigned(with: setup.secret) == true)
        }
    }

    @Test func anUnknownIdOrAnotherAppsEndpointIs404AndSendsNothing() async throws {
        try await WebhookDeliveryTests.withSetup { setup in
            expectAPIError(try await Self.send(setup, endpointId: "whep_nope"), .notFound, code: "webhook_not_found")
            let other = try await setup.server.createTenant(#"{"name": "Other"}"#)
            expectAPIError(try await Self.send(setup, token: other.secretKey), .notFound, code: "webhook_not_found")
            #expect(setup.receiver.arrivals.isEmpty)
            let log = try await setup.server.send(.get, "/api/webhooks/\(setup.endpointId)/deliveries", token: setup.tenant.secretKey)
            #expect((try log.jsonObject()["data"] as? [Any])?.isEmpty == true)
        }
    }
}
