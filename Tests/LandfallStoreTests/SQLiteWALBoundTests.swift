import Foundation
@testable import LandfallStore
import LandfallTestSupport
import SQLiteNIO
import Testing

/// The WAL of a file database is started over and cut back once it has grown, however steadily
/// the writes come.
@Suite("SQLite WAL bound")
struct SQLiteWALBoundTests {
    /// A small bound, so that a few dozen rows cross it.
    static let frames = 16
    static var limitBytes: Int { frames * 4_096 }

    static func walSize(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    static func withProvider(_ body: (SQLiteDatabaseProvider, String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("wal.sqlite").path
        let provider = try await SQLiteDatabaseProvider.open(
            path: path, walFramesBeforeHeldCheckpoint: frames, logger: TestDatabases.logger)
        do {
            // No sync per commit: beside the full suite a sync per row made this test minutes long
            // and starved other suites' PostgreSQL of the disk. The checkpoints still sync.
            try await provider.rawAtomicWrite(writes: 1) { try await $0.run("PRAGMA synchronous=OFF") }
            try await provider.rawAtomicWrite(writes: 1) { try await $0.run("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT)") }
            try await body(provider, path)
        } catch {
            await provider.close()
            throw error
        }
        await provider.close()
    }

    /// One row of about 4 KiB: a page of the WAL per write.
    static func insertRow(_ provider: SQLiteDatabaseProvider) async throws {
        try await provider.rawAtomicWrite(writes: 1) {
            try await $0.run("INSERT INTO rows (body) VALUES (?)", [.text(String(repeating: "x", count: 4_000))])
        }
    }

    @Test("A WAL grown past the bound is cut back to it by the write after a checkpoint")
    func aGrownWALIsCutBack() async throws {
        try await Self.withProvider { provider, path in
            for _ in 0..<100 { try await Self.insertRow(provider) }
            #expect(Self.walSize(path) > 4 * Self.limitBytes, "the writes alone grew the WAL to \(Self.walSize(path)) bytes")
            let frames = try #require(await provider.checkpointInBackground())
            #expect(frames > Self.frames)
            try await Self.insertRow(provider)
            #expect(Self.walSize(path) <= Self.limitBytes, "WAL \(Self.walSize(path)) bytes")
            let rows = try await provider.readRows("SELECT count(*) AS n FROM rows", [])
            #expect(rows.first?.column("n")?.integer == 101)
        }
    }

    @Test("Beside steady writes and reads the background checkpoint starts the WAL over, and cuts it back once they stop")
    func steadyWritesStayBounded() async throws {
        try await Self.withProvider { provider, path in
            let writing = Writers(count: 4)
            // Each writer runs a round of the background checkpoint after every 15 of its rows, so
            // rounds come while the other writers keep the connection busy.
            let rounds = try await withThrowingTaskGroup(of: [Int].self) { group in
                // Writers queued on the one connection, as a server's requests are under load: it
                // seldom idles between them, which is when a checkpoint beside it catches up.
                for _ in 0..<4 {
                    group.addTask {
                        var rounds: [Int] = []
                        for row in 1...60 {
                            try await Self.insertRow(provider)
                            if row % 15 == 0, let frames = await provider.checkpointInBackground() { rounds.append(frames) }
                        }
                        writing.finishOne()
                        return rounds
                    }
                }
                // Readers that never pause either, on both kinds of reader connection.
                for _ in 0..<2 {
                    group.addTask {
                        while !writing.isDone {
                            _ = try await provider.readRowsInline("SELECT max(id) AS n FROM rows", [])
                            _ = try await provider.readRows("SELECT count(*) AS n FROM rows", [])
                        }
                        return []
                    }
                }
                return try await group.reduce(into: [[Int]]()) { $0.append($1) }
            }
            await provider.checkpointInBackground()
            try await Self.insertRow(provider)
            #expect(Self.walSize(path) <= Self.limitBytes, "WAL \(Self.walSize(path)) bytes after the writes")
            let rows = try await provider.readRows("SELECT count(*) AS n FROM rows", [])
            #expect(rows.first?.column("n")?.integer == 241)
            // Every round found the WAL past its bound and finished the copy with the writer held,
            // so it was started over while the writes went on, not only once they stopped. (On a
            // server under an S2S replay the background checkpoint alone never did: the WAL grew to
            // 908 MB beside a 32 MB database; with the held checkpoint it peaked at 291 MB.)
            let frames = rounds.flatMap { $0 }
            #expect(frames.count == 16)
            #expect(frames.allSatisfy { $0 < 60 * 4 }, "frames after each round: \(frames)")
        }
    }
}

/// How many writer tasks are still writing.
private final class Writers: @unchecked Sendable {
    private let lock = NSLock()
    private var running: Int

    init(count: Int) { running = count }

    func finishOne() { lock.withLock { running -= 1 } }

    var isDone: Bool { lock.withLock { running == 0 } }
}
