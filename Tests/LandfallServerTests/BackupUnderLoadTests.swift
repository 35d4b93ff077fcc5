import ArgumentParser
import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Synchronization
import Testing

@testable import landfall

/// `landfall backup` of a server's SQLite file while it answers redirects and takes events, then
/// `landfall restore` of the copy into a new file.
struct BackupUnderLoadTests {
    @Test func aBackupTakenUnderRedirectsAndEventsHoldsEveryEarlierWriteAndRestoresWhole() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-backup-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let restored = directory.appendingPathComponent("restored.sqlite").path

        let before = try await Self.loadWhileBackingUp(to: copy)
        #expect(before.events.count == 150)
        #expect(before.clicks >= 150)

        var command = try #require(
            try Landfall.parseAsRoot(["restore", "--database", "sqlite:" + restored, "--from", copy, "--log-level", "error"])
                as? any AsyncParsableCommand)
        try await command.run()
        try await StorageFactory.withStorage(at: .sqlite(path: restored), logger: TestDatabases.logger) { storage, _ in
            #expect(try await storage.integrityCheck() == ["ok"])
            let events = try await storage.events(installId: before.installId)
            let kept = Set(events.compactMap(\.clientEventId))
            #expect(
                before.events.isSubset(of: kept),
                "acknowledged before the backup began, missing: \(before.events.subtracting(kept).sorted())")
            #expect(try await storage.clickCount(appId: before.appId) >= before.clicks)
        }
    }

    struct Before: Sendable {
        var appId: String
        var installId: String
        /// Client ids of the events answered 201 before the backup began.
        var events: Set<String>
        /// Clicks stored before the backup began.
        var clicks: Int
    }

    /// Redirects and events go on while the copy is made; returns what was acknowledged before.
    static func loadWhileBackingUp(to copy: String) async throws -> Before {
        let result = Mutex<Before?>(nil)
        try await EventAndResolveRouteTests.withInstall { server, tenant, _, link, installId in
            let phone = AttributionFlowTests.Phone(address: "198.51.100.40")
            @Sendable func traffic(_ label: String, _ count: Int) async throws {
                for index in 0..<count {
                    let event = try await EventAndResolveRouteTests.event(
                        server,
                        #"{"installId": "\#(installId)", "eventName": "purchase", "eventId": "\#(label)-\#(index)", "eventData": {"amount": 1.5, "currency": "EUR"}}"#
                    )
                    #expect(event.status == .created)
                    let redirect = try await server.send(
                        .get, "/\(link.shortCode)", host: "go.mealtime.test",
                        headers: [.userAgent: phone.browserAgent, AttributionFlowTests.forwardedFor: phone.address])
                    #expect(redirect.status == .ok)
                }
            }
            try await traffic("before", 150)
            try await server.landfall.clicks.flush()
            let clicksBefore = try await server.storage.clickCount(appId: tenant.app.id)
            // The copy is made while two more clients keep redirecting and posting.
            async let during: Void = traffic("during", 150)
            async let alsoDuring: Void = traffic("also-during", 150)
            try await server.storage.backUp(to: copy)
            _ = try await (during, alsoDuring)
            result.withLock {
                $0 = Before(
                    appId: tenant.app.id, installId: installId, events: Set((0..<150).map { "before-\($0)" }), clicks: clicksBefore)
            }
        }
        return try #require(result.withLock { $0 })
    }
}
