/// A named, ordered schema change. Names are recorded in `landfall_migrations` once applied.
///
/// Statements use the SQL that SQLite and PostgreSQL share (TEXT, BIGINT, INTEGER, BOOLEAN), so one
/// list serves both engines; a migration that needs engine-specific SQL gives `postgresStatements`.
public struct Migration: Sendable, Hashable {
    public let name: String
    public let statements: [String]
    public let postgresStatements: [String]?

    public init(name: String, statements: [String], postgresStatements: [String]? = nil) {
        self.name = name
        self.statements = statements
        self.postgresStatements = postgresStatements
    }

    public func statements(for engine: StorageEngine) -> [String] {
        engine == .postgres ? (postgresStatements ?? statements) : statements
    }
}

extension Migration {
    /// Every migration this build knows, in the order they are applied: the order of their numbers.
    ///
    /// Earlier builds listed 0010 before 0009, and 0013 before 0011 and 0012. The migrations of each
    /// pair touch different tables or indexes (0009 `clicks`; 0010 `links` and `safety_domains`; 0013
    /// the `links_app_dedup` index, 0011 and 0012 others), so a database that had both pending ends
    /// up with the same schema in either order.
    public static let all: [Migration] = [
        .createCoreTables, .attribution, .leanerClickIndexes, .coveringCandidateIndexes, .branchSessions, .referrals, .conversionValues,
        .webhooks, .clickReceivedAt, .linkSafety, .erasureIndexes, .ipRetention, .uniqueShareLinks, .catalogRevision, .candidateEvidence,
        .attributionModels, .dashboardAccounts, .clickRetention, .partitionedClicks, .clickTokenClaimsPerBatch, .retiredClicks,
        .clickDayTotals, .clickDayGroupTotals, .carriedCounts,
    ]
}
