import Logging
import SQLKit

extension SQLDatabase {
    /// Runs `body` between BEGIN and COMMIT on this connection, rolling back when it throws, and
    /// rethrows the body's own error unchanged.
    ///
    /// The caller must own the connection for the duration (a leased or a locked one).
    func inTransaction<Result>(
        begin: SQLQueryString = "BEGIN",
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await raw(begin).run()
        do {
            let result = try await body(self)
            try await raw("COMMIT").run()
            return result
        } catch {
            do {
                try await raw("ROLLBACK").run()
            } catch let rollbackError {
                logger.error("rollback failed", metadata: ["error": "\(String(reflecting: rollbackError))"])
            }
            throw error
        }
    }
}
