import ArgumentParser
import LandfallStore

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations.")

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Only show which migrations are applied and pending")
    var status = false

    func run() async throws {
        let logger = try database.makeLogger()
        let showStatus = status
        try await StorageFactory.withStorage(at: try database.location(), logger: logger) { _, provider in
            let migrator = Migrator(provider: provider)
            if showStatus {
                let current = try await migrator.status()
                for name in current.applied { print("applied  \(name)") }
                for name in current.pending { print("pending  \(name)") }
                for name in current.unknown { print("unknown  \(name) (from a newer Landfall)") }
                return
            }
            let applied = try await migrator.migrate()
            print(applied.isEmpty ? "The database is up to date." : "Applied: \(applied.joined(separator: ", "))")
        }
    }
}
