import NIOConcurrencyHelpers

/// Opens once; everyone waiting, and everyone who asks later, goes through.
package final class OneTimeSignal: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    package init() {}

    package func open() {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    package func wait() async {
        if state.withLockedValue({ $0.isOpen }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLockedValue { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
