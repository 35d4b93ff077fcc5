import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import ServiceLifecycle

/// SQLite in WAL mode: one writer connection behind a lock, and reader connections used in turn.
public final class SQLiteDatabaseProvider: SQLDatabaseProvider {
    public var engine: StorageEngine { .sqlite }

    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    /// One lock per reader, and how many reads hold or wait for each. A connection's statements
    /// share one read transaction while any of them is running, so a read overlapping another on the
    /// same connection saw the database as of the other's start and missed rows committed since (an
    /// install stored by a racing request, not found after its unique-key conflict said it was there).
    /// One read at a time per connection, on the least busy one, makes every read start fresh.
    private let readerLocks: [AsyncLock]
    private let readerLoad: NIOLockedValueBox<[Int]>
    private let writeLock = AsyncLock()
    private let logger: Logger
    /// One thread per connection: a long commit or checkpoint on the writer never delays a read.
    private let threadPool: NIOThreadPool
    /// Copies the WAL into the database file in the background (file databases only), so the
    /// writer's commits never pay for a checkpoint: a click batch that must also write back and
    /// fsync a thousand pages of a large database stalls every redirect waiting on a full buffer.
    private let checkpointer: SQLiteConnection?
    /// Point reads on the caller's thread with cached statements (file databases only).
    private let inlineReader: SQLiteInlineReader?

    private init(
        writer: SQLiteConnection, readers: [SQLiteConnection], checkpointer: SQLiteConnection?, inlineReader: SQLiteInlineReader?,
        threadPool: NIOThreadPool, walFramesBeforeHeldCheckpoint: Int, logger: Logger
    ) {
        self.walFramesBeforeHeldCheckpoint = walFramesBeforeHeldCheckpoint
        self.writer = writer
        self.inlineReader = inlineReader
        self.readers = readers
        self.readerLocks = readers.map { _ in AsyncLock() }
        self.readerLoad = NIOLockedValueBox(readers.map { _ in 0 })
        self.checkpointer = checkpointer
        self.threadPool = threadPool
        self.logger = logger
    }

    /// Reads and checkpoints slower than these are logged: both point at the disk stalling the server.
    static let slowInlineRead: Duration = .milliseconds(100)
    static let slowCheckpoint: Duration = .milliseconds(500)

    /// How often the background checkpoint runs.
    static let checkpointInterval: Duration = .milliseconds(500)

    /// How long the WAL may grow before the writer is held for a checkpoint, in frames (pages), and
    /// the size its file is cut back to once the writer starts it over.
    ///
    /// The background checkpoint copies frames while the writer keeps committing, so under steady
    /// writes it never catches up with the last one; SQLite starts the WAL over only from a
    /// checkpoint that did, and the file then grows for as long as the writes last and keeps that
    /// size afterwards (1.09 GB beside a 103 MB database after a 36,000-click replay through the
    /// S2S endpoints). Past this many frames (256 MiB) one checkpoint runs with the writer held
    /// once the one beside it has left little to copy, and the next write starts the WAL over and
    /// cuts its file back to 64 MiB.
    let walFramesBeforeHeldCheckpoint: Int
    public static let defaultWALFramesBeforeHeldCheckpoint = 65_536

    /// Opens (creating if needed) the database at `path`, or an in-memory database when `path` is nil.
    ///
    /// An in-memory database lives in one connection, so it gets no separate readers.
    public static func open(
        path: String?, readerCount: Int = 2, walFramesBeforeHeldCheckpoint: Int = defaultWALFramesBeforeHeldCheckpoint, logger: Logger
    ) async throws -> SQLiteDatabaseProvider {
        let storage: SQLiteConnection.Storage = path.map { .file(path: $0) } ?? .memory
        let threadPool = NIOThreadPool(numberOfThreads: path == nil ? 1 : 2 + max(1, readerCount))
        threadPool.start()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        let writer: SQLiteConnection
        do {
            writer = try await SQLiteConnection.open(storage: storage, threadPool: threadPool, logger: logger, on: eventLoop).get()
        } catch {
            threadPool.shutdownGracefully { _ in }
            throw error
        }
        // Everything opened so far is closed again when a later step fails (a file that is not a
        // database fails at the first pragma): a connection left open asserts when it is freed.
        var opened: [SQLiteConnection] = [writer]
        var inlineReader: SQLiteInlineReader?
        do {
            // WAL lets readers proceed while the writer commits; FULL makes a commit survive power loss,
            // which is what "acknowledged means committed" promises.
            // The writer's 16 MiB page cache holds the upper levels and hot right edges of the click
            // indexes; the random leaves of the key indexes miss at any size a server can afford, and
            // come from the OS page cache. (32 MiB bought no measurable throughput for 16 MiB of RSS.)
            try await execute(
                [
                    "PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON", "PRAGMA cache_size=-16384",
                    // A multi-row insert inside a transaction (an event batch, a click batch of more
                    // than one statement) keeps a statement journal: a copy of every page it changes.
                    // In a temporary file that was an eighth of the click writer's CPU, in write calls.
                    "PRAGMA temp_store=MEMORY",
                ],
                on: writer
            )
            var readers: [SQLiteConnection] = []
            var checkpointer: SQLiteConnection?
            if let path {
                // As many as threads can run reads at once: the concurrency pool has one per core.
                inlineReader = try SQLiteInlineReader.open(path: path, count: max(2, System.coreCount))
                // The writer is the connection that starts the WAL over, and cuts its file back then.
                let walBytes = min(walFramesBeforeHeldCheckpoint * 4_096, 64 << 20)
                try await execute(["PRAGMA wal_autocheckpoint=0", "PRAGMA journal_size_limit=\(walBytes)"], on: writer)
                let connection = try await SQLiteConnection.open(storage: storage, threadPool: threadPool, logger: logger, on: eventLoop)
                    .get()
                opened.append(connection)
                try await execute(["PRAGMA synchronous=FULL"], on: connection)
                checkpointer = connection
                for _ in 0..<max(1, readerCount) {
                    let reader = try await SQLiteConnection.open(storage: storage, threadPool: threadPool, logger: logger, on: eventLoop)
                        .get()
                    opened.append(reader)
                    try await execute(["PRAGMA foreign_keys=ON", "PRAGMA query_only=ON"], on: reader)
                    readers.append(reader)
                }
            }
            return SQLiteDatabaseProvider(
                writer: writer, readers: readers, checkpointer: checkpointer, inlineReader: inlineReader, threadPool: threadPool,
                walFramesBeforeHeldCheckpoint: walFramesBeforeHeldCheckpoint, logger: logger
            )
        } catch {
            inlineReader?.close()
            for connection in opened where !connection.isClosed {
                let closing: EventLoopFuture<Void> = connection.close()
                try? await closing.get()
            }
            threadPool.shutdownGracefully { _ in }
            throw error
        }
    }

    private static func execute(_ statements: [String], on connection: SQLiteConnection) async throws {
        for statement in statements {
            _ = try await connection.query(statement, [])
        }
    }

    public func read<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        guard !readers.isEmpty else {
            return try await writeLock.withLock { try await body(writer.sql()) }
        }
        return try await withReader { reader in try await body(reader.sql()) }
    }

    /// Runs `body` with the least busy reader, alone on that connection.
    private func withReader<Result>(_ body: (SQLiteConnection) async throws -> Result) async throws -> Result {
        let index = readerLoad.withLockedValue { load in
            let index = load.indices.min { load[$0] < load[$1] } ?? 0
            load[index] += 1
            return index
        }
        defer { readerLoad.withLockedValue { $0[index] -= 1 } }
        return try await readerLocks[index].withLock { try await body(readers[index]) }
    }

    public func write<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await writeLock.withLock { try await body(writer.sql()) }
    }

    public func transaction<Result: Sendable>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        // IMMEDIATE takes the write lock at BEGIN, so a transaction never fails halfway on a busy database.
        try await writeLock.withLock {
            try await writer.sql().inTransaction(begin: "BEGIN IMMEDIATE", logger: logger, body)
        }
    }

    /// Runs one read on a reader connection and returns its rows as SQLite gives them, for hot
    /// queries whose rows SQLKit's `Decodable` path would decode at microseconds per value.
    public func readRows(_ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteRow] {
        guard !readers.isEmpty else {
            return try await writeLock.withLock { try await writer.query(sql, binds) }
        }
        return try await withReader { reader in try await reader.query(sql, binds) }
    }

    /// Runs one short indexed read (a link by code, candidate clicks by key) on the calling thread with
    /// a cached prepared statement. An in-memory database has only the writer, so it goes there.
    func readRowsInline(_ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteInlineRow] {
        guard let inlineReader else {
            let rows = try await writeLock.withLock { try await writer.query(sql, binds) }
            guard let names = rows.first?.columns.map(\.name) else { return [] }
            let offsets = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let columns = SQLiteInlineRow.Columns(offsets: offsets, count: names.count)
            return rows.map { row in SQLiteInlineRow(columns: columns, values: row.columns.map(\.data)) }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let rows = try inlineReader.rows(sql, binds)
        let took = clock.now - started
        if took > Self.slowInlineRead {
            // The read held a concurrency thread, and every request queued on it, for this long.
            logger.warning(
                "inline SQLite read was slow", metadata: ["milliseconds": "\(took.wholeMilliseconds)", "sql": "\(sql.prefix(80))"])
        }
        return rows
    }

    /// Runs `body`, which writes with `writes` statements, atomically on the writer: one statement
    /// as its own transaction, several in one IMMEDIATE transaction.
    ///
    /// Inside BEGIN … COMMIT, a multi-row insert copies every page that existed before it and that it
    /// changes into a statement journal, so that it alone could be undone: for a click batch into a
    /// table of millions, thousands of pages copied in memory per batch, the largest block in the
    /// server's heap. A statement that is its whole transaction keeps none: undoing it is the
    /// transaction's rollback. Reads after the one write may share the writer; they change nothing.
    public func rawAtomicWrite<Result: Sendable>(
        writes: Int, _ body: (SQLiteStatements) async throws -> Result
    ) async throws -> Result {
        guard writes <= 1 else { return try await rawTransaction(body) }
        let statements = SQLiteStatements(connection: writer)
        return try await writeLock.withLock { try await body(statements) }
    }

    /// Runs `body` in one IMMEDIATE transaction on the writer, with statements whose values are
    /// bound as they are: no SQLKit serialisation and no `Encodable` round trip per value, which is
    /// most of the Swift-side cost of a large multi-row insert such as a click batch.
    public func rawTransaction<Result: Sendable>(_ body: (SQLiteStatements) async throws -> Result) async throws -> Result {
        let statements = SQLiteStatements(connection: writer)
        return try await writeLock.withLock {
            try await statements.run("BEGIN IMMEDIATE")
            do {
                let result = try await body(statements)
                try await statements.run("COMMIT")
                return result
            } catch {
                do {
                    try await statements.run("ROLLBACK")
                } catch let rollbackError {
                    logger.error("rollback failed", metadata: ["error": "\(String(reflecting: rollbackError))"])
                }
                throw error
            }
        }
    }

    public func isUniqueViolation(_ error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        switch error.reason {
        case .constraintUniqueFailed, .constraintPrimaryKeyFailed: return true
        case .constraint: return error.message.contains("UNIQUE")
        default: return false
        }
    }

    public func run() async throws {
        // Returns on graceful shutdown and throws on cancellation; either way the connections close.
        // Returns on graceful shutdown and on cancellation; either way the WAL is folded in and the
        // connections close.
        if let checkpointer {
            let interval = Self.checkpointInterval
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { break }
                await checkpointInBackground()
            }
            await checkpoint(checkpointer, mode: "TRUNCATE")
        } else {
            try? await gracefulShutdown()
        }
        await close()
    }

    /// One round of the background checkpoint: copies what it can beside the writer, and once the
    /// WAL has grown past ``walFramesBeforeHeldCheckpoint`` copies the rest with the writer held,
    /// so that its next write starts the WAL over (see there). Returns the WAL's frames after it.
    @discardableResult
    func checkpointInBackground() async -> Int? {
        guard let checkpointer else { return nil }
        guard var progress = await checkpoint(checkpointer, mode: "PASSIVE") else { return nil }
        guard progress.frames > walFramesBeforeHeldCheckpoint else { return progress.frames }
        // The writer waits for what is left to copy and for the database file's sync, so a few
        // more copies beside it first bring that down to the frames of the last one's run:
        // holding it for a copy far behind cost durable-event p99s of 50-160 ms in the bench.
        for _ in 0..<Self.copiesBeforeHolding where progress.frames - progress.copied > Self.heldCopyFrames {
            guard let next = await checkpoint(checkpointer, mode: "PASSIVE") else { return nil }
            progress = next
        }
        let left = progress.frames - progress.copied
        guard left <= Self.heldCopyFrames || progress.frames > 4 * walFramesBeforeHeldCheckpoint else { return progress.frames }
        return await writeLock.withLock { await checkpoint(checkpointer, mode: "PASSIVE")?.frames }
    }

    /// At most this many frames (2 MiB of 4 KiB pages) are left to copy with the writer held,
    /// after at most `copiesBeforeHolding` copies beside it; unless the WAL is four times its bound.
    static let heldCopyFrames = 512
    static let copiesBeforeHolding = 4

    /// Runs a checkpoint and returns the frames in the WAL and how many of them are copied into
    /// the database (nil when it failed).
    @discardableResult
    private func checkpoint(_ connection: SQLiteConnection, mode: String) async -> (frames: Int, copied: Int)? {
        let clock = ContinuousClock()
        let started = clock.now
        // The future-returning query: it runs to the end even while this task is being cancelled.
        let running: EventLoopFuture<[SQLiteRow]> = connection.query("PRAGMA wal_checkpoint(\(mode))", [])
        do {
            let result = try await running.get().first
            let took = clock.now - started
            if took > Self.slowCheckpoint {
                logger.warning(
                    "SQLite checkpoint was slow",
                    metadata: [
                        "milliseconds": "\(took.wholeMilliseconds)", "mode": "\(mode)",
                        "walFrames": "\(result?.column("log")?.integer ?? -1)",
                        "copiedFrames": "\(result?.column("checkpointed")?.integer ?? -1)",
                    ])
            }
            guard let frames = result?.column("log")?.integer, let copied = result?.column("checkpointed")?.integer else { return nil }
            return (frames, copied)
        } catch {
            logger.warning("SQLite checkpoint failed", metadata: ["error": "\(String(reflecting: error))", "mode": "\(mode)"])
            return nil
        }
    }

    /// Closes every connection; the provider cannot be used afterwards.
    public func close() async {
        inlineReader?.close()
        for connection in readers + [checkpointer, writer].compactMap({ $0 }) where !connection.isClosed {
            // The future-returning close: the async one gives up in a cancelled task and would leave
            // the handle open, which is exactly when a service is being torn down.
            let closing: EventLoopFuture<Void> = connection.close()
            do {
                try await closing.get()
            } catch {
                logger.warning("closing a SQLite connection failed", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
        // The threads finish what they hold and exit; a second close finds the pool already stopping.
        threadPool.shutdownGracefully { _ in }
    }
}

/// Runs statements on a connection the caller holds (see ``SQLiteDatabaseProvider/rawTransaction(_:)``).
public struct SQLiteStatements: Sendable {
    let connection: SQLiteConnection

    /// Runs one statement and returns its rows. The future-returning query runs to its end even in
    /// a cancelled task, so a shutting-down server never leaves a transaction half written.
    @discardableResult
    public func run(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        let running: EventLoopFuture<[SQLiteRow]> = connection.query(sql, binds)
        return try await running.get()
    }
}

extension Duration {
    /// Whole milliseconds, for log metadata.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
