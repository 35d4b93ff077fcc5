import Foundation
import LandfallStore
import LandfallTestSupport
import Testing

/// `landfall backup`'s copy of a live SQLite database (`SQLStorage.backUp(to:)`).
struct SQLiteBackupTests {
    @Test func aBackupTakenUnderWritesHoldsEveryWriteAcknowledgedBeforeItBeganAndIsWhole() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let acknowledged = try await TestDatabases.withMigratedStorage(.sqlite) { storage, _ in
            let app = Fixtures.app()
            try await storage.insertApp(app)
            let link = Fixtures.link(appId: app.id)
            try await storage.insertLink(link)
            let before = (0..<500).map { Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64($0))) }
            try await storage.insertClicks(before)
            // Clicks keep arriving while the copy is made; the server never pauses for it.
            async let during: Void = {
                for batch in 0..<20 {
                    try await storage.insertClicks(
                        (0..<50).map {
                            Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(10_000 + batch * 50 + $0)))
                        })
                }
            }()
            try await storage.backUp(to: copy)
            try await during
            // SQLite refuses to write a copy into a file that has content: nothing is overwritten.
            await #expect(throws: (any Error).self) { try await storage.backUp(to: copy) }
            return (appId: app.id, linkId: link.id, ids: Set(before.map(\.id)))
        }
        try await StorageFactory.withStorage(at: .sqlite(path: copy), logger: TestDatabases.logger) { storage, _ in
            #expect(try await storage.integrityCheck() == ["ok"])
            let stored = try await storage.clicks(linkId: acknowledged.linkId, appId: acknowledged.appId)
            #expect(acknowledged.ids.isSubset(of: Set(stored.map(\.id))))
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWhenOpenedAndLeftAsItWas() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-junk-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: path))
        // Every connection opened before the first pragma failed is closed again, not left to be freed open.
        await #expect(throws: (any Error).self) { try await SQLiteDatabaseProvider.open(path: path, logger: TestDatabases.logger) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a database at all")
    }
}
