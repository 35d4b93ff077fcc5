import Foundation
import HTTPTypes
import LandfallModels
import NIOConcurrencyHelpers

/// The two limits Branch documents for `/v1/open`, kept in this process's memory (several servers
/// behind a load balancer each keep their own, and a restart forgets them):
///
/// - rapid repeats: a device opening again within ``minimumInterval`` is refused with 429;
/// - non-referred opens: an address is counted once per ``nonReferredWindow`` (4 hours); later
///   non-referred opens from it are answered and stored but not counted.
///
/// Both are durations, read on a monotonic clock, so a step of the wall clock neither opens nor
/// closes them early.
final class BranchRateLimiter: Sendable {
    let minimumInterval: TimeInterval
    let nonReferredWindow: TimeInterval
    /// Entries kept before expired ones are swept, so memory stays bounded under any traffic.
    let capacity: Int

    private struct State {
        var lastOpen: [String: ContinuousClock.Instant] = [:]
        var lastCountedOpen: [String: ContinuousClock.Instant] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(minimumInterval: TimeInterval = 10, nonReferredWindow: TimeInterval = 4 * 3600, capacity: Int = 100_000) {
        self.minimumInterval = minimumInterval
        self.nonReferredWindow = nonReferredWindow
        self.capacity = capacity
    }

    /// Notes an open by the device that `keys` name (its ids, its token, its fingerprint) at `date`;
    /// returns the seconds to wait when any of them opened too recently (and then notes nothing, so
    /// a client hammering the endpoint is not locked out for ever).
    func admitOpen(keys: [String], at date: ContinuousClock.Instant) -> Int? {
        state.withLockedValue { state in
            let latest = keys.compactMap { state.lastOpen[$0] }.filter { $0 <= date }.max()
            if let latest, (date - latest).seconds < minimumInterval {
                return max(1, Int((minimumInterval - (date - latest).seconds).rounded(.up)))
            }
            if state.lastOpen.count + keys.count > capacity {
                state.lastOpen = state.lastOpen.filter { (date - $0.value).seconds < minimumInterval }
                if state.lastOpen.count + keys.count > capacity { state.lastOpen.removeAll(keepingCapacity: true) }
            }
            for key in keys { state.lastOpen[key] = date }
            return nil
        }
    }

    /// Whether a non-referred open from `address` at `date` is counted: the first in each window is.
    func countsNonReferredOpen(address: String, at date: ContinuousClock.Instant) -> Bool {
        state.withLockedValue { state in
            if let last = state.lastCountedOpen[address], (date - last).seconds < nonReferredWindow, date >= last {
                return false
            }
            if state.lastCountedOpen.count >= capacity {
                state.lastCountedOpen = state.lastCountedOpen.filter { (date - $0.value).seconds < nonReferredWindow }
                if state.lastCountedOpen.count >= capacity { state.lastCountedOpen.removeAll(keepingCapacity: true) }
            }
            state.lastCountedOpen[address] = date
            return true
        }
    }
}
