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
        BranchController(
            authenticator: authenticator,
            opens: BranchOpenService(
                storage: storage, installs: installs, resolver: resolver, limiter: BranchRateLimiter(), now: now, uptime: uptime),
            urls: BranchURLService(storage: storage, links: links, resolver: resolver, now: now),
            events: BranchEventService(storage: storage, events: events),
            trustProxy: trustProxy
        ).register(on: router)
        BranchKeysController(storage: storage, authenticator: authenticator, now: now).register(on: router)
    }
}
