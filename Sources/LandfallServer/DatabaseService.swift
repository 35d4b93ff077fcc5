import LandfallStore
import ServiceLifecycle

/// Runs the database provider's connections as a service of the server's service group.
struct DatabaseService: Service {
    let provider: any SQLDatabaseProvider

    func run() async throws {
        try await provider.run()
    }
}
