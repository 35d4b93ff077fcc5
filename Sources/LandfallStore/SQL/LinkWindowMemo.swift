import NIOConcurrencyHelpers

/// Each link's own attribution window (hours, nil for the app's), by link id, for the candidate
/// clicks of an install match.
///
/// Fifty candidates usually share a handful of links; joining every click row to its link and
/// extracting the window from the link's JSON cost about as much as reading the click rows
/// themselves. Entries are dropped whenever the catalog revision moves (a link edited here or, via
/// the shared revision, anywhere), and all at once past `capacity`.
final class LinkWindowMemo: Sendable {
    private struct State {
        var revision: UInt64 = 0
        var windows: [String: Int?] = [:]
    }

    static let capacity = 100_000
    private let state = NIOLockedValueBox(State())

    /// The windows known at `revision`, and the link ids still to read.
    func lookup(_ ids: some Sequence<String>, revision: UInt64) -> (known: [String: Int?], missing: [String]) {
        state.withLockedValue { state in
            if state.revision != revision {
                state.revision = revision
                state.windows.removeAll()
            }
            var known: [String: Int?] = [:]
            var missing: [String] = []
            for id in ids where known[id] == nil && !missing.contains(id) {
                if let window = state.windows[id] { known[id] = window } else { missing.append(id) }
            }
            return (known, missing)
        }
    }

    /// Keeps what a read found, unless the catalog changed since `revision` was taken before it.
    func store(_ found: [String: Int?], readAt revision: UInt64) {
        state.withLockedValue { state in
            guard state.revision == revision else { return }
            if state.windows.count + found.count > Self.capacity { state.windows.removeAll(keepingCapacity: true) }
            state.windows.merge(found) { _, new in new }
        }
    }
}
