import Foundation
import HTTPTypes
import Hummingbird
import LandfallStore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// The Landfall server, built once for production and for tests.
public struct LandfallApplication: Sendable {
    public typealias App = Application<RouterResponder<LandfallRequestContext>>

    /// The Hummingbird application; `run`/`runService` it, or `test` it.
    public var application: App
    public let storage: SQLStorage
    public let clicks: ClickRecorder
    public let links: LinkService
    public let apps: AppService
    /// Brings the population statistics up to date; tests call `catchUp()` instead of waiting.
    public let statistics: ClickStatistics
    /// Learns each app's attribution model; tests call `refitDue()` instead of waiting.
    public let attributionModels: AttributionModelService
    /// Counters and latencies, also served at `/api/metrics`.
    public let metrics: ServerMetrics
    /// Sends the webhook outbox; tests call `deliverDue()` when background delivery is off.
    public let webhooks: WebhookDispatcher
    /// Truncates client addresses past their retention period; tests and `landfall-lab reliability
    /// privacy` call `sweep()` with a clock of their own.
    public let ipRetention: IPRetentionSweeper
    /// Folds clicks and app opens past the click retention age into daily counts; tests call
    /// `sweep()` with a clock of their own.
    public let clickRetention: ClickRetentionSweeper
    /// Every method and path the router answers, as `GET /api/apps/{appId}`: checked against the
    /// OpenAPI document so that neither can change without the other.
    public let routes: [String]
}

/// Builds the application: storage, migrations check, admin token, routes and background services.
///
/// - Parameters:
///   - now: the wall clock timestamps are read from; by default the system's, held still while an
///     NTP step has put it behind a time already given (``WallClock``). Tests pass a fixed or stepping one.
///   - uptime: the monotonic clock durations are measured on (rate-limit buckets, cache ages); tests
///     pass one that moves with their wall clock.
///   - onAdminTokenGenerated: receives a generated admin token, once, to show the operator.
///   - onListening: receives the bound port (useful with port 0).
public func buildApplication(
    configuration: ServerConfiguration,
    logger: Logger,
    now injectedNow: (@Sendable () -> Date)? = nil,
    uptime: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    onAdminTokenGenerated: @escaping @Sendable (String) -> Void = { _ in },
    onListening: @escaping @Sendable (Int) -> Void = { _ in }
) async throws -> LandfallApplication {
    let provider = try await StorageFactory.makeProvider(
        for: configuration.database, logger: logger, warmConnections: 1, connectionWait: configuration.databaseConnectionWait)
    let storage = SQLStorage(provider: provider)
    let now: @Sendable () -> Date
    if let injectedNow {
        now = injectedNow
    } else {
        now = await WallClock.started(storage: storage, logger: logger)
    }
    let metrics = ServerMetrics()
    let catalogRevision: @Sendable () -> UInt64 = { storage.catalogRevision }
    let (webhookDispatcher, webhooks) = WebhookPublisher.make(
        storage: storage, configuration: configuration.webhooks, cacheTimeToLive: configuration.linkCacheTimeToLive,
        revision: catalogRevision,
        logger: logger, now: now
    )
    let recorder = ClickRecorder(
        storage: storage, flushInterval: configuration.clickFlushInterval,
        capacity: configuration.clickBufferCapacity, logger: logger, metrics: metrics, webhooks: webhooks,
        backlogPause: configuration.clickBacklogPause
    )
    let lookup = LinkLookup(
        storage: storage,
        links: ExpiringCache(
            capacity: configuration.linkCacheCapacity, timeToLive: configuration.linkCacheTimeToLive, revision: catalogRevision),
        apps: ExpiringCache(capacity: 10_000, timeToLive: configuration.linkCacheTimeToLive, revision: catalogRevision)
    )
    let adminTokenHash = NIOLockedValueBox<String?>(nil)
    let authenticator = Authenticator(
        storage: storage, adminTokenHash: { adminTokenHash.withLockedValue { $0 } },
        keys: ExpiringCache(capacity: 10_000, timeToLive: configuration.linkCacheTimeToLive, revision: catalogRevision)
    )
    // With port 0 and no --public-url, short URLs must name the port the server actually got.
    let publicURL = NIOLockedValueBox(configuration.resolvedPublicURL)
    let linkService = LinkService(storage: storage, currentPublicURL: { publicURL.withLockedValue { $0 } }, now: now)
    let appService = AppService(storage: storage, now: now)
    let schemaReady = SchemaGate()
    let statisticsRevision = StatisticsRevision()
    let statistics = ClickStatistics(
        storage: storage, interval: configuration.statisticsInterval, logger: logger, now: now, schemaReady: schemaReady,
        revision: statisticsRevision
    )
    let attributionModelCache = AttributionModelCache()
    let histories = ClickHistories(storage: storage)
    let installService = InstallService(
        storage: storage, recorder: recorder, configuration: configuration.attribution, metrics: metrics,
        evidence: ExpiringCache(capacity: 50_000, timeToLive: .seconds(600), revision: catalogRevision),
        populations: PopulationCountCache(revision: statisticsRevision), histories: histories, models: attributionModelCache,
        now: now,
        webhooks: webhooks
    )
    let attributionModels = AttributionModelService(
        storage: storage, base: configuration.attribution, schedule: configuration.attributionModels, cache: attributionModelCache,
        logger: logger, now: now, schemaReady: schemaReady
    )

    let ipRetention = IPRetentionSweeper(
        storage: storage, configuration: configuration.ipRetention, logger: logger, now: now, schemaReady: schemaReady
    )
    let clickRetention = ClickRetentionSweeper(
        storage: storage, configuration: configuration.clickRetention, logger: logger, now: now, schemaReady: schemaReady
    )

    let router = Router(context: LandfallRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    HealthController(storage: storage).register(on: router)
    OpenAPIController().register(on: router)
    WellKnownController(storage: storage).register(on: router)
    TLSDomainController(storage: storage, publicHost: configuration.publicURL.flatMap { URL(string: $0)?.host?.lowercased() })
        .register(on: router)
    RedirectController(
        storage: storage, recorder: recorder, links: linkService, lookup: lookup, metrics: metrics, trustProxy: configuration.trustProxy,
        countryHeader: configuration.countryHeader.flatMap { HTTPField.Name($0) }, now: now
    ).register(on: router)
    // Middleware applies to the routes registered after it: the redirect routes above never run the
    // API limits (they are the hot path), every route below passes them.
    if configuration.apiRateLimits.enabled {
        router.add(
            middleware: APIRateLimitMiddleware(
                limiters: APIRateLimiters(limits: configuration.apiRateLimits, now: uptime), authenticator: authenticator,
                trustProxy: configuration.trustProxy
            ))
    }
    AppsController(storage: storage, authenticator: authenticator, service: appService).register(on: router)
    AttributionModelController(storage: storage, authenticator: authenticator, attribution: configuration.attribution).register(on: router)
    let shareLimits = SDKLinkRateLimiters(limits: configuration.sdkLinkLimits, now: uptime)
    LinksController(
        storage: storage, authenticator: authenticator, service: linkService, shareLimits: shareLimits, trustProxy: configuration.trustProxy
    ).register(on: router)
    QRCodeController(storage: storage, authenticator: authenticator, service: linkService).register(on: router)
    LinkSafetyController(authenticator: authenticator, service: linkService.safety).register(on: router)
    let referrals = ReferralService(storage: storage, links: linkService, logger: logger, now: now, webhooks: webhooks)
    let conversionValues = ConversionValueService(storage: storage, now: now, webhooks: webhooks)
    let webhookEndpoints = WebhookEndpointService(
        storage: storage, dispatcher: webhookDispatcher, configuration: configuration.webhooks, now: now)
    let templateService = TemplateService(storage: storage, now: now)
    DashboardRoutes.register(
        on: router, storage: storage, authenticator: authenticator, apps: appService, links: linkService, templates: templateService,
        webhooks: webhookEndpoints,
        referrals: referrals, conversionValues: conversionValues, configuration: configuration, now: now, uptime: uptime)
    TemplatesController(authenticator: authenticator, service: templateService).register(on: router)
    SDKLinksController(
        authenticator: authenticator, service: linkService,
        limits: shareLimits, trustProxy: configuration.trustProxy
    ).register(on: router)
    BeaconController(recorder: recorder).register(on: router)
    // One event pipeline (group commits, webhooks) for the SDK and the Branch-compatible routes.
    let eventService = EventService(
        storage: storage, writer: EventWriter(storage: storage, metrics: metrics),
        installs: ExpiringCache(capacity: 20_000, timeToLive: .seconds(60), revision: catalogRevision), now: now, webhooks: webhooks
    )
    SDKController(
        storage: storage, authenticator: authenticator, installs: installService, events: eventService,
        lookup: lookup, trustProxy: configuration.trustProxy, now: now
    ).register(on: router)
    BranchRoutes.register(
        on: router, storage: storage, authenticator: authenticator, installs: installService, events: eventService, recorder: recorder,
        links: linkService, trustProxy: configuration.trustProxy, now: now, uptime: uptime
    )
    InstallsController(storage: storage, authenticator: authenticator, links: linkService).register(on: router)
    EraseController(authenticator: authenticator, service: EraseService(storage: storage, now: now)).register(on: router)
    S2SController(
        authenticator: authenticator,
        clicks: S2SClickService(
            storage: storage, now: now, webhooks: webhooks, retention: configuration.ipRetention, statisticsRevision: statisticsRevision,
            histories: histories
        ), installs: installService, now: now
    ).register(on: router)
    ReferralsController(
        authenticator: authenticator, service: referrals,
        inviteLimits: SDKLinkRateLimiters(limits: configuration.sdkLinkLimits, now: uptime),
        trustProxy: configuration.trustProxy
    ).register(on: router)
    ReferralListController(authenticator: authenticator, service: referrals).register(on: router)
    AnalyticsController(storage: storage, authenticator: authenticator, now: now).register(on: router)
    AnalyticsSeriesController(storage: storage, authenticator: authenticator, now: now).register(on: router)
    WebhooksController(storage: storage, authenticator: authenticator, service: webhookEndpoints).register(on: router)
    ConversionValueSchemaController(storage: storage, authenticator: authenticator, service: conversionValues).register(on: router)
    ConversionValueController(
        storage: storage, directory: ConversionAppDirectory(storage: storage, revision: catalogRevision, now: uptime),
        service: conversionValues, gate: ConversionLoadGate(limit: 256), now: now
    ).register(on: router)
    MetricsController(authenticator: authenticator, metrics: metrics, recorder: recorder, linkCache: lookup.links).register(on: router)

    // Services stop in reverse order: the server first, then the click recorder flushes, then the
    // database closes.
    var application = Application(
        router: router,
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [UnreadBodyDiscarder()], idleTimeout: TimeAmount(configuration.idleTimeout)
            )),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "landfall"),
        services: [
            DatabaseService(provider: provider), recorder, statistics, attributionModels,
            ReferralSettler(service: referrals, schemaReady: schemaReady), webhookDispatcher, ipRetention, clickRetention,
            CatalogRevisionWatcher(storage: storage, interval: configuration.catalogPollInterval, logger: logger, schemaReady: schemaReady),
        ],
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            if configuration.publicURL == nil, configuration.port == 0 {
                var bound = configuration
                bound.port = port
                publicURL.withLockedValue { $0 = bound.resolvedPublicURL }
            }
            onListening(port)
        },
        logger: logger
    )
    application.beforeServerStarts {
        try await SchemaCheck.ensureCurrent(
            provider: provider, engine: configuration.database.engine, migrate: configuration.migrate, logger: logger)
        try await provider.prepareForTraffic()
        try await ClickRetentionCheck.verify(storage: storage, configuration: configuration.clickRetention)
        let hash = try await AdminToken.resolve(configured: configuration.adminToken, storage: storage, onGenerated: onAdminTokenGenerated)
        adminTokenHash.withLockedValue { $0 = hash }
        schemaReady.open()
        webhookDispatcher.schemaChecked()
    }
    return LandfallApplication(
        application: application, storage: storage, clicks: recorder, links: linkService, apps: appService, statistics: statistics,
        attributionModels: attributionModels,
        metrics: metrics, webhooks: webhookDispatcher, ipRetention: ipRetention, clickRetention: clickRetention,
        routes: router.routes.map(\.description)
    )
}
