import Foundation
import HTTPTypes
import LandfallModels
import Hummingbird
import LandfallStore

/// Wires the Branch-compatible API onto the router with the services it shares with the SDK endpoints.
enum BranchRoutes {
    static func register(
        on router: Router<LandfallRequestContext>, storage: any LandfallStorage, authenticator: Authenticator, installs: InstallService,
        events: EventService, recorder: ClickRecorder, links: LinkService, trustProxy: Bool, now: @escaping @Sendable () -> Date,
        uptime: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        let resolver = BranchLinkResolver(storage: storage, recorder: recorder, links: links)
        let opens = BranchOpenService(
            storage: storage, installs: installs, resolver: resolver, limiter: BranchRateLimiter(), now: now, uptime: uptime)
        let branchEvents = BranchEventService(storage: storage, events: events)
        BranchController(
            authenticator: authenticator, opens: opens,
            urls: BranchURLService(storage: storage, links: links, resolver: resolver, now: now),
            events: branchEvents, trustProxy: trustProxy
        ).register(on: router)
        BranchSDKController(
            authenticator: authenticator, accounts: BranchAccountService(storage: storage, opens: opens, now: now), events: branchEvents,
            opens: opens
        ).register(on: router)
        BranchKeysController(storage: storage, authenticator: authenticator, now: now).register(on: router)
    }
}
