import ArgumentParser
import Foundation
import LandfallStore

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations.")

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Only show which migrations are applied and pending")
    var status = false

    @Flag(
        help:
            "List what this version would apply, with its statement counts, and change nothing; exits 1 on a database from a newer Landfall"
    )
    var dryRun = false

    func validate() throws {
        if status && dryRun { throw ValidationError("give --status or --dry-run, not both") }
    }

    func run() async throws {
        let logger = try database.makeLogger()
        let showStatus = status
        let dryRun = dryRun
        let location = try database.location()
        if dryRun, case .sqlite(let path?) = location, !FileManager.default.fileExists(atPath: path) {
            // Opening it would create it: a dry run changes nothing.
            print("No database at \(path): the first start creates it and applies all \(Migration.all.count) migrations.")
            return
        }
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, provider in
            let migrator = Migrator(provider: provider)
            if showStatus {
                let current = try await migrator.status()
                for name in current.applied { print("applied  \(name)") }
                for name in current.pending { print("pending  \(name)") }
                for name in current.unknown { print("unknown  \(name) (from a newer Landfall)") }
                return
            }
            if dryRun {
                let plan = Self.plan(try await migrator.status(), engine: storage.engine)
                for line in plan.lines { print(line) }
                if !plan.runnable { throw ExitCode(1) }
                return
            }
            let applied = try await migrator.migrate()
            print(applied.isEmpty ? "The database is up to date." : "Applied: \(applied.joined(separator: ", "))")
        }
    }

    /// What `migrate` would do, for an operator deciding when to upgrade: the lines to print, and
    /// whether this version may run on the database at all.
    static func plan(_ status: Migrator.Status, engine: StorageEngine) -> (lines: [String], runnable: Bool) {
        guard status.unknown.isEmpty else {
            return (
                [
                    "The database was migrated by a newer Landfall (\(status.unknown.joined(separator: ", "))): "
                        + "this version must not run on it. Upgrade this binary instead."
                ], false
            )
        }
        guard !status.pending.isEmpty else {
            return (["Nothing to apply: the database is up to date (\(status.applied.count) migrations applied)."], true)
        }
        let known = Dictionary(uniqueKeysWithValues: Migration.all.map { ($0.name, $0) })
        var lines = ["Would apply \(status.pending.count) migration(s) on \(engine.rawValue), in one transaction:"]
        for name in status.pending {
            let statements = known[name]?.statements(for: engine).count ?? 0
            lines.append("  \(name)  (\(statements) statement\(statements == 1 ? "" : "s"))")
        }
        return (lines, true)
    }
}
