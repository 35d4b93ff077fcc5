import ArgumentParser
import Foundation

/// `landfall reliability fuzz`: schemathesis over the server's own OpenAPI document, against a live
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

            schemathesis comes from PyPI in a virtual environment: `scripts/schemathesis-venv`
            creates it and prints the program's path, the default of --schemathesis.

            Prints rows `fuzz<TAB>sqlite<TAB>MEASURE<TAB>VALUE` on standard output (schemathesis's
            progress goes to standard error) and exits non-zero when any answer was a server error.
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

    @Flag(help: "Also check that every answer matches its response schema in the document")
    var responseSchemas = false

    @Option(help: "Keep the database, schemathesis's configuration, log and reports in this directory")
    var keep: String?

    func validate() throws {
        guard (1...100_000).contains(examples) else { throw ValidationError("--examples must be 1 to 100000") }
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be 1 to 64") }
        guard FileManager.default.isExecutableFile(atPath: schemathesis) else {
            throw ValidationError("no schemathesis at \(schemathesis); run scripts/schemathesis-venv, which installs it and prints its path")
        }
    }

    func run() async throws {
        let directory = try FuzzWorkDirectory(keeping: keep)
        defer { directory.removeUnlessKept() }
        let plan = FuzzPlan(
            schemathesis: URL(fileURLWithPath: schemathesis), examples: examples, workers: workers, seed: seed,
            checks: responseSchemas ? ["not_a_server_error", "response_schema_conformance"] : ["not_a_server_error"]
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
