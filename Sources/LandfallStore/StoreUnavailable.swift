import PostgresNIO
import SQLiteNIO

/// Why the database cannot take a write (or any request) right now, as opposed to refusing it: the
/// disk is full, or the database cannot be reached or read. Nothing was stored; the same request
/// can succeed later, so the server answers 503 with `Retry-After`.
public struct StoreUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        /// SQLite: the disk (or `max_page_count`) has no room for the write.
        case full = "storage_full"
        /// SQLite: the file could not be read, written or opened (an I/O error).
        case unreachable = "storage_unavailable"
        /// PostgreSQL: no connection (refused, closed under the request, shutting down or starting
        /// up, none free within the wait). A write whose connection closed before its COMMIT was
        /// answered may or may not be stored; a retry with the same identity (install key, client
        /// event id, external user id) is stored once either way.
        case databaseUnavailable = "database_unavailable"
    }

    public var reason: Reason
    /// What the driver said, for the log.
    public var detail: String?

    public init(_ reason: Reason, detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }

    public var description: String { "\(reason.rawValue)" + (detail.map { ": \($0)" } ?? "") }

    /// The unavailability `error` stands for, or nil when it is another kind of failure.
    public static func classify(_ error: any Error) -> StoreUnavailable? {
        if let error = error as? StoreUnavailable { return error }
        if let error = error as? PSQLError { return classify(error) }
        guard let error = error as? SQLiteError else { return nil }
        switch error.reason {
        case .full: return StoreUnavailable(.full)
        case .ioError, .cantOpen, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync,
            .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedSharedMemOpen, .ioErrorFailedSharedMemSize,
            .ioErrorFailedSharedMemMap:
            // ENOSPC reaches SQLite as a failed write on some paths (the WAL's extension) rather than SQLITE_FULL.
            return StoreUnavailable(.unreachable)
        default: return nil
        }
    }

    /// PostgreSQL's connection-level failures; a query's own error (a constraint, a syntax error) is not one.
    private static func classify(_ error: PSQLError) -> StoreUnavailable? {
        let unavailable = StoreUnavailable(.databaseUnavailable, detail: String(describing: error.code))
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
            return unavailable
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return nil }
            // 08: connection exceptions. 57P01-57P03: the server is shutting down (pg_ctl stop or
            // restart), crashed, or is starting up and in recovery. 53300: too many connections.
            if state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state) {
                return StoreUnavailable(.databaseUnavailable, detail: "SQLSTATE \(state)")
            }
            return nil
        default:
            return nil
        }
    }
}
