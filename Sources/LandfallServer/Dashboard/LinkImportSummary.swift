import Foundation

/// Counts and reasons of an import, and the summary `landfall import` prints and the dashboard shows.
public struct ImportSummary: Sendable {
    public var imported = 0
    /// Clicks older than the attribution window among the imported ones (kept for history).
    public var history = 0
    public var duplicates = 0
    public var refused: [(line: Int, reason: String)] = []

    public init() {}

    public mutating func refuse(line: Int, reason: String) { refused.append((line, reason)) }

    /// Nothing was stored or found stored, and something was refused.
    public var failedWhole: Bool { imported == 0 && duplicates == 0 && !refused.isEmpty }

    public func report(file: String, format: LinkImportFormat) -> String {
        report(title: "\(format.rawValue) export \(file)")
    }

    public func report(title: String) -> String {
        let kept = history == 0 ? "" : " (\(history) older than the attribution window, kept for history)"
        var lines = ["Imported \(imported)\(kept), duplicates \(duplicates), refused \(refused.count) (\(title))"]
        let byReason = Dictionary(grouping: refused, by: \.reason).sorted { $0.value.count > $1.value.count }
        for (reason, rows) in byReason {
            let shown = rows.prefix(10).map { String($0.line) }.joined(separator: ", ")
            lines.append("  refused \(rows.count): \(reason) (line\(rows.count == 1 ? "" : "s") \(shown)\(rows.count > 10 ? ", …" : ""))")
        }
        return lines.joined(separator: "\n")
    }
}
