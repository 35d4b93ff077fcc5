import ArgumentParser
import Foundation
import LandfallServer

/// `landfall-lab reliability fuzz`: schemathesis over the server's own OpenAPI document, against a live
/// server, counting every answer of 500 or more.
struct Fuzz: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fuzz every operation of /openapi.json with schemathesis and count server errors.",
        discussion: """
            Starts a Landfall server on a fresh SQLite database in a temporary directory, the same
            application `landfall serve` runs, with an app, its secret and publishable keys, a link,
            a template and a webhook endpoint (webhook delivery off, so no generated URL is ever
            called). schemathesis then reads the server's /openapi.json and sends up to --examples
            generated requests to every operation, valid and invalid ones, with the admin token,
            secret key or publishable key each operation's security names, and the seeded ids as
            path parameters of the operations that read or change them (never of the deletes).

            Then --hostile-rounds rounds of bodies past every size limit, nested 30,000 deep and not
            UTF-8 go to ten JSON endpoints, and --slow-connections slowloris clients trickle request
            heads a byte at a time; every body must get a 4xx, every slow connection must be closed
            by the server (idle timeout 5 s here), and the resident memory before and after is shown.

            schemathesis comes from PyPI in a virtual environment: `scripts/schemathesis-venv`
            creates it and prints the program's path, the default of --schemathesis.

            Prints rows `fuzz<TAB>sqlite<TAB>MEASURE<TAB>VALUE` on standard output and any failure on
            standard error (schemathesis's own output is in schemathesis.log in the --keep directory),
            and exits non-zero on any server error, failed check or hostile input not refused.
            """
    )

    @Option(help: "Largest number of generated requests per operation (schemathesis --max-examples)")
    var examples = 1_000

    @Option(help: "Concurrent schemathesis workers")
    var workers = 2

    @Option(help: "Seed of the generated requests, to replay a run")
    var seed: UInt64 = 16

    @Option(help: "The schemathesis program (default: .venv/schemathesis/bin/schemathesis, made by scripts/schemathesis-venv)")
    var schemathesis = ".venv/schemathesis/bin/schemathesis"

    @Option(
        help: "Rounds of hostile bodies (past every size limit, nested 30,000 deep, not UTF-8) at ten JSON endpoints after schemathesis")
    var hostileRounds = 20

    @Option(help: "Slowloris connections (a request head trickling in a byte at a time) opened after the hostile rounds, 100 at a time")
    var slowConnections = 500

    @Flag(help: "Also check that every answer matches its response schema in the document")
    var responseSchemas = false

    @Option(help: "Keep the database, schemathesis's configuration, log and reports in this directory")
    var keep: String?

    @Option(
        help:
            "Only the operations whose path matches this regular expression (schemathesis --include-path-regex), e.g. to give a new route its full count"
    )
    var paths: String?

    func validate() throws {
        guard (1...100_000).contains(examples) else { throw ValidationError("--examples must be 1 to 100000") }
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be 1 to 64") }
        guard (2...10_000).contains(hostileRounds) else { throw ValidationError("--hostile-rounds must be 2 to 10000") }
        guard (0...100_000).contains(slowConnections) else { throw ValidationError("--slow-connections must be 0 to 100000") }
        guard FileManager.default.isExecutableFile(atPath: schemathesis) else {
            throw ValidationError(
                "no schemathesis at \(schemathesis); run scripts/schemathesis-venv, which installs it and prints its path")
        }
    }

    func run() async throws {
        // As `landfall serve` does: the memory rows measure the server as it runs in production.
        MemoryTuning.limitMallocArenas()
        let directory = try FuzzWorkDirectory(keeping: keep)
        defer { directory.removeUnlessKept() }
        let plan = FuzzPlan(
            schemathesis: URL(fileURLWithPath: schemathesis), examples: examples, workers: workers, seed: seed,
            checks: responseSchemas ? ["not_a_server_error", "response_schema_conformance"] : ["not_a_server_error"],
            hostileRounds: hostileRounds, slowConnections: slowConnections, pathPattern: paths
        )
        let report = try await FuzzServer.run(in: directory.url) { server in
            try await FuzzRun.execute(plan, against: server, in: directory.url)
        }
        for row in report.rows { print(row) }
        FileHandle.standardError.write(Data(report.details.utf8))
        guard report.passed else { throw ExitCode(1) }
    }
}

/// A temporary directory, removed at the end unless `--keep` named one.
struct FuzzWorkDirectory {
    let url: URL
    let isKept: Bool

    init(keeping path: String?) throws {
        if let path {
            url = URL(fileURLWithPath: path, isDirectory: true)
            isKept = true
        } else {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-fuzz-\(UUID().uuidString)", isDirectory: true)
            isKept = false
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func removeUnlessKept() {
        if !isKept { try? FileManager.default.removeItem(at: url) }
    }
}
