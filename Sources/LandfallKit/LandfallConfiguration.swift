import Foundation

/// How a ``LandfallClient`` talks to a Landfall server.
///
/// Only ``baseURL`` is required. ``LandfallClient/start(with:)`` validates the configuration and
/// throws ``LandfallError/Code/invalidConfiguration`` when it is unusable.
///
/// ```swift
/// var configuration = LandfallConfiguration(baseURL: URL(string: "https://go.example.com")!)
/// configuration.apiKey = "lf_pk_…"
/// configuration.loggingEnabled = true
/// try await Landfall.shared.start(with: configuration)
/// ```
public struct LandfallConfiguration: Sendable, Hashable {
    /// The server, e.g. `https://go.example.com` or `https://example.com/links`. A path prefix is
    /// kept: endpoints go to `{baseURL}/api/sdk/v1/…`. HTTPS is required except for `localhost`,
    /// `127.0.0.1` and `::1`.
    public var baseURL: URL
    /// The app's key, sent as `Authorization: Bearer <apiKey>` on every request. A publishable key
    /// is enough for installs, links and events; link creation needs a secret key.
    public var apiKey: String?
    /// Other hosts the app's links are served on (custom domains). `*.example.com` matches any
    /// subdomain. Links on the base URL's host are always recognised.
    public var extraDomains: [String]
    /// How far back the server may look for the click behind this install: 1 to 2160 hours.
    public var attributionWindowHours: Int
    /// When true (the default), ``LandfallClient/start(with:)`` reports the install and delivers the
    /// deferred deep link on first launch. When false, call ``LandfallClient/checkDeferredDeepLink()``
    /// yourself (after onboarding or a consent screen, for example).
    public var deferredDeepLinkEnabled: Bool
    /// The longest a direct deep link waits for server-side resolution before it is delivered from
    /// local parsing, in seconds.
    public var resolveTimeout: TimeInterval
    /// The timeout of each other HTTP request, in seconds.
    public var requestTimeout: TimeInterval
    /// Sends SDK log lines to the client's ``LandfallLogger``. Off by default.
    public var loggingEnabled: Bool
    /// The IDFA/GAID, only when the user consented to tracking; sent with the install report.
    public var deviceId: String?
    /// Reads a click token from the pasteboard on first launch (the clipboard hand-off). Off by
    /// default because iOS asks the user for permission when an app reads the pasteboard.
    public var clipboardHandoffEnabled: Bool
    /// How requests are retried after network errors and 408/429/5xx answers.
    public var retryPolicy: RetryPolicy

    /// Creates a configuration; every parameter but `baseURL` has a default.
    ///
    /// - Parameters:
    ///   - baseURL: the server, HTTPS except on `localhost`; a path prefix is kept.
    ///   - apiKey: the app's publishable or secret key; nil when the app sends none.
    ///   - extraDomains: custom link domains besides the base URL's host, `*.` for any subdomain.
    ///   - attributionWindowHours: 1 to 2160 hours; a week by default.
    ///   - deferredDeepLinkEnabled: false to report the install later with
    ///     ``LandfallClient/checkDeferredDeepLink()``.
    ///   - resolveTimeout: seconds a direct link waits for the server before local parsing.
    ///   - requestTimeout: seconds for each other request.
    ///   - loggingEnabled: true to send log lines to the client's logger.
    ///   - deviceId: the IDFA/GAID, only with the user's consent.
    ///   - clipboardHandoffEnabled: true to read a click token from the pasteboard on first launch.
    ///   - retryPolicy: how failed requests are retried.
    public init(
        baseURL: URL,
        apiKey: String? = nil,
        extraDomains: [String] = [],
        attributionWindowHours: Int = 168,
        deferredDeepLinkEnabled: Bool = true,
        resolveTimeout: TimeInterval = 3,
        requestTimeout: TimeInterval = 30,
        loggingEnabled: Bool = false,
        deviceId: String? = nil,
        clipboardHandoffEnabled: Bool = false,
        retryPolicy: RetryPolicy = RetryPolicy()
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.extraDomains = extraDomains
        self.attributionWindowHours = attributionWindowHours
        self.deferredDeepLinkEnabled = deferredDeepLinkEnabled
        self.resolveTimeout = resolveTimeout
        self.requestTimeout = requestTimeout
        self.loggingEnabled = loggingEnabled
        self.deviceId = deviceId
        self.clipboardHandoffEnabled = clipboardHandoffEnabled
        self.retryPolicy = retryPolicy
    }

    /// The hosts allowed over plain HTTP, for local development.
    static let plainHTTPHosts: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

    /// Checks every field and returns the configuration with the base URL and domains normalised
    /// (lower-case host, no trailing slash).
    ///
    /// - Returns: a copy with the normalised ``baseURL`` and ``extraDomains``.
    /// - Throws: ``LandfallError`` with code ``LandfallError/Code/invalidConfiguration``.
    public func validated() throws -> LandfallConfiguration {
        func invalid(_ message: String) -> LandfallError { LandfallError(.invalidConfiguration, message) }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(), !host.isEmpty
        else {
            throw invalid("baseURL must be an absolute URL such as https://go.example.com")
        }
        guard scheme == "https" || (scheme == "http" && Self.plainHTTPHosts.contains(host)) else {
            throw invalid("baseURL must use https (http is allowed only for localhost and 127.0.0.1)")
        }
        guard components.query == nil, components.fragment == nil, components.user == nil, components.password == nil else {
            throw invalid("baseURL must not carry a query, a fragment or credentials")
        }
        guard (1...2160).contains(attributionWindowHours) else {
            throw invalid("attributionWindowHours must be between 1 and 2160 (90 days)")
        }
        if let apiKey, apiKey.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw invalid("apiKey must not be empty; leave it nil when the app has none")
        }
        guard resolveTimeout > 0, resolveTimeout.isFinite, requestTimeout > 0, requestTimeout.isFinite else {
            throw invalid("resolveTimeout and requestTimeout must be positive numbers of seconds")
        }
        try retryPolicy.validate()
        var domains: [String] = []
        for domain in extraDomains {
            let normalized = domain.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard !normalized.isEmpty, !normalized.contains("/"), !normalized.contains(":") else {
                throw invalid("extraDomains must hold host names such as links.example.com or *.example.com")
            }
            domains.append(normalized)
        }
        components.scheme = scheme
        components.host = host
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let normalizedURL = components.url else { throw invalid("baseURL could not be normalised") }
        var copy = self
        copy.baseURL = normalizedURL
        copy.extraDomains = domains
        return copy
    }
}
