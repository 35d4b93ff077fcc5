import NIOConcurrencyHelpers

/// Bounds the conversion-value requests computed at once; past the bound the API answers 503
/// (AppsFlyer's "server busy") at once instead of queueing behind the database.
final class ConversionLoadGate: Sendable {
    let limit: Int
    private let inFlight = NIOLockedValueBox(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot; false when all `limit` are taken. A true must be paired with ``leave()``.
    func tryEnter() -> Bool {
        inFlight.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        inFlight.withLockedValue { $0 = max(0, $0 - 1) }
    }

    var current: Int { inFlight.withLockedValue { $0 } }
}
