import Foundation
import LandfallModels

/// The CSV form of a series: one line per bucket and group that has any activity.
enum SeriesCSV {
    static func header(currencies: [String]) -> String {
        let columns =
            [
                "bucket_start", "group", "label", "clicks", "bot_clicks", "installs",
            ] + InstallMethod.allCases.map { "installs_\($0.rawValue)" } + ["events"] + currencies.map { "revenue_\($0)" }
        return columns.joined(separator: ",") + "\r\n"
    }

    static func line(_ row: SeriesGrouper.Row, currencies: [String]) -> String {
        let counts = row.counts
        var fields = [
            LandfallJSON.formatTimestamp(row.bucket), field(row.key), field(row.label), String(counts.clicks), String(counts.botClicks),
            String(counts.installs),
        ]
        fields += InstallMethod.allCases.map { String(counts.installsByMethod[$0.rawValue] ?? 0) }
        fields.append(String(counts.events))
        fields += currencies.map { EventService.format(micros: counts.revenueMicros[$0] ?? 0) }
        return fields.joined(separator: ",") + "\r\n"
    }

    /// RFC 4180 quoting, and a leading `'` on text a spreadsheet would run as a formula: labels
    /// such as campaign names come from API users.
    static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
