import Foundation

/// The storage engines the crash check runs against.
enum CrashEngine: String, Sendable {
    case sqlite, postgres
}

/// What one `landfall-lab reliability crash` run does.
struct CrashPlan: Sendable {
    var engine: CrashEngine
    var cycles: Int
    /// The longest load before a kill; each kill falls at a random moment inside it.
    var loadPerCycle: Duration
    var clients: Int
    var seed: UInt64
}

/// What a run found, as the rows of the reliability table.
struct CrashReport: Sendable {
    var engine: CrashEngine
    var cycles: Int
    var acknowledged: [CrashWrite.Kind: Int]
    /// Writes in flight at a kill (or refused for the moment) that were sent again after the restart.
    var resent: Int
    /// Of those, the events and links the server had already stored before it died: the retry was
    /// answered as a duplicate. (An install's answer does not tell whether it was new.)
    var resentAlreadyStored: Int
    /// Acknowledged writes missing, or stored with other values than were sent, after some restart.
    var lost: Int
    /// Writes stored more than once, or stored although never acknowledged nor in flight.
    var duplicated: Int
    /// "ok", or what the final integrity check found.
    var integrity: String
    var elapsed: Duration

    var passed: Bool { lost == 0 && duplicated == 0 && integrity == "ok" }

    /// `crash<TAB>ENGINE<TAB>MEASURE<TAB>VALUE`, the line format every part of `scripts/reliability` prints.
    var rows: [String] {
        let total = acknowledged.values.reduce(0, +)
        let kinds = CrashWrite.Kind.allCases.map { "\(acknowledged[$0] ?? 0) \($0.plural)" }.joined(separator: ", ")
        let measures: [(String, String)] = [
            ("kill -9 cycles", "\(cycles)"),
            ("acknowledged writes", "\(total) (\(kinds))"),
            ("in flight at a kill, re-sent", "\(resent) (\(resentAlreadyStored) events and links found already stored)"),
            ("lost", "\(lost)"),
            ("duplicated", "\(duplicated)"),
            ("integrity", integrity),
            ("duration", "\(Int(elapsed.components.seconds)) s"),
        ]
        return measures.map { "crash\t\(engine.rawValue)\t\($0.0)\t\($0.1)" }
    }
}
