import ArgumentParser
import Foundation
import Hummingbird
import LandfallServer
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (migrates a fresh SQLite database by itself).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var webhooks: WebhookOptions

    @Option(help: "Address to listen on (env LANDFALL_HOST; default 127.0.0.1, use 0.0.0.0 for all interfaces)")
    var host: String?

    @Option(help: "Port to listen on, 0 for any free port (env LANDFALL_PORT; default 8080)")
    var port: Int?

    @Option(help: "Admin token for /api/apps (env LANDFALL_ADMIN_TOKEN; default: generated on first start and printed once)")
    var adminToken: String?

    @Option(
        help:
            "File holding the admin token, e.g. a systemd credential (env LANDFALL_ADMIN_TOKEN_FILE); keeps the token out of the command line and the environment"
    )
    var adminTokenFile: String?

    @Flag(help: "Take the client address from X-Forwarded-For (env LANDFALL_TRUST_PROXY=1); only behind a proxy that sets it")
    var trustProxy = false

    @Flag(help: "Apply pending database migrations before serving (env LANDFALL_MIGRATE=1)")
    var migrate = false

    @Option(help: "Base URL of short links for apps without a domain (env LANDFALL_PUBLIC_URL; default http://HOST:PORT)")
    var publicUrl: String?

    @Option(
        help:
            "Header carrying the visitor's country code from a trusted CDN, e.g. CF-IPCountry (env LANDFALL_COUNTRY_HEADER; needs --trust-proxy)"
    )
    var countryHeader: String?

    @Option(help: "Resolved links kept in memory for redirects, 0 for none (env LANDFALL_LINK_CACHE_SIZE; default 50000)")
    var linkCacheSize: Int?

    @Option(
        help:
            "Seconds a cached link is trusted before it is read again. Edits through any server or the CLI show within a second anyway; this bounds staleness only while the database cannot be read (env LANDFALL_LINK_CACHE_TTL; default 60)"
    )
    var linkCacheTtl: Int?

    @Option(
        help:
            "Seconds a connection may wait for a complete request head, or idle between requests, before it is closed; stops slowloris clients (env LANDFALL_IDLE_TIMEOUT; default 30)"
    )
    var idleTimeout: Int?

    @Flag(help: "Turn off the API rate limits (env LANDFALL_RATE_LIMITS=off)")
    var noRateLimits = false

    @Option(help: "Multiply every API rate limit by this factor, e.g. 0.1 or 10 (env LANDFALL_RATE_LIMIT_SCALE; default 1)")
    var rateLimitScale: Double?

    @Option(
        help:
            "Seconds between sweeps that truncate client addresses older than twice the app's attribution window plus an hour to /24 or /48 (env LANDFALL_IP_RETENTION_INTERVAL; default 3600)"
    )
    var ipRetentionInterval: Int?

    @Option(
        help:
            "Days raw clicks and app opens are kept before they are folded into daily counts and deleted; analytics totals stay the same. At least twice every app's longest attribution window (env LANDFALL_CLICK_RETENTION_DAYS; default 400)"
    )
    var clickRetentionDays: Int?

    @Option(
        help:
            "Seconds between the sweeps that fold clicks and app opens past --click-retention-days into daily counts; the first comes a minute after start, or sooner when this is shorter (env LANDFALL_CLICK_RETENTION_INTERVAL; default 3600)"
    )
    var clickRetentionInterval: Int?

    @Option(
        help:
            "Milliseconds the fold waits between its 250-row batches, to spread a large first fold over time on a busy disk (env LANDFALL_CLICK_RETENTION_BATCH_PAUSE; default 0, 0-60000)"
    )
    var clickRetentionBatchPause: Int?

    @Flag(
        help:
            "Keep the engine on the server's defaults instead of learning each app's model from its installs; for comparing a live server with the engine run directly (env LANDFALL_ATTRIBUTION_LEARNING=off)"
    )
    var noAttributionLearning = false

    @Flag(
        help:
            "Learn each app's model but leave its stated confidence uncorrected by the installs that carried a click token; for measuring the correction through the live path (env LANDFALL_CONFIDENCE_CORRECTION=off)"
    )
    var noConfidenceCorrection = false

    func validate() throws {
        if let scale = resolvedRateLimitScale(), !(scale > 0 && scale <= 1_000) {
            throw ValidationError("--rate-limit-scale must be above 0 and at most 1000")
        }
        if let size = resolvedLinkCacheSize(), !(0...10_000_000).contains(size) {
            throw ValidationError("--link-cache-size must be 0-10000000")
        }
        if let seconds = resolvedLinkCacheTTL(), !(1...3600).contains(seconds) {
            throw ValidationError("--link-cache-ttl must be 1-3600 seconds")
        }
        if let seconds = resolvedIdleTimeout(), !(1...3600).contains(seconds) {
            throw ValidationError("--idle-timeout must be 1-3600 seconds")
        }
        if let seconds = resolvedIPRetentionInterval(), !(1...86_400).contains(seconds) {
            throw ValidationError("--ip-retention-interval must be 1-86400 seconds")
        }
        if let seconds = try resolvedClickRetentionInterval(), !(1...86_400).contains(seconds) {
            throw ValidationError("--click-retention-interval must be 1-86400 seconds")
        }
        if let milliseconds = try resolvedClickRetentionBatchPause(), !(0...60_000).contains(milliseconds) {
            throw ValidationError("--click-retention-batch-pause must be 0-60000 milliseconds")
        }
        if let days = try resolvedClickRetentionDays(), !(1...36_500).contains(days) {
            throw ValidationError("--click-retention-days must be 1-36500")
        }
        if let port = resolvedPort(), !(0...65535).contains(port) {
            throw ValidationError("--port must be 0-65535")
        }
        if adminToken != nil, adminTokenFile != nil {
            throw ValidationError("give --admin-token or --admin-token-file, not both")
        }
        if let token = try resolvedAdminToken(), token.count < 16 {
            throw ValidationError("the admin token must be at least 16 characters")
        }
        if let url = publicUrl ?? Environment.value("LANDFALL_PUBLIC_URL"), !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError("--public-url must start with http:// or https://")
        }
    }

    /// The token from the option, its file or the environment, in that order. A file's trailing
    /// newline (as `echo` or an editor leaves it) is not part of the token.
    private func resolvedAdminToken() throws -> String? {
        if let adminToken { return adminToken }
        if let path = adminTokenFile ?? Environment.value("LANDFALL_ADMIN_TOKEN_FILE") {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("cannot read the admin token file \(path)")
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return Environment.value("LANDFALL_ADMIN_TOKEN")
    }

    private func resolvedLinkCacheSize() -> Int? {
        linkCacheSize ?? Environment.value("LANDFALL_LINK_CACHE_SIZE").flatMap(Int.init)
    }

    private func resolvedLinkCacheTTL() -> Int? {
        linkCacheTtl ?? Environment.value("LANDFALL_LINK_CACHE_TTL").flatMap(Int.init)
    }

    private func resolvedIdleTimeout() -> Int? {
        idleTimeout ?? Environment.value("LANDFALL_IDLE_TIMEOUT").flatMap(Int.init)
    }

    private func resolvedRateLimitScale() -> Double? {
        rateLimitScale ?? Environment.value("LANDFALL_RATE_LIMIT_SCALE").flatMap(Double.init)
    }

    private func resolvedIPRetentionInterval() -> Int? {
        ipRetentionInterval ?? Environment.value("LANDFALL_IP_RETENTION_INTERVAL").flatMap(Int.init)
    }

    private func resolvedClickRetentionInterval() throws -> Int? {
        if let clickRetentionInterval { return clickRetentionInterval }
        guard let text = Environment.value("LANDFALL_CLICK_RETENTION_INTERVAL") else { return nil }
        guard let seconds = Int(text) else { throw ValidationError("LANDFALL_CLICK_RETENTION_INTERVAL must be a whole number of seconds") }
        return seconds
    }

    private func resolvedClickRetentionBatchPause() throws -> Int? {
        if let clickRetentionBatchPause { return clickRetentionBatchPause }
        guard let text = Environment.value("LANDFALL_CLICK_RETENTION_BATCH_PAUSE") else { return nil }
        guard let milliseconds = Int(text) else {
            throw ValidationError("LANDFALL_CLICK_RETENTION_BATCH_PAUSE must be a whole number of milliseconds")
        }
        return milliseconds
    }

    /// A value that is not a number is an error, not the default: a typo must not keep clicks
    /// for a period nobody chose.
    private func resolvedClickRetentionDays() throws -> Int? {
        if let clickRetentionDays { return clickRetentionDays }
        guard let text = Environment.value("LANDFALL_CLICK_RETENTION_DAYS") else { return nil }
        guard let days = Int(text) else { throw ValidationError("LANDFALL_CLICK_RETENTION_DAYS must be a whole number of days") }
        return days
    }

    private func resolvedPort() -> Int? {
        port ?? Environment.value("LANDFALL_PORT").flatMap(Int.init)
    }

    func run() async throws {
        MemoryTuning.limitMallocArenas()
        LoggingSystem.bootstrap(DeferredMetadataLogHandler.init(label:))
        let logger = try database.makeLogger()
        var configured = webhooks.applied(
            to: ServerConfiguration(
                host: host ?? Environment.value("LANDFALL_HOST") ?? "127.0.0.1",
                port: resolvedPort() ?? 8080,
                database: try database.location(),
                adminToken: try resolvedAdminToken(),
                trustProxy: trustProxy || Environment.flag("LANDFALL_TRUST_PROXY"),
                migrate: migrate || Environment.flag("LANDFALL_MIGRATE"),
                publicURL: publicUrl ?? Environment.value("LANDFALL_PUBLIC_URL"),
                countryHeader: countryHeader ?? Environment.value("LANDFALL_COUNTRY_HEADER"),
                linkCacheCapacity: resolvedLinkCacheSize() ?? 50_000,
                linkCacheTimeToLive: .seconds(resolvedLinkCacheTTL() ?? 60)
            ))
        if let seconds = resolvedIdleTimeout() { configured.idleTimeout = .seconds(seconds) }
        if noAttributionLearning || Environment.value("LANDFALL_ATTRIBUTION_LEARNING") == "off" {
            configured.attributionModels.learns = false
        }
        if noConfidenceCorrection || Environment.value("LANDFALL_CONFIDENCE_CORRECTION") == "off" {
            configured.attributionModels.correctsConfidenceFromLabels = false
        }
        if let seconds = resolvedIPRetentionInterval() { configured.ipRetention.interval = .seconds(seconds) }
        if let days = try resolvedClickRetentionDays() { configured.clickRetention.days = days }
        if let seconds = try resolvedClickRetentionInterval() { configured.clickRetention.interval = .seconds(seconds) }
        if let milliseconds = try resolvedClickRetentionBatchPause() { configured.clickRetention.batchPause = .milliseconds(milliseconds) }
        if let scale = resolvedRateLimitScale() { configured.apiRateLimits = configured.apiRateLimits.scaled(by: scale) }
        if noRateLimits || Environment.value("LANDFALL_RATE_LIMITS") == "off" { configured.apiRateLimits.enabled = false }
        let configuration = configured
        let host = configuration.host
        let server = try await buildApplication(
            configuration: configuration,
            logger: logger,
            onAdminTokenGenerated: { token in
                Console.line(
                    """

                    Generated the admin token. It is shown only this once; keep it somewhere safe:

                        \(token)

                    Use it as 'Authorization: Bearer <token>' on /api/apps, or start with --admin-token.

                    """)
            },
            onListening: { port in
                Console.line("Landfall listening on http://\(host):\(port) (database: \(configuration.database))")
            }
        )
        try await server.application.runService()
    }
}
