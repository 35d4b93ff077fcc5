import ArgumentParser

/// `landfall-lab reliability …`: the checks behind `scripts/reliability`. Each subcommand runs one
/// family of checks against real servers and prints its rows of the reliability table.
struct Reliability: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Reliability and security checks: crash safety, PostgreSQL restarts, power loss, clock steps, a full disk, hostile input, rate limits, link safety, privacy.",
        subcommands: [
            Crash.self, DatabaseRestart.self, Power.self, Clock.self, DiskFull.self, Fuzz.self, XSS.self, Limits.self, PrivacyCheck.self,
        ]
    )
}
