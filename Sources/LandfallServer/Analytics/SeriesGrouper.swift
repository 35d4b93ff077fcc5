import Foundation
import LandfallStore

/// Turns the database's rows (grouped by link, platform or country) into rows of the requested
/// group, rolling links up to their template or UTM campaign, with a key and a readable label.
struct SeriesGrouper: Sendable {
    let storage: any LandfallStorage
    let appId: String
    let grouping: SeriesRequest.Grouping

    /// One bucket of one group, as shown.
    struct Row: Sendable {
        var bucket: Date
        var key: String
        var label: String
        var counts: SeriesCounts
    }

    /// Labels of links already looked up, kept across the parts of a streamed range.
    struct LinkLabels: Sendable {
        var byId: [String: AnalyticsLinkLabel] = [:]
        var missing: Set<String> = []
    }

    func rows(_ raw: [AnalyticsSeriesRow], labels: inout LinkLabels) async throws -> [Row] {
        if grouping.dimension == .link {
            let unknown = Set(raw.compactMap(\.key)).filter { labels.byId[$0] == nil && !labels.missing.contains($0) }
            if !unknown.isEmpty {
                let found = try await storage.analyticsLinkLabels(ids: unknown.sorted(), appId: appId)
                for label in found { labels.byId[label.id] = label }
                labels.missing.formUnion(unknown.subtracting(found.map(\.id)))
            }
        }
        var merged: [String: Row] = [:]
        var order: [String] = []
        for row in raw {
            let (key, label) = name(row.key, labels: labels)
            let id = "\(row.bucket.epochMilliseconds)|\(key)"
            if merged[id] == nil {
                merged[id] = Row(bucket: row.bucket, key: key, label: label, counts: SeriesCounts())
                order.append(id)
            }
            merged[id]?.counts.add(row)
        }
        return order.compactMap { merged[$0] }.sorted { ($0.bucket, $0.key) < ($1.bucket, $1.key) }
    }

    /// The group key and label of a database group value.
    private func name(_ value: String?, labels: LinkLabels) -> (String, String) {
        switch grouping {
        case .none:
            return ("all", "all")
        case .platform, .country:
            return (value ?? "unknown", value ?? "unknown")
        case .link:
            guard let value else { return ("none", "(no link)") }
            return (value, labels.byId[value]?.shortCode ?? "(deleted link)")
        case .template:
            guard let value, let link = labels.byId[value], let templateId = link.templateId else { return ("none", "(no template)") }
            return (templateId, link.templateSlug ?? templateId)
        case .campaign:
            guard let value, let campaign = labels.byId[value]?.campaign else { return ("none", "(no campaign)") }
            return (campaign, campaign)
        }
    }
}

/// The counts of one bucket, group or total.
struct SeriesCounts: Sendable, Equatable {
    var clicks = 0
    var botClicks = 0
    var installsByMethod: [String: Int] = [:]
    var events = 0
    var revenueMicros: [String: Int64] = [:]

    var installs: Int { installsByMethod.values.reduce(0, +) }
    /// What ranks groups: everything that happened in them.
    var weight: Int { clicks + installs + events }

    mutating func add(_ row: AnalyticsSeriesRow) {
        clicks += row.humanClicks
        botClicks += row.botClicks
        installsByMethod.merge(row.installsByMethod, uniquingKeysWith: +)
        events += row.events
        revenueMicros.merge(row.revenueMicrosByCurrency, uniquingKeysWith: +)
    }

    mutating func add(_ other: SeriesCounts) {
        clicks += other.clicks
        botClicks += other.botClicks
        installsByMethod.merge(other.installsByMethod, uniquingKeysWith: +)
        events += other.events
        revenueMicros.merge(other.revenueMicros, uniquingKeysWith: +)
    }
}
