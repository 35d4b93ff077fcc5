import LandfallStore
import Logging
import ServiceLifecycle

/// Polls the database's catalog revision, so a link, app or key changed through another server
/// (or the CLI) empties this server's caches within one `interval`, however long their time to live.
final class CatalogRevisionWatcher: Service, Sendable {
    private let storage: SQLStorage
    private let interval: Duration
    private let logger: Logger
    private let schemaReady: SchemaGate

    init(storage: SQLStorage, interval: Duration, logger: Logger, schemaReady: SchemaGate) {
        self.storage = storage
        self.interval = interval
        self.logger = logger
        self.schemaReady = schemaReady
    }

    func run() async throws {
        let schemaReady = schemaReady
        if await !cancelWhenGracefulShutdown({ await schemaReady.wait() }) { return }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                if try await storage.observeSharedCatalogRevision() {
                    logger.debug("catalog changed elsewhere; cached links read again")
                }
            } catch {
                // The caches' time to live still bounds how stale they can get while the database is away.
                logger.warning("reading the catalog revision failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
            let interval = interval
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil else { return }
        }
    }
}
