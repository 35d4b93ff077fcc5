import Foundation
import LandfallAttribution
import LandfallStore

/// Everything `landfall serve` can be told, with the defaults the quick start relies on.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var database: DatabaseLocation
    /// When nil, a token is generated on first start, stored hashed and printed once.
    public var adminToken: String?
    /// Read the client address from `X-Forwarded-For` (only behind a proxy that sets it).
    public var trustProxy: Bool
    /// Apply pending migrations at start; a fresh SQLite database is migrated regardless.
    public var migrate: Bool
    /// The base of short URLs for apps without a domain of their own, e.g. `https://go.example.com`.
    /// When nil, `http://{host}:{port}`.
    public var publicURL: String?
    /// A request header that carries the visitor's ISO country code, set by a trusted CDN or proxy
    /// (for example `CF-IPCountry`); honoured only with `trustProxy`.
    public var countryHeader: String?
    /// How often buffered clicks are written, and how many may wait before redirects slow down.
    public var clickFlushInterval: Duration
    public var clickBufferCapacity: Int
    /// The longest a redirect is held back while the click writer is behind (see `ClickRecorder`).
    public var clickBacklogPause: Duration
    /// The matching engine's defaults (each app may set its own threshold).
    public var attribution: AttributionConfiguration
    /// How often click statistics are brought up to date.
    public var statisticsInterval: Duration
    /// When each app's attribution model is refitted from its own installs.
    public var attributionModels = AttributionModelService.Schedule()
    /// How many resolved links the redirect path keeps in memory (0 turns the cache off), and for
    /// how long an entry is trusted. A change through another server (or the CLI) is seen within
    /// `catalogPollInterval`; the time to live only bounds staleness while the database cannot be read.
    public var linkCacheCapacity: Int
    public var linkCacheTimeToLive: Duration
    /// PostgreSQL: the longest a request waits for a pooled connection before it is answered 503
    /// `database_unavailable` (while the database is down or restarting; see `PostgresLease`).
    public var databaseConnectionWait: Duration = PostgresDatabaseProvider.defaultConnectionWait
    /// How often the database's catalog revision is read (see `CatalogRevisionWatcher`).
    public var catalogPollInterval: Duration = .seconds(1)
    /// How many share links apps may create through `POST /api/sdk/v1/links` with their publishable
    /// key, per app and per client address (secret keys are not limited).
    public var sdkLinkLimits = SDKLinkLimits()
    /// Token buckets per client address, key and app on the SDK, S2S and management API (429 with
    /// `Retry-After` past them); generous defaults, `enabled = false` turns them off.
    public var apiRateLimits = APIRateLimits()
    /// Webhook delivery: retries, timeouts and the SSRF guard's allowances.
    public var webhooks = WebhookConfiguration()
    /// How long a connection may go without a complete request head (or, between requests, without
    /// any): a client that sends its headers a byte at a time (slowloris) is closed after this.
    public var idleTimeout: Duration = .seconds(30)
    /// How long client addresses are kept whole before they are truncated to /24 or /48, and how
    /// often the sweep that truncates them runs.
    public var ipRetention = IPRetentionConfiguration()
    /// How often the dashboard's sign-in form may be tried, per account and per client address.
    public var dashboardSignIn = DashboardSignInLimits()
    /// scrypt's cost for new dashboard passwords; stored hashes carry their own, so raising it later
    /// leaves old passwords working.
    public var passwordHashing = PasswordHasher.Parameters.standard
    /// How long raw clicks and app opens are kept before they are folded into daily counts, and
    /// how often the fold runs.
    public var clickRetention = ClickRetentionConfiguration()

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: DatabaseLocation = .sqlite(path: DatabaseLocation.defaultSQLitePath),
        adminToken: String? = nil,
        trustProxy: Bool = false,
        migrate: Bool = false,
        publicURL: String? = nil,
        countryHeader: String? = nil,
        clickFlushInterval: Duration = .milliseconds(50),
        clickBufferCapacity: Int = 10_000,
        clickBacklogPause: Duration = .milliseconds(20),
        attribution: AttributionConfiguration = AttributionConfiguration(),
        statisticsInterval: Duration = .seconds(5),
        linkCacheCapacity: Int = 50_000,
        linkCacheTimeToLive: Duration = .seconds(60)
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.adminToken = adminToken
        self.trustProxy = trustProxy
        self.migrate = migrate
        self.publicURL = publicURL
        self.countryHeader = countryHeader
        self.clickFlushInterval = clickFlushInterval
        self.clickBufferCapacity = clickBufferCapacity
        self.clickBacklogPause = clickBacklogPause
        self.attribution = attribution
        self.statisticsInterval = statisticsInterval
        self.linkCacheCapacity = linkCacheCapacity
        self.linkCacheTimeToLive = linkCacheTimeToLive
    }

    /// The base URL short links use when their app has no domain.
    var resolvedPublicURL: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let shownHost = host == "0.0.0.0" || host == "::" ? "localhost" : host
        return "http://\(shownHost):\(port)"
    }
}
