import Foundation

/// How a throwaway cluster is configured: its durability, memory and connection limit.
///
/// ```swift
/// var settings = LocalPostgresSettings.durable
/// settings.parentDirectory = URL(fileURLWithPath: "/var/tmp")   // a real disk, not tmpfs
/// let cluster = try await LocalPostgres.start(settings)
/// ```
public struct LocalPostgresSettings: Sendable, Hashable {
    /// `fsync`: flush writes to disk. Off, a crash can corrupt the cluster, which a test does not mind.
    public var fsync: Bool
    /// `synchronous_commit`: a commit waits for its WAL flush.
    public var synchronousCommit: Bool
    /// `full_page_writes`: write whole pages after a checkpoint to survive torn pages.
    public var fullPageWrites: Bool
    /// `shared_buffers`, e.g. "256MB"; nil keeps the server's default (128MB).
    public var sharedBuffers: String?
    /// `max_connections`.
    public var maxConnections: Int
    /// Further `postgresql.conf` settings, name → value, written as `name = 'value'`.
    public var additional: [String: String]
    /// Where the cluster's directory is made; the temporary directory when nil. Put a durable
    /// cluster on a real disk: on tmpfs an fsync costs nothing. When running as root the server
    /// runs as the `postgres` user, which must be able to enter this directory.
    public var parentDirectory: URL?
    /// The directory name's prefix, `PREFIX-PID-RANDOM`; directories of dead processes with the
    /// same prefix are cleaned up at the next start.
    public var directoryPrefix: String

    public init(
        fsync: Bool,
        synchronousCommit: Bool,
        fullPageWrites: Bool,
        sharedBuffers: String? = nil,
        maxConnections: Int,
        additional: [String: String] = [:],
        parentDirectory: URL? = nil,
        directoryPrefix: String
    ) {
        self.fsync = fsync
        self.synchronousCommit = synchronousCommit
        self.fullPageWrites = fullPageWrites
        self.sharedBuffers = sharedBuffers
        self.maxConnections = maxConnections
        self.additional = additional
        self.parentDirectory = parentDirectory
        self.directoryPrefix = directoryPrefix
    }

    /// For tests: speed over durability (no fsync, no full-page writes) and room for the many
    /// connection pools of tests running in parallel. Each test migrates its own database in one
    /// transaction that locks every table and index it creates; dozens at once overflowed the
    /// shared lock table sized by the default 64 locks per transaction ("out of shared memory").
    public static let test = LocalPostgresSettings(
        fsync: false, synchronousCommit: true, fullPageWrites: false, maxConnections: 300,
        additional: ["max_locks_per_transaction": "256"], directoryPrefix: "landfall-pg"
    )

    /// For benchmarks: what a production server does (fsync and synchronous commit on, default
    /// full-page writes), with 256MB of shared buffers.
    public static let durable = LocalPostgresSettings(
        fsync: true, synchronousCommit: true, fullPageWrites: true, sharedBuffers: "256MB", maxConnections: 200,
        directoryPrefix: "landfall-pgbench"
    )

    /// True for the ``test`` kind of cluster: `initdb --no-sync` is enough when the server does not fsync either.
    var skipsSync: Bool { !fsync }

    /// The lines appended to `postgresql.conf`.
    func configurationLines() throws -> [String] {
        var settings: [(String, String)] = [
            ("fsync", fsync ? "on" : "off"),
            ("synchronous_commit", synchronousCommit ? "on" : "off"),
            ("full_page_writes", fullPageWrites ? "on" : "off"),
            ("max_connections", String(maxConnections)),
        ]
        if let sharedBuffers { settings.append(("shared_buffers", sharedBuffers)) }
        settings += additional.sorted { $0.key < $1.key }
        return try settings.map { name, value in
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                throw LocalPostgresError("not a PostgreSQL setting name: \(name)")
            }
            guard !value.contains(where: \.isNewline) else {
                throw LocalPostgresError("the value of \(name) has a line break")
            }
            // postgresql.conf strings are single-quoted with '' for a quote; a backslash escapes too.
            let quoted = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''")
            return "\(name) = '\(quoted)'"
        }
    }
}
