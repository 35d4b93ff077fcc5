import Foundation
import NIOConcurrencyHelpers

/// Opens once; everyone waiting, and everyone who asks later, goes through.
///
/// The PostgreSQL provider waits on one per pool for the pool's `run()` (a lease made before it
/// only queues and logs a warning); the server's background services wait on one (`SchemaGate`)
/// for the schema check at start, which beside a busy machine has taken longer than a service's
/// first interval. Any number of tasks may wait.
public final class OneTimeSignal: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    package func open() {
        let waiters = state.withLockedValue { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// True once open; false when the waiting task is cancelled first (server stopping, schema check failed).
    @discardableResult
    package func wait() async -> Bool {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer: Bool? = state.withLockedValue { state in
                    if state.isOpen { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLockedValue { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: false)
        }
    }

    /// Returns only once open, even in a cancelled task: a caller that goes on to use what the
    /// signal guards (a pool that must be running) has nothing sensible to do before.
    package func waitIgnoringCancellation() async {
        if state.withLockedValue({ $0.isOpen }) { return }
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let isOpen = state.withLockedValue { state in
                if !state.isOpen { state.waiters[UUID()] = continuation }
                return state.isOpen
            }
            if isOpen { continuation.resume(returning: true) }
        }
    }
}
