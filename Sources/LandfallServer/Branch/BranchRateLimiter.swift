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
/// Sessions from Branch's mobile SDKs are not held to the 10 seconds: the iOS SDK opens again when a
/// link arrives while an open is queued, and neither SDK retries a 429. They get a burst limit
/// instead, ``sdkBurst`` sessions per device in ``sdkWindow``, far above what an app in use makes.
///
/// All are durations, read on a monotonic clock, so a step of the wall clock neither opens nor
/// closes them early.
final class BranchRateLimiter: Sendable {
    let minimumInterval: TimeInterval
    let nonReferredWindow: TimeInterval
    /// Entries kept before expired ones are swept, so memory stays bounded under any traffic.
    let capacity: Int
    let sdkBurst: Int
    let sdkWindow: TimeInterval

    private struct State {
        var lastOpen: [String: ContinuousClock.Instant] = [:]
        var lastCountedOpen: [String: ContinuousClock.Instant] = [:]
        /// Per device key: when its current SDK window began, and the sessions in it.
        var sdkSessions: [String: (start: ContinuousClock.Instant, count: Int)] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(
        minimumInterval: TimeInterval = 10, nonReferredWindow: TimeInterval = 4 * 3600, capacity: Int = 100_000, sdkBurst: Int = 30,
        sdkWindow: TimeInterval = 60
    ) {
        self.minimumInterval = minimumInterval
        self.nonReferredWindow = nonReferredWindow
        self.capacity = capacity
        self.sdkBurst = sdkBurst
        self.sdkWindow = sdkWindow
    }

    /// Notes an SDK session by the device that `keys` name; returns the seconds to wait when any of
    /// them already made ``sdkBurst`` sessions in its current window.
    func admitSDKSession(keys: [String], at date: ContinuousClock.Instant) -> Int? {
        // A device names itself the same way twice (its IDFV as hardware_id and as ios_vendor_id):
        // each name counts the session once.
        let keys = Set(keys)
        return state.withLockedValue { state in
            for key in keys {
                guard let window = state.sdkSessions[key], date >= window.start, (date - window.start).seconds < sdkWindow else {
                    continue
                }
                if window.count >= sdkBurst { return max(1, Int((sdkWindow - (date - window.start).seconds).rounded(.up))) }
            }
            if state.sdkSessions.count + keys.count > capacity {
                state.sdkSessions = state.sdkSessions.filter { (date - $0.value.start).seconds < sdkWindow }
                if state.sdkSessions.count + keys.count > capacity { state.sdkSessions.removeAll(keepingCapacity: true) }
            }
            for key in keys {
                if let window = state.sdkSessions[key], date >= window.start, (date - window.start).seconds < sdkWindow {
                    state.sdkSessions[key] = (window.start, window.count + 1)
                } else {
                    state.sdkSessions[key] = (date, 1)
                }
            }
            return nil
        }
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
