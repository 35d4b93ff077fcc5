import SQLiteNIO

/// Why the database cannot take a write (or any request) right now, as opposed to refusing it: the
/// disk is full, or the database cannot be reached or read. Nothing was stored; the same request
/// can succeed later, so the server answers 503 with `Retry-After`.
public struct StoreUnavailable: Error, Sendable, Hashable {
    public enum Reason: String, Sendable, Hashable {
        /// SQLite: the disk (or `max_page_count`) has no room for the write.
        case full = "storage_full"
        /// SQLite: the file could not be read, written or opened (an I/O error).
        case unreachable = "storage_unavailable"
    }

    public var reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    /// The unavailability `error` stands for, or nil when it is another kind of failure.
    public static func classify(_ error: any Error) -> StoreUnavailable? {
        if let error = error as? StoreUnavailable { return error }
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
}
