import Foundation

/// What a schemathesis run amounted to: its JSON report (failures by kind, whether it finished) and
/// the requests the hooks module counted per operation.
struct FuzzSummary: Sendable {
    /// Requests sent per operation label (`GET /api/apps/{appId}`).
    var requestsByOperation: [String: Int]
    /// Answers with a status of 500 or more, as the hooks module counted them.
    var serverErrorAnswers: Int
    /// Distinct failures schemathesis reported, of any check, plus its own errors.
    var failedChecks: Int
    var failureTitles: [String]
    var operationsInDocument: Int
    /// False when schemathesis stopped before it had tested every operation.
    var isComplete: Bool

    init(reports: URL, counts: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: reports.path).filter { $0.hasSuffix(".json") }.sorted()
        guard let name = names.last else { throw FuzzError("no JSON report in \(reports.path)") }
        guard let report = try JSONSerialization.jsonObject(with: Data(contentsOf: reports.appendingPathComponent(name))) as? [String: Any]
        else {
            throw FuzzError("the report \(name) is not a JSON object")
        }
        let failures = report["failures"] as? [[String: Any]] ?? []
        let errors = report["errors"] as? [[String: Any]] ?? []
        failedChecks = (failures + errors).reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
        failureTitles =
            failures.map { failure in
                let operations = (failure["operations"] as? [String] ?? []).prefix(5).joined(separator: ", ")
                return
                    "\(failure["type"] as? String ?? "?"): \(failure["title"] as? String ?? "?") ×\(failure["count"] as? Int ?? 0) [\(operations)]"
            } + errors.map { "error: \($0["title"] as? String ?? "?") ×\($0["count"] as? Int ?? 0)" }
        isComplete = report["complete"] as? Bool ?? false
        operationsInDocument = (report["operations"] as? [String: Any])?["total"] as? Int ?? 0

        guard let perOperation = try JSONSerialization.jsonObject(with: Data(contentsOf: counts)) as? [String: [String: Any]] else {
            throw FuzzError("\(counts.path) is not the hooks module's counts")
        }
        requestsByOperation = perOperation.mapValues { $0["requests"] as? Int ?? 0 }
        serverErrorAnswers = perOperation.values.reduce(0) { total, entry in
            let statuses = entry["statuses"] as? [String: Int] ?? [:]
            return total + statuses.filter { (Int($0.key) ?? 0) >= 500 }.values.reduce(0, +)
        }
    }
}
