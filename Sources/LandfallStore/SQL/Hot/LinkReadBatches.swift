import NIOConcurrencyHelpers
import PostgresNIO

/// A redirect's link reads on PostgreSQL, gathered: while ``inFlightLimit`` statements are out, the
/// cache misses that arrive wait and go together in the next one, one statement for all of them.
///
/// Under load most of a PostgreSQL link read was the round trip, not the index lookup: the wire
/// protocol and the connection pool in this process, the socket, wake-ups and the executor's start
/// in PostgreSQL's, once per miss (about 140 CPU-µs a read on the client and as much in the
/// database at 40 % misses, in the redirect profile). A lone miss goes out at once, as before; only
/// misses that would have queued for a connection anyway share a statement.
final class PostgresLinkReads: Sendable {
    /// A short code within an app, or across apps (`appId` nil) for a host no app claims.
    struct Key: Hashable, Sendable {
        var code: String
        var appId: String?
    }

    private typealias Waiter = CheckedContinuation<[PostgresRow], any Error>
    private typealias Batch = [Key: [Waiter]]

    private struct State {
        var waiting: Batch = [:]
        var inFlight = 0
    }

    /// Statements out at once: two keep a connection busy while the next batch gathers.
    static let inFlightLimit = 2
    /// Keys per statement, so a backlog after a pause does not make one huge statement.
    static let largestBatch = 256

    private let provider: PostgresDatabaseProvider
    private let state = NIOLockedValueBox(State())

    init(provider: PostgresDatabaseProvider) {
        self.provider = provider
    }

    /// The link rows for `key`: at most one within an app, at most ten across apps (oldest first).
    func rows(for key: Key) async throws -> [PostgresRow] {
        try await withCheckedThrowingContinuation { (waiter: Waiter) in
            let batch = state.withLockedValue { state -> Batch? in
                state.waiting[key, default: []].append(waiter)
                guard state.inFlight < Self.inFlightLimit else { return nil }
                state.inFlight += 1
                return Self.take(from: &state)
            }
            if let batch {
                Task { await self.drive(batch) }
            }
        }
    }

    /// Runs batches until nobody waits, then gives its slot back.
    private func drive(_ first: Batch) async {
        var batch = first
        while true {
            await run(batch)
            let next = state.withLockedValue { state -> Batch? in
                guard !state.waiting.isEmpty else {
                    state.inFlight -= 1
                    return nil
                }
                return Self.take(from: &state)
            }
            guard let next else { return }
            batch = next
        }
    }

    private static func take(from state: inout State) -> Batch {
        guard state.waiting.count > largestBatch else {
            defer { state.waiting = [:] }
            return state.waiting
        }
        var batch: Batch = [:]
        for key in state.waiting.keys.prefix(largestBatch) {
            batch[key] = state.waiting.removeValue(forKey: key)
        }
        return batch
    }

    private func run(_ batch: Batch) async {
        do {
            let found = try await read(Array(batch.keys))
            for (key, waiters) in batch {
                let rows = found[key] ?? []
                for waiter in waiters { waiter.resume(returning: rows) }
            }
        } catch {
            for waiter in batch.values.joined() { waiter.resume(throwing: error) }
        }
    }

    /// Each key's rows, in the statement's order (oldest first across apps).
    private func read(_ keys: [Key]) async throws -> [Key: [PostgresRow]] {
        var found: [Key: [PostgresRow]] = [:]
        let inApp = keys.filter { $0.appId != nil }
        if !inApp.isEmpty {
            let statement = LinkByCode.Postgres.InApps(shortCodes: inApp.map(\.code), appIds: inApp.map { $0.appId ?? "" })
            for row in try await provider.rows(statement) {
                let values = PostgresRowValues(row)
                found[Key(code: try values.requiredText("short_code"), appId: try values.requiredText("app_id")), default: []].append(row)
            }
        }
        let acrossApps = keys.filter { $0.appId == nil }
        if !acrossApps.isEmpty {
            for row in try await provider.rows(LinkByCode.Postgres.AcrossApps(shortCodes: acrossApps.map(\.code))) {
                found[Key(code: try PostgresRowValues(row).requiredText("short_code"), appId: nil), default: []].append(row)
            }
        }
        return found
    }
}
