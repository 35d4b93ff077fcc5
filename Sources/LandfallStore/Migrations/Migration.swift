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

    func statements(for engine: StorageEngine) -> [String] {
        engine == .postgres ? (postgresStatements ?? statements) : statements
    }
}

extension Migration {
    /// Every migration this build knows, in the order they are applied.
    public static let all: [Migration] = [.createCoreTables, .attribution, .leanerClickIndexes, .coveringCandidateIndexes, .branchSessions, .referrals, .conversionValues, .webhooks, .linkSafety, .clickReceivedAt, .uniqueShareLinks, .erasureIndexes, .ipRetention, .catalogRevision, .candidateEvidence, .attributionModels]
}
