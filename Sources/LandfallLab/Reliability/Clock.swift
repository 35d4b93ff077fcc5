import ArgumentParser
import Logging

/// `landfall-lab reliability clock`: step the server's system clock forward and back under load,
/// and check timestamps, attribution, statistics and rate limits.
struct Clock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Step the server's clock forward and back under load; check attribution, statistics and rate limits.",
        discussion: """
            Runs the server's application in this process with its wall clock over a system clock
            that the check steps forward or back by one minute to three hours between rounds of
            redirects, installs from the same devices and management requests. Then it reads the
            database: no install may be credited to a click stamped after it, no click stamped more
            than a second before one stored earlier, and the click statistics must count every click
            once, on its day. The admin token's bucket (5 a minute) must admit what an exact bucket on
            the monotonic clock would, whatever the steps.

            Prints rows `clock<TAB>sqlite<TAB>MEASURE<TAB>VALUE` and exits non-zero when a check fails.
            """
    )

    @Option(help: "Clock steps, one per round")
    var steps = 40

    @Option(help: "Devices that click and install in each round")
    var devices = 5

    @Option(help: "Seed of the steps")
    var seed: UInt64 = 39

    func validate() throws {
        guard (1...10_000).contains(steps) else { throw ValidationError("--steps must be 1 to 10000") }
        guard (1...200).contains(devices) else { throw ValidationError("--devices must be 1 to 200") }
    }

    func run() async throws {
        var logger = Logger(label: "landfall.reliability.clock")
        logger.logLevel = .error
        let report = try await ClockRun(steps: steps, devicesPerStep: devices, seed: seed, logger: logger).execute()
        for row in report.rows { print(row) }
        guard report.passed else { throw ExitCode(1) }
    }
}
