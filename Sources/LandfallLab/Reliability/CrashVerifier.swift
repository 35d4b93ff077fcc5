import Foundation
import LandfallStore
import Logging
import SQLKit

/// Reads the crash check's app straight from the database and compares it with the ledger.
struct CrashVerifier: Sendable {
    let location: DatabaseLocation
    let appId: String
    let logger: Logger

    /// What one look at the database found, as `kind identity` strings.
    struct Findings: Sendable {
        /// Acknowledged writes missing, or stored with other values than were sent.
        var lost: [String: String] = [:]
        /// Writes stored more than once, or stored without an acknowledgement.
        var duplicated: [String: String] = [:]
    }

    /// One stored row of a write: the server's id, what identifies the write, what it must hold.
    struct StoredRow: Sendable {
        var id: String
        var identity: String?
        var details: [String?]
    }

    /// Every write sent so far must be acknowledged by now (those in flight at the kill were sent
    /// again after the restart), so every stored row must belong to exactly one acknowledgement.
    func check(_ acknowledged: [CrashWrite.Kind: [String: CrashLedger.Acknowledged]]) async throws -> Findings {
        let appId = appId
        let stored = try await StorageFactory.withStorage(at: location, logger: logger) { _, provider in
            try await provider.read { database -> [CrashWrite.Kind: [StoredRow]] in
                // Installs are identified by the id the server answered with: the install key is kept only as a hash.
                let installs = try await database.raw("SELECT id FROM installs WHERE app_id = \(bind: appId)").all().map {
                    StoredRow(id: try $0.decode(column: "id", as: String.self), identity: nil, details: [])
                }
                let events = try await database.raw(
                    """
                    SELECT id, client_event_id, install_id, revenue_micros, revenue_currency FROM events WHERE app_id = \(bind: appId)
                    """
                ).all().map {
                    StoredRow(
                        id: try $0.decode(column: "id", as: String.self),
                        identity: try $0.decode(column: "client_event_id", as: String?.self),
                        details: [
                            try $0.decode(column: "install_id", as: String.self),
                            try $0.decode(column: "revenue_micros", as: Int64?.self).map(String.init),
                            try $0.decode(column: "revenue_currency", as: String?.self),
                        ]
                    )
                }
                let links = try await database.raw("SELECT id, short_code, external_user_id FROM links WHERE app_id = \(bind: appId)").all()
                    .map {
                        StoredRow(
                            id: try $0.decode(column: "id", as: String.self),
                            identity: try $0.decode(column: "external_user_id", as: String?.self),
                            details: [try $0.decode(column: "short_code", as: String.self)]
                        )
                    }
                return [.install: installs, .event: events, .link: links]
            }
        }
        var findings = Findings()
        for kind in CrashWrite.Kind.allCases {
            Self.compare(kind, stored: stored[kind] ?? [], acknowledged: acknowledged[kind] ?? [:], into: &findings)
        }
        return findings
    }

    /// Sorts the stored rows of `kind` against what was acknowledged.
    static func compare(
        _ kind: CrashWrite.Kind, stored: [StoredRow], acknowledged: [String: CrashLedger.Acknowledged], into findings: inout Findings
    ) {
        // Rows grouped by the identity a retry is deduplicated on; installs by the id itself.
        var rows: [String: [StoredRow]] = [:]
        for row in stored {
            rows[row.identity ?? row.id, default: []].append(row)
        }
        let acknowledgedKeys = Set(acknowledged.map { kind == .install ? $0.value.serverId : $0.key })
        for (identity, write) in acknowledged {
            let key = kind == .install ? write.serverId : identity
            let found = rows[key] ?? []
            let label = "\(kind.rawValue) \(identity)"
            guard let row = found.first(where: { $0.id == write.serverId }) else {
                findings.lost[label] =
                    found.isEmpty
                    ? "acknowledged as \(write.serverId), not stored"
                    : "acknowledged as \(write.serverId), stored only as \(found.map(\.id).joined(separator: ", "))"
                continue
            }
            if found.count > 1 {
                findings.duplicated[label] = "stored \(found.count) times: \(found.map(\.id).joined(separator: ", "))"
            }
            let expected = expectedDetails(kind, write)
            if row.details != expected {
                findings.lost[label] = "acknowledged with \(expected), stored with \(row.details)"
            }
        }
        for (key, found) in rows where !acknowledgedKeys.contains(key) {
            // A second install for one install key would be stored under an id nobody was answered with.
            findings.duplicated["\(kind.rawValue) \(key)"] = "\(found.count) stored, never acknowledged"
        }
    }

    private static func expectedDetails(_ kind: CrashWrite.Kind, _ acknowledged: CrashLedger.Acknowledged) -> [String?] {
        switch kind {
        case .install: []
        case .event: [acknowledged.write.installId, acknowledged.write.revenueMicros.map(String.init), acknowledged.write.revenueCurrency]
        case .link: [acknowledged.shortCode]
        }
    }
}
