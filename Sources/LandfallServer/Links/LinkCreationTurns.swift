import NIOConcurrencyHelpers

/// Makes link creations that share a key take turns inside this process.
///
/// A link with an external user id is deduplicated by looking for the same link before inserting
/// one. Two requests for the same link at once (an SDK retrying a request that timed out while the
/// first is still being served, or re-sending after a server crash) would both look, both find
/// nothing and both insert: the crash check (`landfall-lab reliability crash`) stored such pairs. Taking
/// turns per app and external user id makes the second one find the first one's link.
final class LinkCreationTurns: Sendable {
    /// Keys with a creation running, each with the creations waiting for it in arrival order.
    private let running = NIOLockedValueBox<[String: [CheckedContinuation<Void, Never>]]>([:])

    func inTurn<Result: Sendable>(for key: String, _ body: () async throws -> Result) async throws -> Result {
        await begin(key)
        defer { end(key) }
        return try await body()
    }

    private func begin(_ key: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isFirst = running.withLockedValue { running in
                guard running[key] != nil else {
                    running[key] = []
                    return true
                }
                running[key, default: []].append(continuation)
                return false
            }
            if isFirst { continuation.resume() }
        }
    }

    private func end(_ key: String) {
        let next = running.withLockedValue { running -> CheckedContinuation<Void, Never>? in
            guard var waiting = running[key], !waiting.isEmpty else {
                running[key] = nil
                return nil
            }
            let next = waiting.removeFirst()
            running[key] = waiting
            return next
        }
        next?.resume()
    }
}
