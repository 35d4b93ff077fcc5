import Foundation
import LandfallServer
import LandfallStore
import Logging
import ServiceLifecycle

/// The application `landfall serve` runs, in this process: for the power check on a SQLite database
/// opened through the power-loss VFS (a separate process could not share the VFS's record of
/// unsynced writes, and a cut must fall between the server's own writes and syncs), for the clock
/// check with a wall clock it steps.
struct PowerServer: Sendable {
    let port: Int
    let landfall: LandfallApplication

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// What stopping the server ended with: nil after a clean stop, else the first error a service
    /// threw (after a cut, the click writer's last flush and the final checkpoint fail, as they must).
    typealias Stop = (any Error)?

    /// Starts the server on `database` (a `file:…?vfs=` URI), runs `body` against it, then stops it as
    /// SIGTERM would and waits until every database connection is closed.
    ///
    /// `now` replaces the server's wall clock (the clock check steps it); `configure` changes the
    /// configuration before the application is built.
    static func run<Value: Sendable>(
        database: String, adminToken: String, logger: Logger, now: (@Sendable () -> Date)? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (PowerServer) async throws -> Value
    ) async throws -> (value: Value, stop: Stop) {
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, database: .sqlite(path: database), adminToken: adminToken, trustProxy: true, migrate: false
        )
        // Nothing outside this process exists to deliver webhooks to.
        configuration.webhooks.deliversInBackground = false
        configure(&configuration)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let landfall = try await buildApplication(
            configuration: configuration, logger: logger, now: now, onListening: { portSink.yield($0) })
        let services = ServiceGroup(services: [landfall.application], logger: logger)
        return try await withThrowingTaskGroup(of: Stop.self) { group in
            group.addTask {
                do {
                    try await services.run()
                    return nil
                } catch {
                    return error
                }
            }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw PowerFailure("the server stopped before it listened") }
            let outcome: Result<Value, any Error>
            do {
                outcome = .success(try await body(PowerServer(port: port, landfall: landfall)))
            } catch {
                outcome = .failure(error)
            }
            await services.triggerGracefulShutdown()
            let stop = try await group.next() ?? nil
            return (try outcome.get(), stop)
        }
    }
}
