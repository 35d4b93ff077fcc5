import Foundation
import NIOConcurrencyHelpers

/// Hot catalog records of the redirect path (links by code, apps by host), so a popular link costs
/// no database read.
///
/// Bounded two-generation cache: lookups hit the young generation, then the old one (promoting the
/// entry); when the young generation fills up it becomes the old one and the previous old one is
/// dropped. That keeps at most `capacity` entries and keeps whatever was used since the last turn,
/// which for a Zipf-shaped load is the head of the distribution, at O(1) per request. The long tail
/// stays in the database's page cache.
///
/// Entries are trusted for `timeToLive` (a link edited through another server is seen after that)
/// and dropped at once when this server changes the catalog (`revision` moves).
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        var storedAt: ContinuousClock.Instant
        var revision: UInt64
    }

    private struct Generations: Sendable {
        var young: [Key: Entry] = [:]
        var old: [Key: Entry] = [:]
        var hits = 0
        var misses = 0
    }

    private let generationSize: Int
    private let timeToLive: Duration
    private let revision: @Sendable () -> UInt64
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = NIOLockedValueBox(Generations())

    /// - Parameter capacity: the most entries kept (0 turns the cache off).
    /// - Parameter now: the clock entries age by; tests pass one they move by hand.
    init(
        capacity: Int, timeToLive: Duration, revision: @escaping @Sendable () -> UInt64,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.now = now
        self.generationSize = max(0, capacity / 2)
        self.timeToLive = timeToLive
        self.revision = revision
    }

    func value(for key: Key) -> Value? {
        guard generationSize > 0 else { return nil }
        let now = now()
        let current = revision()
        let (value, dropped) = state.withLockedValue { state -> (Value?, [Key: Entry]?) in
            var found = state.young[key]
            var dropped: [Key: Entry]?
            if found == nil, let promoted = state.old.removeValue(forKey: key) {
                found = promoted
                dropped = insert(promoted, for: key, into: &state)
            }
            guard let entry = found, entry.revision == current, now - entry.storedAt < timeToLive else {
                state.misses += 1
                return (nil, dropped)
            }
            state.hits += 1
            return (entry.value, dropped)
        }
        withExtendedLifetime(dropped) {}
        return value
    }

    /// The catalog revision to pass to ``store(_:for:readAt:)``; take it before reading the database,
    /// so a change that commits during the read leaves the entry already out of date.
    func revisionBeforeRead() -> UInt64 { revision() }

    func store(_ value: Value, for key: Key, readAt revision: UInt64) {
        guard generationSize > 0 else { return }
        let entry = Entry(value: value, storedAt: now(), revision: revision)
        let dropped = state.withLockedValue { state in insert(entry, for: key, into: &state) }
        withExtendedLifetime(dropped) {}
    }

    /// Lookups answered from memory and from the database since the start.
    var counts: (hits: Int, misses: Int, entries: Int) {
        state.withLockedValue { ($0.hits, $0.misses, $0.young.count + $0.old.count) }
    }

    /// Returns the generation a turn dropped, for the caller to free after the lock: releasing tens
    /// of thousands of records inside it held up every redirect meanwhile.
    private func insert(_ entry: Entry, for key: Key, into state: inout Generations) -> [Key: Entry]? {
        var dropped: [Key: Entry]?
        if state.young.count >= generationSize, state.young[key] == nil {
            dropped = state.old
            state.old = state.young
            state.young = Dictionary(minimumCapacity: generationSize)
        }
        state.young[key] = entry
        return dropped
    }
}
