import CLandfallSQLite
import NIOConcurrencyHelpers
import NIOCore
import SQLiteNIO
import Synchronization
import VaporCSQLite

/// Read-only connections whose statements are prepared once and run on the caller's own thread.
///
/// The redirect's link lookup and the install match's candidate reads are index point reads of a
/// few microseconds. Through SQLiteNIO each one paid a statement parse (SQLiteNIO keeps no statement
/// cache) and two thread hops, to the connection's pool thread and back, which cost several times
/// the read itself. Here a read takes a free connection, binds its cached statement, steps it and
/// resets it, without leaving the thread. Only short indexed reads belong here: a long scan would
/// hold a concurrency thread for its whole length.
///
/// Every read holds its connection alone and resets its statement before letting go, so each read
/// runs in a read transaction of its own and sees every commit made before it started.
final class SQLiteInlineReader: Sendable {
    /// Statements kept per connection; a read whose SQL is not among them prepares it and, once the
    /// cache is full, the cache starts over (IN lists of every length are distinct statements).
    static let statementsPerConnection = 64

    /// One connection and its statements. Unchecked: a raw handle is not Sendable, and this one is
    /// only ever touched inside its ``Connection/state`` lock, by one thread at a time.
    private struct ConnectionState: @unchecked Sendable {
        var handle: OpaquePointer?
        var statements: [String: PreparedStatement] = [:]

        mutating func statement(_ sql: String) throws -> PreparedStatement {
            if let cached = statements[sql] { return cached }
            guard let handle else { throw StoreError.readFailed("the database is closed") }
            var raw: OpaquePointer?
            let status = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
            guard status == SQLITE_OK, let raw else {
                sqlite_nio_sqlite3_finalize(raw)
                throw StoreError.readFailed(SQLiteInlineReader.message(handle, status))
            }
            if statements.count >= SQLiteInlineReader.statementsPerConnection { finalizeStatements() }
            let statement = PreparedStatement(raw)
            statements[sql] = statement
            return statement
        }

        mutating func finalizeStatements() {
            for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.raw) }
            statements.removeAll()
        }

        mutating func close() {
            finalizeStatements()
            sqlite_nio_sqlite3_close_v2(handle)
            handle = nil
        }
    }

    private final class Connection: Sendable {
        let state: Mutex<ConnectionState>

        init(handle: OpaquePointer) { self.state = Mutex(ConnectionState(handle: handle)) }
    }

    static func message(_ handle: OpaquePointer?, _ status: Int32) -> String {
        let text = sqlite_nio_sqlite3_errmsg(handle).map { String(cString: $0) } ?? "SQLite error"
        return "\(text) (\(status))"
    }

    /// A prepared statement and its columns, named once.
    private final class PreparedStatement {
        let raw: OpaquePointer
        let columns: SQLiteInlineRow.Columns

        init(_ raw: OpaquePointer) {
            self.raw = raw
            let count = sqlite_nio_sqlite3_column_count(raw)
            var offsets: [String: Int] = [:]
            for index in 0..<count {
                let name = sqlite_nio_sqlite3_column_name(raw, index).map { String(cString: $0) } ?? ""
                if offsets[name] == nil { offsets[name] = Int(index) }
            }
            self.columns = SQLiteInlineRow.Columns(offsets: offsets, count: Int(count))
        }
    }

    private let connections: [Connection]
    private let nextConnection = NIOLockedValueBox(0)

    private init(connections: [Connection]) {
        self.connections = connections
    }

    /// Opens `count` connections to the database file at `path`, which must already exist.
    static func open(path: String, count: Int) throws -> SQLiteInlineReader {
        var connections: [Connection] = []
        do {
            for _ in 0..<max(1, count) {
                var handle: OpaquePointer?
                let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
                let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
                guard status == SQLITE_OK, let handle else {
                    let message = Self.message(handle, status)
                    sqlite_nio_sqlite3_close_v2(handle)
                    throw StoreError.readFailed("cannot open \(path): \(message)")
                }
                connections.append(Connection(handle: handle))
                // A reader only waits on a lock during WAL recovery; it must not fail a redirect for it.
                sqlite_nio_sqlite3_busy_timeout(handle, 5_000)
                // Without it a statement whose parameter meets a partial index's condition is
                // prepared anew after every new binding, which undoes the statement cache.
                let stable = landfall_sqlite_enable_qpsg(UnsafeMutableRawPointer(handle))
                guard stable == SQLITE_OK else { throw StoreError.readFailed(Self.message(handle, stable)) }
                for pragma in ["PRAGMA query_only=ON", "PRAGMA foreign_keys=ON"] {
                    let pragmaStatus = sqlite_nio_sqlite3_exec(handle, pragma, nil, nil, nil)
                    guard pragmaStatus == SQLITE_OK else { throw StoreError.readFailed(Self.message(handle, pragmaStatus)) }
                }
            }
        } catch {
            for connection in connections { connection.state.withLock { $0.close() } }
            throw error
        }
        return SQLiteInlineReader(connections: connections)
    }

    /// Runs one read and returns its rows.
    ///
    /// Takes the first connection nobody holds, starting from a rotating point; when every one is
    /// busy, waits for the next in turn (each is held only for one read, never across a suspension).
    func rows(_ sql: String, _ binds: [SQLiteData]) throws -> [SQLiteInlineRow] {
        let start = nextConnection.withLockedValue { next in
            defer { next = (next + 1) % connections.count }
            return next
        }
        for step in 0..<connections.count {
            let connection = connections[(start + step) % connections.count]
            if let rows = try connection.state.withLockIfAvailable({ state in try Self.run(sql, binds, on: &state) }) {
                return rows
            }
        }
        return try connections[start].state.withLock { state in try Self.run(sql, binds, on: &state) }
    }

    private static func run(_ sql: String, _ binds: [SQLiteData], on state: inout ConnectionState) throws -> [SQLiteInlineRow] {
        let statement = try state.statement(sql)
        let raw = statement.raw
        // Reset even on a failed step, so the connection's read transaction always ends here.
        defer {
            sqlite_nio_sqlite3_reset(raw)
            sqlite_nio_sqlite3_clear_bindings(raw)
        }
        for (offset, value) in binds.enumerated() {
            let status = bind(value, at: Int32(offset + 1), to: raw)
            guard status == SQLITE_OK else { throw StoreError.readFailed(message(state.handle, status)) }
        }
        var rows: [SQLiteInlineRow] = []
        while true {
            let status = sqlite_nio_sqlite3_step(raw)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw StoreError.readFailed(message(state.handle, status)) }
            var values: [SQLiteData] = []
            values.reserveCapacity(statement.columns.count)
            for column in 0..<Int32(statement.columns.count) {
                values.append(value(at: column, of: raw))
            }
            rows.append(SQLiteInlineRow(columns: statement.columns, values: values))
        }
    }

    /// Finalizes every statement and closes every connection; reads afterwards fail.
    func close() {
        for connection in connections {
            connection.state.withLock { $0.close() }
        }
    }

    private static func bind(_ value: SQLiteData, at index: Int32, to statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let integer):
            return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(integer))
        case .float(let double):
            return sqlite_nio_sqlite3_bind_double(statement, index, double)
        case .text(let text):
            return sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        case .blob(let buffer):
            return buffer.withUnsafeReadableBytes { bytes in
                sqlite_nio_sqlite3_bind_blob64(statement, index, bytes.baseAddress, UInt64(bytes.count), transient)
            }
        case .null:
            return sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    private static func value(at column: Int32, of statement: OpaquePointer) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .null }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default:
            return .null
        }
    }

    /// SQLite copies a value bound with this destructor before the bind returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// One row of an inline read: its values and the statement's shared column names.
struct SQLiteInlineRow: Sendable, SQLiteColumnLookup {
    final class Columns: Sendable {
        let offsets: [String: Int]
        let count: Int

        init(offsets: [String: Int], count: Int) {
            self.offsets = offsets
            self.count = count
        }
    }

    let columns: Columns
    let values: [SQLiteData]

    func column(_ name: String) -> SQLiteData? {
        columns.offsets[name].map { values[$0] }
    }
}
