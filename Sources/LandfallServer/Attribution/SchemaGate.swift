import Foundation
import NIOConcurrencyHelpers

/// Opens once the schema check at start has passed, so background services never query tables a
/// fresh database does not have yet. Any number of services may wait on it: beside a busy machine
/// the check (which migrates a new database) has taken longer than a service's first interval.
public final class SchemaGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    func open() {
        let waiters = state.withLockedValue { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// True once open; false when the waiting task is cancelled first (server stopping, schema check failed).
    func wait() async -> Bool {
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
}
