import Logging
import NIOCore
import PostgresNIO
import SQLKit

/// A leased connection's SQL database that refuses a query once the connection is closed.
///
/// postgres-nio writes a query to its channel without a write promise; on a channel already closed
/// (PostgreSQL ended the session: killed, restarting) the pipeline has lost its handlers, the write
/// fails silently and the query's own promise is never completed, so its caller waits forever. A
/// pooled connection can close between its lease and the query, or between two queries of a
/// transaction; the database-restart check found click batches, and every install waiting for one,
/// hung that way after a kill. Each query is checked just before it is sent, and while it runs a
/// watch every two seconds fails it once its connection is closed: then no answer can come.
struct PostgresCheckedDatabase: SQLDatabase {
    let base: any SQLDatabase
    let connection: PostgresConnection

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    static let closed = StoreUnavailable(.databaseUnavailable, detail: "the connection closed before the query was sent")

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        guard !connection.isClosed else { return eventLoop.makeFailedFuture(Self.closed) }
        return Self.failingOnClose(base.execute(sql: query, onRow), connection: connection)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        guard !connection.isClosed else { throw Self.closed }
        try await Self.failingOnClose(base.execute(sql: query, onRow), connection: connection).get()
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    /// `future`, or a failure once `connection` is found closed while it is still pending.
    static func failingOnClose<Value: Sendable>(_ future: EventLoopFuture<Value>, connection: PostgresConnection) -> EventLoopFuture<Value>
    {
        let promise = future.eventLoop.makePromise(of: Value.self)
        future.cascade(to: promise)
        let watch = future.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(2), delay: .seconds(2)) { task in
            // A second completion of a promise is ignored: the answer, if it came first, stands.
            if connection.isClosed { promise.fail(closed) }
        }
        promise.futureResult.whenComplete { _ in watch.cancel() }
        return promise.futureResult
    }
}
