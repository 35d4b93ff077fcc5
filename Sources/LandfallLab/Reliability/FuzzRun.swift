import Foundation
import LandfallBench
import NIOCore

/// What one fuzz run does.
struct FuzzPlan: Sendable {
    var schemathesis: URL
    var examples: Int
    var workers: Int
    var seed: UInt64
    var checks: [String]
    var hostileRounds: Int
    var slowConnections: Int
    /// Nil fuzzes every operation of the document.
    var pathPattern: String? = nil
}

/// Runs schemathesis against a seeded server and reads what it and the server report.
enum FuzzRun {
    struct Report: Sendable {
        var rows: [String]
        /// The failures and server errors, for a person to read.
        var details: String
        var passed: Bool
    }

    static func execute(_ plan: FuzzPlan, against server: FuzzServer, in directory: URL) async throws -> Report {
        let configuration = directory.appendingPathComponent("schemathesis.toml")
        try FuzzConfiguration.text(
            for: server, workers: plan.workers, cacheDirectory: directory.appendingPathComponent("cache", isDirectory: true)
        ).write(to: configuration, atomically: true, encoding: .utf8)
        let reports = directory.appendingPathComponent("reports", isDirectory: true)
        let hooks = directory.appendingPathComponent("landfall_fuzz_hooks.py")
        try FuzzHooks.module.write(to: hooks, atomically: true, encoding: .utf8)
        let counts = directory.appendingPathComponent("requests-by-operation.json")
        var environment = ProcessInfo.processInfo.environment
        environment["SCHEMATHESIS_HOOKS"] = hooks.path
        environment[FuzzHooks.countsVariable] = counts.path
        let document = directory.appendingPathComponent("openapi.json")
        try await servedDocument(from: server).write(to: document)
        let residentBefore = try ProcessSampler.sample(pid: getpid()).residentBytes
        let process = try ManagedProcess.start(
            plan.schemathesis,
            arguments: [
                "--config-file", configuration.path, "run", document.path, "--url", server.baseURL,
                "--max-examples", "\(plan.examples)", "--seed", "\(plan.seed)", "--checks", plan.checks.joined(separator: ","),
                // Stateful testing could learn the seeded app's id and delete it, which would leave
                // every later request unauthorised: the seeded ids go only where they are safe.
                "--phases", "examples,coverage,fuzzing",
                "--continue-on-failure", "--suppress-health-check", "all", "--no-color",
                "--report", "json", "--report-dir", reports.path,
            ] + (plan.pathPattern.map { ["--include-path-regex", $0] } ?? []),
            environment: environment, logDirectory: directory, logName: "schemathesis.log"
        )
        let status = try await process.waitForExit(timeout: .seconds(6 * 3600))
        let residentAfter = try ProcessSampler.sample(pid: getpid()).residentBytes
        let hostile = try await FuzzHostile.run(against: server, rounds: plan.hostileRounds, slowConnections: plan.slowConnections)
        let log = (try? String(contentsOf: process.logFile, encoding: .utf8)) ?? ""
        guard let summary = try? FuzzSummary(reports: reports, counts: counts) else {
            throw FuzzError("schemathesis (\(status)) wrote no report; its log:\n\(process.logTail())")
        }
        let serverErrors = server.serverErrors.all
        let requests = summary.requestsByOperation.values.sorted()
        var rows = [
            row("operations", "\(summary.requestsByOperation.count) of \(summary.operationsInDocument)"),
            row("requests", "\(requests.reduce(0, +))"),
            row("requests per operation (min)", "\(requests.min() ?? 0)"),
            row("requests per operation (median)", "\(requests.isEmpty ? 0 : requests[requests.count / 2])"),
            row("operations with >= \(plan.examples) requests", "\(requests.filter { $0 >= plan.examples }.count)"),
            row("checks", plan.checks.joined(separator: "+")),
            row("server errors (5xx answers)", "\(summary.serverErrorAnswers)"),
            row("server errors (logged by the server)", "\(serverErrors.count)"),
            row("failed checks (schemathesis)", "\(summary.failedChecks)"),
        ]
        rows.append(row("resident memory growth over the schemathesis run (MiB)", mebibytes(Int64(residentAfter) - Int64(residentBefore))))
        rows += [
            row("hostile bodies (oversized, nested 30,000 deep, not UTF-8)", "\(hostile.requests)"),
            row("hostile bodies answered outside 4xx", "\(hostile.unexpected.count)"),
            row("slowloris connections", "\(hostile.slowConnections)"),
            row("slowloris connections not closed by the server", "\(hostile.slowConnectionsLeftOpen)"),
            row("resident memory growth over the hostile bodies (MiB)", mebibytes(hostile.residentGrowthBodies)),
            row("resident memory growth over the slowloris connections (MiB)", mebibytes(hostile.residentGrowthSlow)),
        ]
        var details = ""
        if !summary.failureTitles.isEmpty {
            details += "schemathesis failures:\n" + summary.failureTitles.map { "  \($0)\n" }.joined()
        }
        for answer in hostile.unexpected {
            details += "hostile body not refused with a 4xx: \(answer)\n"
        }
        for entry in serverErrors.prefix(50) {
            details += "server error: \(entry.message) \(entry.path): \(entry.error)\n"
        }
        // schemathesis's own errors ("Runtime Error", "Network Error") carry only a title in its
        // report: what went wrong is in the errors section of its log.
        // A schema loading error prints no ERRORS section: then the end of the log says it.
        if summary.failureTitles.contains(where: { $0.hasPrefix("error:") }) {
            let errors = log.range(of: "ERRORS", options: .backwards).map { String(log[$0.lowerBound...].prefix(4_000)) }
            details += "schemathesis's errors, from its log:\n" + (errors ?? String(log.suffix(4_000))) + "\n"
        }
        if !status.isSuccess, summary.failureTitles.isEmpty {
            details += "schemathesis ended \(status); the end of its log:\n" + String(log.suffix(4_000)) + "\n"
        }
        let passed =
            summary.isComplete && summary.serverErrorAnswers == 0 && serverErrors.isEmpty && summary.failedChecks == 0
            && hostile.unexpected.isEmpty && hostile.slowConnectionsLeftOpen == 0
        return Report(rows: rows, details: details, passed: passed)
    }

    /// The document the server serves, read once with a patient client and handed to schemathesis
    /// as a file: schemathesis's own fetch gave up once on a loaded CI machine ("Schema Loading
    /// Error", no operation run), which failed the run without a request sent.
    private static func servedDocument(from server: FuzzServer) async throws -> Data {
        let (status, body) = try await BenchHTTP.get("\(server.baseURL)/openapi.json", timeout: .seconds(120))
        guard status == 200 else { throw FuzzError("GET /openapi.json answered \(status)") }
        return Data(body.utf8)
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }

    private static func row(_ measure: String, _ value: String) -> String {
        "fuzz\tsqlite\t\(measure)\t\(value)"
    }
}
