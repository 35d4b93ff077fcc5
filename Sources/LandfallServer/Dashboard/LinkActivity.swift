import Foundation
import LandfallModels
import LandfallStore

/// What a link's dashboard page charts: human clicks per UTC day, installs by method, and the
/// installs its clicks led to with how they were attributed.
struct LinkActivity: Sendable {
    struct Install: Sendable {
        var id: String
        var createdAt: Date
        var method: InstallMethod
        var confidence: Int
        var matchedFactors: [String]
        var platform: String
    }

    static let days = 30
    /// Installs listed on the page, newest first; the totals above count all of them.
    static let listedInstalls = 50

    var from: Date
    var to: Date
    var clicksPerDay: [DashboardCharts.Bar]
    var humanClicks: Int
    var botClicks: Int
    var installsByMethod: [DashboardCharts.Bar]
    var installs: [Install]

    /// The last ``days`` days up to and including today (UTC).
    static func load(link: LinkRecord, storage: any LandfallStorage, now: Date) async throws -> LinkActivity {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let today = calendar.startOfDay(for: now)
        let to = today.addingTimeInterval(86_400)
        let from = today.addingTimeInterval(-Double(days - 1) * 86_400)
        let summary = try await storage.analytics(appId: link.appId, linkId: link.id, from: from, to: to)

        let clicks = try await storage.clicks(linkId: link.id, appId: link.appId)
        var perDay = [Int](repeating: 0, count: days)
        for click in clicks where !click.isBot && click.clickedAt >= from && click.clickedAt < to {
            perDay[Int(click.clickedAt.timeIntervalSince(from) / 86_400)] += 1
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "MMM d"
        let bars = perDay.enumerated().map { index, count in
            DashboardCharts.Bar(label: formatter.string(from: from.addingTimeInterval(Double(index) * 86_400)), value: count)
        }

        var installs: [Install] = []
        let installedClicks = clicks.filter { $0.installId != nil }.sorted { $0.clickedAt > $1.clickedAt }
        for click in installedClicks.prefix(listedInstalls) {
            guard let id = click.installId, let install = try await storage.install(id: id, appId: link.appId) else { continue }
            installs.append(
                Install(
                    id: install.id, createdAt: install.createdAt, method: install.method, confidence: install.confidence,
                    matchedFactors: install.matchedFactors, platform: install.fingerprint.platform
                ))
        }
        // The attributed methods first, in a fixed order; then organic and anything else stored, by name.
        let attributed = [InstallMethod.deterministic, .probabilistic].map(\.rawValue)
        let methods = attributed + summary.installsByMethod.keys.filter { !attributed.contains($0) }.sorted()
        return LinkActivity(
            from: from, to: to, clicksPerDay: bars, humanClicks: summary.humanClicks, botClicks: summary.botClicks,
            installsByMethod: methods.map { DashboardCharts.Bar(label: $0, value: summary.installsByMethod[$0] ?? 0) },
            installs: installs
        )
    }
}
