import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// Each step of a referral reaches the app's webhook endpoints once: pending, completed, reversed.
@Suite("Referral webhooks")
struct ReferralWebhookTests {
    @Test func eachStepOfAReferralIsPublishedOnce() async throws {
        try await ReferralWorld.run(configure: {
            $0.webhooks = WebhookConfiguration(allowLoopback: true, deliversInBackground: false)
        }) { world in
            let created = try await world.send(
                .post, "/api/webhooks", body: #"{"url": "http://127.0.0.1:9/hook", "eventTypes": ["referral.*"]}"#)
            #expect(created.status == .created, "\(created.text)")
            let endpointId = try #require(try created.jsonObject()["id"] as? String)
            func published() async throws -> [String] {
                try await world.server.storage.webhookDeliveries(
                    endpointId: endpointId, appId: world.tenant.app.id, status: nil, before: nil, limit: 50
                ).map(\.messageType).sorted()
            }

            let invite = try await world.invite("5")
            let install = try await world.clickAndInstall(invite, on: ReferralWorld.bob)
            let referral = try await world.registered(#"{"userId": "6", "name": "Eugene", "installId": "\#(install.installId)"}"#)
            let id = try #require(referral["id"] as? Int)
            #expect(try await published() == ["referral.pending"])

            try await world.event(install.installId)
            #expect(try await world.list("5").first?["status"] as? String == "complete")
            // Reading again settles nothing new and publishes nothing new.
            #expect(try await world.list("5").first?["status"] as? String == "complete")
            #expect(try await published() == ["referral.completed", "referral.pending"])

            let reversed = try await world.send(.post, "/api/referrals/\(id)/reverse", body: #"{"reason": "refund"}"#)
            #expect(reversed.status == .ok, "\(reversed.text)")
            #expect(try await published() == ["referral.completed", "referral.pending", "referral.reversed"])
        }
    }

    @Test func aFlaggedReferralIsPublishedAsFlagged() async throws {
        try await ReferralWorld.run(configure: {
            $0.webhooks = WebhookConfiguration(allowLoopback: true, deliversInBackground: false)
        }) { world in
            let created = try await world.send(
                .post, "/api/webhooks", body: #"{"url": "http://127.0.0.1:9/hook", "eventTypes": ["referral.flagged"]}"#)
            let endpointId = try #require(try created.jsonObject()["id"] as? String)
            // The referrer registers a new account from her own phone with her own code: the same device.
            let own = try await world.install(ReferralWorld.alice)
            let code = try world.code(try await world.invite("5", extra: #", "installId": "\#(own.installId)""#))
            let referral = try await world.registered(#"{"userId": "7", "referralCode": "\#(code)", "installId": "\#(own.installId)"}"#)
            #expect(referral["status"] as? String == "flagged")
            let deliveries = try await world.server.storage.webhookDeliveries(
                endpointId: endpointId, appId: world.tenant.app.id, status: nil, before: nil, limit: 50
            )
            #expect(deliveries.map(\.messageType) == ["referral.flagged"])
            let messageId = try #require(deliveries.first?.messageId)
            let message = try #require(try await world.server.storage.webhookMessage(id: messageId, appId: world.tenant.app.id))
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
            let data = try #require(payload["data"] as? [String: Any])
            #expect(data["status"] as? String == "flagged")
            #expect((data["reasons"] as? [String])?.isEmpty == false)
        }
    }
}
