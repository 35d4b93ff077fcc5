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
final class BranchRateLimiter: Sendable {
    let minimumInterval: TimeInterval
    let nonReferredWindow: TimeInterval
    /// Entries kept before expired ones are swept, so memory stays bounded under any traffic.
    let capacity: Int

    private struct State {
        var lastOpen: [String: Date] = [:]
        var lastCountedOpen: [String: Date] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(minimumInterval: TimeInterval = 10, nonReferredWindow: TimeInterval = 4 * 3600, capacity: Int = 100_000) {
        self.minimumInterval = minimumInterval
        self.nonReferredWindow = nonReferredWindow
        self.capacity = capacity
    }

    /// Notes an open by `device` at `date`; returns the seconds to wait when it comes too soon (and
    /// then does not note it, so a client hammering the endpoint is not locked out for ever).
    func admitOpen(device: String, at date: Date) -> Int? {
        state.withLockedValue { state in
            if let last = state.lastOpen[device], date.timeIntervalSince(last) < minimumInterval, date >= last {
                return max(1, Int((minimumInterval - date.timeIntervalSince(last)).rounded(.up)))
            }
            if state.lastOpen.count >= capacity {
                state.lastOpen = state.lastOpen.filter { date.timeIntervalSince($0.value) < minimumInterval }
                if state.lastOpen.count >= capacity { state.lastOpen.removeAll(keepingCapacity: true) }
            }
            state.lastOpen[device] = date
            return nil
        }
    }

    /// Whether a non-referred open from `address` at `date` is counted: the first in each window is.
    func countsNonReferredOpen(address: String, at date: Date) -> Bool {
        state.withLockedValue { state in
            if let last = state.lastCountedOpen[address], date.timeIntervalSince(last) < nonReferredWindow, date >= last {
                return false
            }
            if state.lastCountedOpen.count >= capacity {
                state.lastCountedOpen = state.lastCountedOpen.filter { date.timeIntervalSince($0.value) < nonReferredWindow }
                if state.lastCountedOpen.count >= capacity { state.lastCountedOpen.removeAll(keepingCapacity: true) }
            }
            state.lastCountedOpen[address] = date
            return true
        }
    }
}
