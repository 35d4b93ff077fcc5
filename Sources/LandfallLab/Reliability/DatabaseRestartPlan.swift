import Foundation

/// How PostgreSQL goes away in a cycle of the database-restart check.
enum DatabaseRestartMode: String, Sendable, CaseIterable {
    /// `kill -9` of the postmaster, down for a random moment, then `pg_ctl start` (crash recovery).
    case kill
    /// `pg_ctl restart -m fast`: sessions ended, shutdown checkpoint, started again.
    case restart
}

/// What one `landfall-lab reliability database-restart` run does.
struct DatabaseRestartPlan: Sendable {
    var modes: [DatabaseRestartMode]
    /// Cycles of each mode.
    var cycles: Int
    /// The longest load before the fault; each fault falls at a random moment inside it.
    var loadBeforeFault: Duration
    /// Kill mode: the longest the database stays down before it is started again.
    var longestOutage: Duration
    /// Load clients per server (two servers).
    var clientsPerServer: Int
    var seed: UInt64
    /// An answer slower than this, or none at all, is a hang. An event can wait two connection
    /// waits (5 s each): its group commit's, behind the one that was waiting when it came. Half the
    /// SDK's own request timeout (30 s).
    var hangLimit: Duration = .seconds(15)
    /// After the cycles: the database stopped this long with the load off, to see how long cached
    /// redirects go on (nil: not done).
    var longOutage: Duration?

    /// The fault of each cycle: the modes taking turns, so both meet the same stretch of the run.
    var schedule: [DatabaseRestartMode] {
        (0..<cycles).flatMap { _ in modes }
    }
}

/// One answer (or its absence) seen during a cycle.
struct RestartObservation: Sendable {
    enum Kind: Sendable { case write, redirect }

    var server: Int
    var kind: Kind
    var sentAt: ContinuousClock.Instant
    var answeredAt: ContinuousClock.Instant
    /// nil: no answer (the connection failed or the client timed out).
    var status: Int?
    var retryAfter: String?
    var errorCode: String?
}

/// What the answers of one cycle show about the time the database was gone.
struct RestartCycleFindings: Sendable, Equatable {
    /// Writes answered 503.
    var unavailable = 0
    /// 503s without `Retry-After` or without the `database_unavailable` JSON error.
    var malformedUnavailable: [String] = []
    /// Answers of 500 or more other than 503.
    var serverErrors: [String] = []
    /// Requests that got no answer, or one slower than the hang limit.
    var hangs = 0
    var longestAnswer: Duration = .zero
    /// The longest a server answered writes with 503: from its first 503 to its next 2xx.
    var unavailableWindow: Duration = .zero
    /// From the database accepting connections again to the first write acknowledged after it,
    /// on the slower server; nil when some server acknowledged none.
    var reconnect: Duration?
    /// Redirects sent while the database was down, and those answered with a redirect or a page.
    var redirectsDuringOutage = 0
    var redirectsServedDuringOutage = 0

    static func summarize(
        _ observations: [RestartObservation], servers: Int, faultAt: ContinuousClock.Instant, backAt: ContinuousClock.Instant,
        hangLimit: Duration
    ) -> RestartCycleFindings {
        var findings = RestartCycleFindings()
        for observation in observations {
            let took = observation.answeredAt - observation.sentAt
            findings.longestAnswer = max(findings.longestAnswer, took)
            if observation.status == nil || took > hangLimit { findings.hangs += 1 }
            guard let status = observation.status else { continue }
            if status == 503 {
                if observation.kind == .write { findings.unavailable += 1 }
                if observation.retryAfter == nil || observation.errorCode != "database_unavailable" {
                    findings.malformedUnavailable.append(
                        "503 with Retry-After \(observation.retryAfter ?? "none") and code \(observation.errorCode ?? "none")")
                }
            } else if status >= 500 {
                findings.serverErrors.append("\(status) to a \(observation.kind == .write ? "write" : "redirect")")
            }
            if observation.kind == .redirect, observation.sentAt >= faultAt, observation.sentAt < backAt {
                findings.redirectsDuringOutage += 1
                if (200..<400).contains(status) { findings.redirectsServedDuringOutage += 1 }
            }
        }
        var slowestReconnect: Duration? = .zero
        for server in 0..<servers {
            let writes = observations.filter { $0.server == server && $0.kind == .write && $0.status != nil }
                .sorted { $0.answeredAt < $1.answeredAt }
            var streakStart: ContinuousClock.Instant?
            for write in writes {
                if write.status == 503, streakStart == nil { streakStart = write.answeredAt }
                if let start = streakStart, let status = write.status, (200..<300).contains(status) {
                    findings.unavailableWindow = max(findings.unavailableWindow, write.answeredAt - start)
                    streakStart = nil
                }
            }
            if let start = streakStart, let last = writes.last {
                // 503s to the end: the window lasts at least that long, and reconnect fails below.
                findings.unavailableWindow = max(findings.unavailableWindow, last.answeredAt - start)
            }
            let firstAcknowledged = writes.first { $0.answeredAt >= backAt && (200..<300).contains($0.status ?? 0) }
            if let firstAcknowledged, let slowest = slowestReconnect {
                slowestReconnect = max(slowest, firstAcknowledged.answeredAt - backAt)
            } else {
                slowestReconnect = nil
            }
        }
        findings.reconnect = slowestReconnect
        return findings
    }
}

/// The findings of every cycle of one mode, added up.
struct RestartModeTotals: Sendable {
    var cycles = 0
    var outages: [Duration] = []
    var unavailable = 0
    var malformedUnavailable: [String] = []
    var serverErrors: [String] = []
    var hangs = 0
    var longestAnswer: Duration = .zero
    var longestUnavailableWindow: Duration = .zero
    var reconnects: [Duration] = []
    var neverReconnected = 0
    var redirectsDuringOutage = 0
    var redirectsServedDuringOutage = 0

    mutating func add(_ findings: RestartCycleFindings, outage: Duration) {
        cycles += 1
        outages.append(outage)
        unavailable += findings.unavailable
        malformedUnavailable += findings.malformedUnavailable
        serverErrors += findings.serverErrors
        hangs += findings.hangs
        longestAnswer = max(longestAnswer, findings.longestAnswer)
        longestUnavailableWindow = max(longestUnavailableWindow, findings.unavailableWindow)
        if let reconnect = findings.reconnect { reconnects.append(reconnect) } else { neverReconnected += 1 }
        redirectsDuringOutage += findings.redirectsDuringOutage
        redirectsServedDuringOutage += findings.redirectsServedDuringOutage
    }

    var passed: Bool { malformedUnavailable.isEmpty && serverErrors.isEmpty && hangs == 0 && neverReconnected == 0 }
}

/// Clicks of the redirects the check followed: answered, stored, and dropped as counted by the servers.
struct RestartClickTally: Sendable, Equatable {
    var answered = 0
    /// Answered redirects with their click stored (once or more).
    var stored = 0
    /// Clicks stored more than once.
    var duplicated = 0
    /// `landfall_clicks_dropped_total` of both servers.
    var droppedCounted = 0

    var lost: Int { answered - stored }
    /// Lost clicks that no server counted as dropped.
    var unaccounted: Int { max(0, lost - droppedCounted) }

    /// Compares the markers of the answered redirects with how often each was stored.
    static func tally(answered: Set<String>, storedCounts: [String: Int], droppedCounted: Int) -> RestartClickTally {
        RestartClickTally(
            answered: answered.count, stored: answered.filter { (storedCounts[$0] ?? 0) > 0 }.count,
            duplicated: storedCounts.values.filter { $0 > 1 }.count, droppedCounted: droppedCounted)
    }
}

/// What a run found, as rows of the reliability table.
struct DatabaseRestartReport: Sendable {
    var plan: DatabaseRestartPlan
    var modes: [DatabaseRestartMode: RestartModeTotals] = [:]
    var acknowledged: [CrashWrite.Kind: Int] = [:]
    var resent = 0
    var resentAlreadyStored = 0
    var lost = 0
    var duplicated = 0
    var integrity = ""
    var clicks = RestartClickTally()
    /// The long outage: how long each server kept answering the cached link, and the outage's length.
    var cachedRedirects: (servedFor: [Duration], outage: Duration)?
    var elapsed: Duration = .zero

    var passed: Bool {
        lost == 0 && duplicated == 0 && integrity == "ok" && modes.values.allSatisfy(\.passed) && clicks.unaccounted == 0
            && clicks.duplicated == 0
    }

    var rows: [String] {
        var rows: [(String, String, String)] = []
        for mode in plan.modes {
            guard let totals = modes[mode] else { continue }
            let target = mode.rawValue
            let what =
                switch mode {
                case .kill: "postmaster SIGKILL, down up to \(Self.seconds(plan.longestOutage)), pg_ctl start"
                case .restart: "pg_ctl restart -m fast"
                }
            rows += [
                (target, "cycles", "\(totals.cycles) (\(what))"),
                (
                    target, "database down",
                    "median \(Self.seconds(Self.median(totals.outages))), longest \(Self.seconds(totals.outages.max() ?? .zero))"
                ),
                (
                    target, "writes answered 503",
                    "\(totals.unavailable)"
                        + (totals.malformedUnavailable.isEmpty
                            ? " (every 503 with Retry-After and database_unavailable)"
                            : "; \(totals.malformedUnavailable.count) without: \(totals.malformedUnavailable.prefix(3).joined(separator: "; "))")
                ),
                (
                    target, "500s",
                    totals.serverErrors.isEmpty
                        ? "0" : "\(totals.serverErrors.count): \(totals.serverErrors.prefix(3).joined(separator: "; "))"
                ),
                (
                    target, "hangs (no answer within \(Self.seconds(plan.hangLimit)))",
                    "\(totals.hangs) (longest answer \(Self.seconds(totals.longestAnswer)))"
                ),
                (target, "longest 503 window", Self.seconds(totals.longestUnavailableWindow)),
                (
                    target, "reconnect after the database is back",
                    "median \(Self.seconds(Self.median(totals.reconnects))), longest \(Self.seconds(totals.reconnects.max() ?? .zero))"
                        + (totals.neverReconnected > 0 ? "; \(totals.neverReconnected) cycles without" : "")
                ),
                (
                    target, "redirects served while the database was down",
                    "\(totals.redirectsServedDuringOutage) of \(totals.redirectsDuringOutage)"
                ),
            ]
        }
        let total = acknowledged.values.reduce(0, +)
        let kinds = CrashWrite.Kind.allCases.map { "\(acknowledged[$0] ?? 0) \($0.plural)" }.joined(separator: ", ")
        rows += [
            ("postgres", "acknowledged writes", "\(total) (\(kinds))"),
            ("postgres", "answered 503 or in flight, re-sent", "\(resent) (\(resentAlreadyStored) events and links found already stored)"),
            ("postgres", "lost", "\(lost)"),
            ("postgres", "duplicated", "\(duplicated)"),
            ("postgres", "integrity", integrity),
            (
                "postgres", "clicks of answered redirects",
                "\(clicks.answered) answered, \(clicks.stored) stored, \(clicks.lost) lost (\(clicks.droppedCounted) dropped and counted), \(clicks.duplicated) stored twice"
            ),
        ]
        if let cached = cachedRedirects {
            let served = cached.servedFor.map(Self.seconds).joined(separator: " and ")
            rows.append(
                ("postgres", "cached redirects in a long outage", "served for \(served) of a \(Self.seconds(cached.outage)) outage"))
        }
        rows.append(("postgres", "duration", "\(Int(elapsed.components.seconds)) s"))
        return rows.map { "database-restart\t\($0.0)\t\($0.1)\t\($0.2)" }
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    static func median(_ durations: [Duration]) -> Duration {
        let sorted = durations.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }
}
