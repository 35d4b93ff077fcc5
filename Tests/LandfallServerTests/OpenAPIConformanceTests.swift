import Foundation
import Testing

@testable import LandfallLab

/// The server's answers match the OpenAPI document, body by body: schemathesis (from the virtual
/// environment `scripts/schemathesis-venv` makes, which `scripts/test` runs first) sends generated
/// requests to every operation of the served document, valid and invalid ones, with the credential
/// each operation names, and checks every answer against the status, media type and schema the
/// document gives it. The same seeded server and schemathesis configuration as `landfall-lab
/// reliability fuzz` (``FuzzServer``, ``FuzzRun``), with a fixed seed and a few examples per operation.
///
/// Where this fails, the server's answer is the truth: correct `openapi.json`, not the server.
@Suite struct OpenAPIConformanceTests {
    /// What each answer is checked for: no 5xx, a status the operation documents (its own or
    /// `default`), a media type documented for that status, the headers documented for it, and a
    /// body that validates against its schema.
    static let checks = [
        "not_a_server_error", "status_code_conformance", "content_type_conformance", "response_headers_conformance",
        "response_schema_conformance",
    ]

    @Test func everyAnswerMatchesTheDocumentedStatusMediaTypeAndSchema() async throws {
        let schemathesis = FuzzCommandTests.schemathesis
        try #require(
            FileManager.default.isExecutableFile(atPath: schemathesis.path),
            "no schemathesis at \(schemathesis.path): run scripts/schemathesis-venv (scripts/test does)"
        )
        let plan = FuzzPlan(
            schemathesis: schemathesis, examples: 5, workers: 2, seed: 34, checks: Self.checks,
            hostileRounds: 2, slowConnections: 0
        )
        var (report, failures) = try await Self.run(plan)
        if Self.isToolCrash(failures) {
            // Once only: the same crash twice, or any other failure, stands.
            (report, failures) = try await Self.run(plan)
        }
        if !failures.isEmpty {
            Issue.record("answers that differ from openapi.json (fix the document, not the server):\n\(failures.joined(separator: "\n"))")
        }
        if !report.passed {
            Issue.record("the run did not pass:\n\(report.rows.joined(separator: "\n"))\n\(report.details)")
        }
        let operations = report.rows.first { $0.contains("\toperations\t") }?.split(separator: "\t").last ?? ""
        let counts = operations.split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] > 80, "every operation was checked: \(operations)")
    }

    @Test func onlyTheInterpretersOwnCrashIsRepeated() {
        let crash = "= ERRORS ===\n GET /tls/allowed \nRuntime Error\n\nAST constructor recursion depth mismatch (before=66, after=94)"
        #expect(Self.isToolCrash(["error ×1: Runtime Error", crash]))
        #expect(
            !Self.isToolCrash([
                "response_schema_conformance ×2: Response violates schema [GET /api/links]", "error ×1: Runtime Error", crash,
            ]))
        #expect(!Self.isToolCrash(["error ×1: Runtime Error", "= ERRORS ===\nRuntime Error\nConnection refused"]))
        let lambdaSource = "= schemathesis's log names a crash of its own: hypothesis/internal/lambda_sources.py"
        let generationError = "= ERRORS ===\n POST /api/apps/{appId}/branch-keys \nRuntime Error"
        #expect(Self.isToolCrash(["error ×1: Runtime Error", generationError, lambdaSource]))
        #expect(!Self.isToolCrash(["status_code_conformance ×1: Undocumented status [POST /api/links]", lambdaSource]))
        #expect(!Self.isToolCrash([]))
    }

    static func run(_ plan: FuzzPlan) async throws -> (report: FuzzRun.Report, failures: [String]) {
        let directory = try FuzzWorkDirectory(keeping: nil)
        defer { directory.removeUnlessKept() }
        let report = try await FuzzServer.run(in: directory.url) { server in
            try await FuzzRun.execute(plan, against: server, in: directory.url)
        }
        return (report, try failures(in: directory.url))
    }

    /// Whether a run's only failures are schemathesis runtime errors from CPython 3.11's `ast`
    /// module failing inside hypothesis while it generates a request ("AST constructor recursion
    /// depth mismatch", python/cpython#106905; one CI run in many), or inside hypothesis's reading
    /// of its own lambdas' source, which parses with `ast` (a `FlakyFailure` raised from
    /// `lambda_sources.py` while drawing an example, in another CI run): no answer of the server
    /// was checked wrong, so the run is repeated rather than read as the document's fault.
    static func isToolCrash(_ failures: [String]) -> Bool {
        let summaries = failures.filter { !$0.hasPrefix("= ") && $0.contains(" ×") }
        return !summaries.isEmpty && summaries.allSatisfy { $0.hasPrefix("error ×") && $0.hasSuffix(": Runtime Error") }
            && failures.contains { failure in toolCrashMarkers.contains { failure.contains($0) } }
    }

    /// Text that only a crash inside schemathesis's own generation of requests prints.
    static let toolCrashMarkers = ["AST constructor recursion depth mismatch", "hypothesis/internal/lambda_sources.py"]

    /// Each failure of schemathesis's JSON report (its kind and operations), then schemathesis's own
    /// account of them (the answer's status and body, a curl command that reproduces it), so the
    /// test's output says which answer the document gets wrong.
    static func failures(in directory: URL) throws -> [String] {
        let reports = directory.appendingPathComponent("reports", isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: reports.path).filter { $0.hasSuffix(".json") }.sorted()
        guard let name = names.last else { return ["schemathesis wrote no JSON report"] }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: reports.appendingPathComponent(name))) as? [String: Any] ?? [:]
        var lines: [String] = []
        for failure in report["failures"] as? [[String: Any]] ?? [] {
            let operations = (failure["operations"] as? [String] ?? []).joined(separator: ", ")
            lines.append(
                "\(failure["type"] as? String ?? "?") ×\(failure["count"] as? Int ?? 0): \(failure["title"] as? String ?? "") [\(operations)]"
            )
        }
        for error in report["errors"] as? [[String: Any]] ?? [] {
            lines.append("error ×\(error["count"] as? Int ?? 0): \(error["title"] as? String ?? "")")
        }
        if !lines.isEmpty, let log = try? String(contentsOf: directory.appendingPathComponent("schemathesis.log"), encoding: .utf8),
            let start = log.range(of: "= FAILURES =") ?? log.range(of: "= ERRORS =")
        {
            // Up to its warnings, which are about generating data, not about the answers.
            let end = log.range(of: "= WARNINGS =", range: start.upperBound..<log.endIndex)?.lowerBound ?? log.endIndex
            let section = log[start.lowerBound..<end]
            lines.append(String(section.prefix(12_000)))
            // A crash's traceback can run past the part shown (one printed a cache key of a whole
            // source file), so its markers are looked for in all of it.
            let markers = toolCrashMarkers.filter { section.contains($0) }
            if !markers.isEmpty { lines.append("= schemathesis's log names a crash of its own: \(markers.joined(separator: "; "))") }
        }
        return lines
    }
}
