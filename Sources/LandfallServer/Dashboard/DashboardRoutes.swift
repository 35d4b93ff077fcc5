import Foundation
import Hummingbird
import LandfallStore

/// Wires the web dashboard into the router; `buildApplication` calls this once.
enum DashboardRoutes {
    static func register(
        on router: Router<LandfallRequestContext>, storage: any LandfallStorage, authenticator: Authenticator, apps: AppService,
        links: LinkService, configuration: ServerConfiguration, now: @escaping @Sendable () -> Date
    ) {
        let gate = DashboardGate(
            storage: storage,
            sessions: DashboardSessions(storage: storage, adminTokenHash: authenticator.adminTokenHash, now: now),
            authenticator: authenticator,
            publicURLIsHTTPS: configuration.publicURL?.lowercased().hasPrefix("https://") == true,
            trustProxy: configuration.trustProxy
        )
        DashboardController(gate: gate, apps: apps).register(on: router)
        DashboardLinksController(gate: gate, service: links, now: now).register(on: router)
        DashboardFeaturesController(gate: gate, attribution: configuration.attribution).register(on: router)
    }
}
