import Foundation
import Hummingbird
import LandfallStore

/// Wires the web dashboard into the router; `buildApplication` calls this once.
enum DashboardRoutes {
    static func register(
        on router: Router<LandfallRequestContext>, storage: any LandfallStorage, authenticator: Authenticator, apps: AppService,
        links: LinkService, templates: TemplateService, webhooks: WebhookEndpointService,
        referrals: ReferralService, conversionValues: ConversionValueService, configuration: ServerConfiguration,
        now: @escaping @Sendable () -> Date,
        uptime: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        // Parsed here, once, so a server never starts with a template that does not parse.
        _ = DashboardTemplates.library
        let gate = DashboardGate(
            storage: storage,
            sessions: DashboardSessions(storage: storage, adminTokenHash: authenticator.adminTokenHash, now: now),
            authenticator: authenticator,
            publicURLIsHTTPS: configuration.publicURL?.lowercased().hasPrefix("https://") == true,
            trustProxy: configuration.trustProxy
        )
        let hasher = PasswordHasher(parameters: configuration.passwordHashing)
        let signIn = DashboardSignIn(storage: storage, hasher: hasher, limits: configuration.dashboardSignIn, uptime: uptime)
        let accounts = DashboardAccountService(storage: storage, hasher: hasher, now: now)
        DashboardController(gate: gate, apps: apps, signIn: signIn).register(on: router)
        DashboardAccountController(gate: gate, now: now).register(on: router)
        DashboardMembersController(gate: gate, accounts: accounts).register(on: router)
        DashboardUsersController(storage: storage, authenticator: authenticator, accounts: accounts).register(on: router)
        DashboardLinksController(gate: gate, service: links, now: now).register(on: router)
        DashboardFeaturesController(gate: gate, attribution: configuration.attribution).register(on: router)
        DashboardSettingsController(gate: gate, apps: apps).register(on: router)
        DashboardKeysController(gate: gate, apps: apps).register(on: router)
        DashboardWebhooksController(gate: gate, service: webhooks).register(on: router)
        DashboardReferralsController(gate: gate, service: referrals).register(on: router)
        DashboardSKANController(gate: gate, service: conversionValues).register(on: router)
        DashboardInstallsController(gate: gate).register(on: router)
        DashboardAnalyticsController(gate: gate, now: now).register(on: router)
        DashboardTemplatesController(gate: gate, service: templates).register(on: router)
        DashboardImportController(gate: gate, service: links).register(on: router)
    }
}
