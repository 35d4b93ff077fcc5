import Foundation

/// What one `landfall-lab reliability power` run does.
struct PowerPlan: Sendable {
    /// Where in the load each cut falls, picked at random below a bound.
    enum Moments: Sendable {
        /// After up to this long under load (the command).
        case time(Duration)
        /// After up to this many acknowledged writes (the test: no timers, the same on any machine).
        case acknowledged(Int)
    }

    var cuts: Int
    var moments: Moments
    var clients: Int
    /// Clients following a link meanwhile, whose clicks are written in batches off the request path.
    var clickClients: Int
    var seed: UInt64
}

/// What a run found, as the rows of the reliability table.
struct PowerReport: Sendable {
    var cuts: Int
    /// Cuts whose last write was torn (every other one).
    var tornCuts: Int
    /// Writes and truncations since the last sync that the cuts threw away, and their bytes.
    var discardedOperations: Int
    var discardedBytes: Int
    var acknowledged: [CrashWrite.Kind: Int]
    var resent: Int
    var resentAlreadyStored: Int
    var lost: Int
    var duplicated: Int
    /// Cuts after which the database reopened through the normal VFS failed `PRAGMA integrity_check`.
    var damagedAfterCut: Int
    /// The check after the last, clean stop.
    var integrity: String
    /// Redirects answered before a cut, and those whose click was not stored.
    var clicksAnswered: Int
    var clicksLost: Int
    var clicksLostMostInOneCut: Int
    /// The longest a lost click's redirect had been answered before its cut.
    var clickLossWindow: Duration
    /// The longest time from the take of the last committed click batch to a cut: the window the
    /// docs promise clicks can be lost in.
    var clickWindowAtCut: Duration
    /// Lost clicks answered before the last committed batch was taken: outside the window (must be 0).
    var clicksLostOutsideWindow: Int
    /// What stopping the server after the last cycle (no cut) ended with; nil when clean.
    var finalStop: String?
    var elapsed: Duration

    var passed: Bool {
        lost == 0 && duplicated == 0 && damagedAfterCut == 0 && integrity == "ok" && clicksLostOutsideWindow == 0
            && finalStop == nil
    }

    /// `power<TAB>sqlite<TAB>MEASURE<TAB>VALUE`, the line format of every part of `scripts/reliability`.
    var rows: [String] {
        let total = acknowledged.values.reduce(0, +)
        let kinds = CrashWrite.Kind.allCases.map { "\(acknowledged[$0] ?? 0) \($0.plural)" }.joined(separator: ", ")
        let measures: [(String, String)] = [
            ("power cuts", "\(cuts) (\(tornCuts) with the last write torn)"),
            ("unsynced writes discarded", "\(discardedOperations) undone, \(discardedBytes) bytes"),
            ("acknowledged writes", "\(total) (\(kinds))"),
            ("in flight at a cut, re-sent", "\(resent) (\(resentAlreadyStored) events and links found already stored)"),
            ("lost", "\(lost)"),
            ("duplicated", "\(duplicated)"),
            ("integrity after each cut", damagedAfterCut == 0 ? "ok (\(cuts) of \(cuts))" : "\(damagedAfterCut) damaged"),
            ("integrity at the end", integrity),
            ("clicks answered before a cut", "\(clicksAnswered)"),
            ("clicks lost", "\(clicksLost) (at most \(clicksLostMostInOneCut) in one cut)"),
            ("oldest lost click", "answered \(Int(clickLossWindow.milliseconds)) ms before its cut"),
            (
                "clicks lost outside the window",
                "\(clicksLostOutsideWindow) (window: since the last committed batch was taken, at most \(Int(clickWindowAtCut.milliseconds)) ms at a cut)"
            ),
            ("clean stop after the last restart", finalStop ?? "yes"),
            ("duration", "\(Int(elapsed.components.seconds)) s"),
        ]
        return measures.map { "power\tsqlite\t\($0.0)\t\($0.1)" }
    }
}
