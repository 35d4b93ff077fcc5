import Foundation
import LandfallStore
import Logging
import SQLKit
import Testing

@testable import LandfallLab

/// The power-loss VFS and the check built on it: what a cut throws away, and that the store keeps
/// every acknowledged write through many cuts under load.
@Suite(.serialized) struct PowerLossTests {
    let logger: Logger = {
        var logger = Logger(label: "landfall.tests.power")
        logger.logLevel = .critical
        return logger
    }()

    /// The VFS itself: a commit that was synced survives the cut, one that was not (the writer told
    /// not to sync) is gone, and the file reopens sound through the normal VFS. Without this the
    /// check below could pass on a VFS that throws nothing away.
    @Test func aCutKeepsSyncedCommitsAndDropsUnsyncedOnes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("power-vfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try PowerLossDisk(directory: directory)
        let provider = try await SQLiteDatabaseProvider.open(path: disk.uri(for: "vfs.sqlite"), readerCount: 1, logger: logger)
        try await provider.write { try await $0.raw("CREATE TABLE notes (body TEXT NOT NULL)").run() }
        try await provider.write { try await $0.raw("INSERT INTO notes VALUES ('synced')").run() }
        try await provider.write { try await $0.raw("PRAGMA synchronous=OFF").run() }
        try await provider.write { try await $0.raw("INSERT INTO notes VALUES ('unsynced')").run() }
        let seenBeforeCut = try await provider.read {
            try await $0.raw("SELECT COUNT(*) AS n FROM notes").first()?.decode(column: "n", as: Int.self)
        }
        #expect(seenBeforeCut == 2)

        let cut = try disk.cut(seed: 1, tear: false)
        #expect(cut.operations > 0 || cut.bytes > 0)
        await #expect(throws: (any Error).self) {
            try await provider.write { try await $0.raw("INSERT INTO notes VALUES ('after the cut')").run() }
        }
        await provider.close()
        try disk.restore()

        let plain = DatabaseLocation.sqlite(path: disk.path(for: "vfs.sqlite"))
        let bodies = try await StorageFactory.withStorage(at: plain, logger: logger) { _, provider in
            try await provider.read {
                try await $0.raw("SELECT body FROM notes").all().map { try $0.decode(column: "body", as: String.self) }
            }
        }
        #expect(bodies == ["synced"])
        #expect(try await PowerRun.integrityCheck(plain, logger: logger) == "ok")
    }

    /// The check the command runs, in this process: twenty cuts at points of the load picked by the
    /// number of acknowledged writes (no timers), half of them tearing the last write.
    @Test func twentyCutsUnderLoadLoseAndDuplicateNothing() async throws {
        let plan = PowerPlan(cuts: 20, moments: .acknowledged(120), clients: 4, clickClients: 2, seed: 39)
        let report = try await PowerRun.execute(plan, keeping: nil, logger: logger)
        #expect(report.lost == 0, "\(report.rows)")
        #expect(report.duplicated == 0, "\(report.rows)")
        #expect(report.damagedAfterCut == 0, "\(report.rows)")
        #expect(report.integrity == "ok", "\(report.rows)")
        #expect(report.finalStop == nil, "\(report.rows)")
        #expect(report.acknowledged.values.reduce(0, +) >= 20, "\(report.rows)")
        #expect(report.discardedOperations + report.discardedBytes > 0, "the cuts threw unsynced writes away: \(report.rows)")
        #expect(report.tornCuts > 0, "\(report.rows)")
        #expect(report.clicksAnswered > 0, "\(report.rows)")
        #expect(report.clicksLostOutsideWindow == 0, "every lost click came after the last committed batch: \(report.rows)")
    }
}
