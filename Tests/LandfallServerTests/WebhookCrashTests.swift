import Foundation
import LandfallBench
import NIOHTTP1
import LandfallServer
import LandfallStore
import Logging
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `landfall serve` killed with SIGKILL in the middle of a delivery.
@Suite("Webhooks survive kill -9", .serialized)
struct WebhookCrashTests {
    static let adminToken = "webhook-crash-admin-token-0123456789"

    @Test func aDeliveryInFlightWhenTheServerIsKilledArrivesAfterTheRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-webhook-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("landfall.sqlite").path
        // A 5 s attempt timeout: the killed server's lease runs out 15 s after its claim.
        let arguments = [
            "--database", "sqlite:\(path)", "--admin-token", Self.adminToken, "--webhooks-allow-loopback", "--webhook-timeout", "5",
        ]
        try await WebhookReceiver.run { receiver, port in
            receiver.script([.hold])
            let http = TestHTTP()
            let first = try await ServerProcess.start(arguments)
            let ids: (app: String, endpoint: String, secret: String, message: String)
            do {
                let app = try await http.send(.POST, "\(first.baseURL)/api/apps", token: Self.adminToken, body: #"{"name": "Crash"}"#).json
                let appId = try #require(app["id"] as? String)
                let secret = try await http.send(
                    .POST, "\(first.baseURL)/api/apps/\(appId)/keys", token: Self.adminToken, body: #"{"kind": "secret"}"#)
                let secretKey = try #require(secret.json["key"] as? String)
                let publishable = try await http.send(
                    .POST, "\(first.baseURL)/api/apps/\(appId)/keys", token: Self.adminToken, body: #"{"kind": "publishable"}"#
                )
                let publishableKey = try #require(publishable.json["key"] as? String)
                let endpoint = try await http.send(
                    .POST, "\(first.baseURL)/api/webhooks", token: secretKey,
                    body: #"{"url": "http://127.0.0.1:\#(port)/hook", "eventTypes": ["install.*"]}"#
                )
                #expect(endpoint.status == 201)
                let install = try await http.send(
                    .POST, "\(first.baseURL)/api/sdk/v1/install", token: publishableKey,
                    body: #"{"userAgent": "Crash/1 iOS/17.4", "platform": "iOS", "platformVersion": "17.4", "deviceId": "crash-device"}"#
                )
                #expect(install.status == 200)
                let installId = try #require(install.json["installId"] as? String)
                ids = (
                    appId, try #require(endpoint.json["id"] as? String), try #require(endpoint.json["secret"] as? String),
                    "msg_\(installId)"
                )
            } catch {
                await first.stop()
                try? await http.shutdown()
                throw error
            }
            // The first attempt reaches the receiver, which holds it open; the server dies mid-delivery.
            let inFlight = try await receiver.nextArrival()
            #expect(inFlight.id == ids.message)
            kill(first.processIdentifier, SIGKILL)
            #expect(await first.stop() == .signalled(SIGKILL))

            let second = try await ServerProcess.start(arguments)
            let redelivered: WebhookReceiver.Arrival
            do {
                redelivered = try await receiver.nextArrival(timeout: .seconds(90))
            } catch {
                await second.stop()
                try? await http.shutdown()
                throw error
            }
            #expect(redelivered.id == ids.message)
            #expect(redelivered.isSigned(with: ids.secret))
            #expect(redelivered.json["type"] as? String == "install.organic")
            // A graceful stop lets the attempt be recorded before the database is read.
            #expect(await second.stop() == .exited(0))
            try await http.shutdown()
            let deliveries = try await StorageFactory.withStorage(at: .sqlite(path: path), logger: Logger(label: "test")) { storage, _ in
                try await storage.webhookDeliveries(endpointId: ids.endpoint, appId: ids.app, status: nil, before: nil, limit: 10)
            }
            #expect(deliveries.map(\.status) == [.succeeded])
            #expect(deliveries.map(\.messageId) == [ids.message])
        }
    }
}
