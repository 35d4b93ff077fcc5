import NIOConcurrencyHelpers
import PostgresNIO

/// Leases a pooled connection, waiting for one at most `wait`.
///
/// While postgres-nio's pool cannot connect it keeps every lease request queued and fails them only
/// once its circuit breaker trips, 60 seconds after the first failed attempt and only when no
/// connection is left open; a request arriving while PostgreSQL is down or restarting would hang
/// that long. The pool offers no deadline and no way to cancel one request but the cancellation of
/// the task waiting for it, so the lease is taken in a task of its own and handed over; past `wait`
/// that task is cancelled (which withdraws the request from the pool's queue) and the caller gets
/// ``StoreUnavailable/Reason/databaseUnavailable`` — unless PostgreSQL still accepts connections
/// (``PostgresReachability``), when the pool is merely busy and the wait goes on. The body itself runs in the caller's task and
/// is not limited: a query on a connection that dies fails when its socket closes.
enum PostgresLease {
    /// How many `wait`s a lease may last while PostgreSQL accepts connections but the pool has
    /// none free (60 seconds at the default 5: postgres-nio's own circuit breaker's span).
    static let busyPoolWaits = 12

    static func with<Result>(
        _ client: PostgresClient,
        wait: Duration,
        reachability: PostgresReachability? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let handoff = Handoff()
        // Unstructured, so that a caller who gave up never waits for the pool to let go of its request.
        let lease = Task {
            do {
                try await client.withConnection { connection in
                    // Taken after the caller gave up: back to the pool at once.
                    guard handoff.offer(connection) else { return }
                    await handoff.returned.waitIgnoringCancellation()
                }
            } catch {
                handoff.fail(StoreUnavailable(.databaseUnavailable, detail: String(reflecting: error)))
            }
        }
        let timer = Task {
            // Cancelled once the connection is handed over. While PostgreSQL still accepts
            // connections the pool is only busy: keep waiting, up to `busyPoolWaits` rounds.
            var rounds = 0
            while true {
                guard (try? await Task.sleep(for: wait)) != nil else { return }
                rounds += 1
                guard rounds < busyPoolWaits, let reachability, await reachability.accepts() else { break }
            }
            handoff.fail(StoreUnavailable(.databaseUnavailable, detail: "no connection within \(wait * rounds)"))
        }
        let connection: PostgresConnection
        do {
            connection = try await handoff.connection()
        } catch {
            // Withdraws the request from the pool's queue.
            lease.cancel()
            throw error
        }
        timer.cancel()
        defer { handoff.returned.open() }
        return try await body(connection)
    }

    /// Where the leased connection passes from the child task to the caller, once.
    private final class Handoff: Sendable {
        private enum State {
            case empty
            case waiting(CheckedContinuation<PostgresConnection, any Error>)
            case offered(PostgresConnection)
            case taken
            case failed(any Error)
        }

        private let state = NIOLockedValueBox(State.empty)
        /// Opened when the caller's body is done with the connection.
        let returned = OneTimeSignal()

        /// Hands `connection` over; false when the caller no longer waits for one.
        func offer(_ connection: PostgresConnection) -> Bool {
            let (accepted, waiter): (Bool, CheckedContinuation<PostgresConnection, any Error>?) = state.withLockedValue { state in
                switch state {
                case .empty:
                    state = .offered(connection)
                    return (true, nil)
                case .waiting(let continuation):
                    state = .taken
                    return (true, continuation)
                case .offered, .taken, .failed:
                    return (false, nil)
                }
            }
            waiter?.resume(returning: connection)
            return accepted
        }

        /// Ends the wait with `error`, unless the connection was handed over already.
        func fail(_ error: any Error) {
            let waiter: CheckedContinuation<PostgresConnection, any Error>? = state.withLockedValue { state in
                switch state {
                case .empty:
                    state = .failed(error)
                    return nil
                case .waiting(let continuation):
                    state = .failed(error)
                    return continuation
                case .offered, .taken, .failed:
                    return nil
                }
            }
            waiter?.resume(throwing: error)
        }

        func connection() async throws -> PostgresConnection {
            try await withCheckedThrowingContinuation { continuation in
                let outcome: Result<PostgresConnection, any Error>? = state.withLockedValue { state in
                    switch state {
                    case .empty:
                        state = .waiting(continuation)
                        return nil
                    case .offered(let connection):
                        state = .taken
                        return .success(connection)
                    case .failed(let error):
                        return .failure(error)
                    case .waiting, .taken:
                        preconditionFailure("one caller waits for one lease")
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        }
    }
}
