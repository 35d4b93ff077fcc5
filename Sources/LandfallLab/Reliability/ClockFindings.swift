import Foundation
import LandfallStore
import Logging
import SQLKit

/// What the clock check reads back from the database.
enum ClockFindings {
    static func latestClick(path: String, appId: String, logger: Logger) async throws -> Date? {
        try await StorageFactory.withStorage(at: .sqlite(path: path), logger: logger) { _, provider in
            try await provider.read { database in
                try await database.raw("SELECT MAX(clicked_at) AS latest FROM clicks WHERE app_id = \(bind: appId)").first()
                    .flatMap { try $0.decode(column: "latest", as: Int64?.self) }.map(Date.init(epochMilliseconds:))
            }
        }
    }

    static func read(path: String, appId: String, logger: Logger, into report: inout ClockReport) async throws {
        let (future, stamps, counted) = try await StorageFactory.withStorage(at: .sqlite(path: path), logger: logger) { _, provider in
            try await provider.read { database in
                let future =
                    try await database.raw(
                        """
                        SELECT COUNT(*) AS n FROM installs i JOIN clicks c ON c.id = i.click_id
                        WHERE i.app_id = \(bind: appId) AND c.clicked_at > i.created_at
                        """
                    ).first().map { try $0.decode(column: "n", as: Int.self) } ?? 0
                // In the order they were stored: one writer, so insertion order is batch order.
                let stamps = try await database.raw(
                    "SELECT clicked_at FROM clicks WHERE app_id = \(bind: appId) AND is_bot = 0 AND received_at IS NULL ORDER BY rowid"
                ).all().map { try $0.decode(column: "clicked_at", as: Int64.self) }
                let counted = try await database.raw(
                    "SELECT day, SUM(clicks) AS n FROM click_stats WHERE app_id = \(bind: appId) AND factor = '_total' GROUP BY day"
                ).all().map { row -> (day: Int64, clicks: Int) in
                    (try row.decode(column: "day", as: Int64.self), try row.decode(column: "n", as: Int.self))
                }
                return (future, stamps, counted)
            }
        }
        report.creditedToLaterClick = future
        report.clicks = stamps.count
        // Two redirects racing may store their clicks a millisecond out of order; a second is a step.
        var latest: Int64?
        for stamp in stamps {
            if let latest, stamp < latest - 1000 { report.stampsBackwards += 1 }
            latest = max(latest ?? stamp, stamp)
        }
        var perDay: [Int64: Int] = [:]
        for stamp in stamps { perDay[Int64((Double(stamp) / 86_400_000).rounded(.down)), default: 0] += 1 }
        var countedPerDay: [Int64: Int] = [:]
        for (day, clicks) in counted { countedPerDay[day, default: 0] += clicks }
        report.clicksCounted = countedPerDay.values.reduce(0, +)
        report.daysMiscounted = Set(perDay.keys).union(countedPerDay.keys).filter { perDay[$0] != countedPerDay[$0] }.count
    }
}

/// What a clock check found, as rows of the reliability table.
struct ClockReport: Sendable {
    var steps: Int
    var forward = 0
    var backward = 0
    var largestStep: TimeInterval = 0
    var installs = 0
    var attributed = 0
    var clicks = 0
    var creditedToLaterClick = 0
    var stampsBackwards = 0
    var clicksCounted = 0
    var daysMiscounted = 0
    var managementAdmitted = 0
    var managementExpected: ClosedRange<Int> = 0...0

    var passed: Bool {
        creditedToLaterClick == 0 && stampsBackwards == 0 && clicksCounted == clicks && daysMiscounted == 0
            && managementExpected.contains(managementAdmitted)
    }

    var rows: [String] {
        let measures: [(String, String)] = [
            ("clock steps", "\(forward + backward) (\(forward) forward, \(backward) back, largest \(Int(largestStep / 60)) min)"),
            ("installs", "\(installs) (\(attributed) attributed)"),
            ("installs credited to a click stamped after them", "\(creditedToLaterClick)"),
            ("clicks stamped before one stored earlier", "\(stampsBackwards) of \(clicks)"),
            ("clicks counted by the statistics", "\(clicksCounted) of \(clicks) (\(daysMiscounted) days double-counted or skipped)"),
            (
                "rate-limited requests admitted",
                "\(managementAdmitted) (an exact bucket on the monotonic clock: \(managementExpected.lowerBound)–\(managementExpected.upperBound))"
            ),
        ]
        return measures.map { "clock\tsqlite\t\($0.0)\t\($0.1)" }
    }
}
