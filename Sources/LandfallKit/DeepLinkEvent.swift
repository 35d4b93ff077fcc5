import Foundation

/// One deep link delivered to the app, deferred (from the install report) or direct (a Universal
/// Link or custom-scheme URL passed to ``LandfallClient/handle(url:)``).
///
/// ```swift
/// for await event in await Landfall.shared.deepLinkEvents() {
///     guard let path = event.data?.deepLinkPath else { continue }   // organic: nothing to open
///     router.open(path, parameters: event.queryParameters)
/// }
/// ```
public struct DeepLinkEvent: Sendable, Hashable {
    /// Where the event's ``data`` came from.
    public enum Source: Sendable, Hashable {
        /// The server's answer to the install report (deferred deep link).
        case installReport
        /// The server resolved the opened URL (`/api/sdk/v1/resolve/…`).
        case server
        /// Parsed from the URL on the device: a custom-scheme URL, or a resolution that failed or
        /// took longer than ``LandfallConfiguration/resolveTimeout``.
        case localParsing
    }

    /// True for the deferred deep link of a new install, false for a link that opened the app.
    public var isDeferred: Bool
    /// The URL that opened the app; nil for deferred deep links.
    public var originalURL: URL?
    /// The link's data. Nil for an organic install (``isOrganic``) and for a URL with nothing to
    /// resolve. For a custom-scheme URL it is parsed locally and its `shortCode` is empty.
    public var data: DeepLinkData?
    /// The URL's query parameters (the last value wins for repeated names); for deferred deep links,
    /// the link's custom parameters.
    public var queryParameters: [String: String]
    /// The URL's path segments (after the base URL's prefix); for deferred deep links, the segments
    /// of the link's `deepLinkPath`.
    public var pathParameters: PathParameters
    /// Where ``data`` came from.
    public var source: Source
    /// For deferred deep links, the install report's full answer; nil when the report failed (it is
    /// retried on the next start, see ``isInstallReportPending``).
    public var attribution: AttributionResult?

    /// Creates an event (the SDK makes them; apps may build them for their own tests); each parameter
    /// sets the property of the same name.
    public init(
        isDeferred: Bool, originalURL: URL?, data: DeepLinkData?, queryParameters: [String: String],
        pathParameters: PathParameters, source: Source, attribution: AttributionResult? = nil
    ) {
        self.isDeferred = isDeferred
        self.originalURL = originalURL
        self.data = data
        self.queryParameters = queryParameters
        self.pathParameters = pathParameters
        self.source = source
        self.attribution = attribution
    }

    /// True for a deferred event without link data: an organic install, or (with
    /// ``isInstallReportPending``) a report that failed and is treated as organic for now.
    public var isOrganic: Bool { isDeferred && data == nil }

    /// True when the install report failed: this launch is treated as organic, and the report is
    /// retried on the next ``LandfallClient/start(with:)`` or ``LandfallClient/checkDeferredDeepLink()``,
    /// which then delivers the real answer as a new deferred event.
    public var isInstallReportPending: Bool { isDeferred && attribution == nil }

    static func deferred(_ result: AttributionResult) -> DeepLinkEvent {
        let data = result.deepLinkData
        return DeepLinkEvent(
            isDeferred: true, originalURL: nil, data: data, queryParameters: data?.customParameters ?? [:],
            pathParameters: PathParameters(path: data?.deepLinkPath ?? ""), source: .installReport, attribution: result
        )
    }

    static let deferredPending = DeepLinkEvent(
        isDeferred: true, originalURL: nil, data: nil, queryParameters: [:], pathParameters: PathParameters(segments: []),
        source: .installReport, attribution: nil
    )
}

/// The path segments of a deep link: `/product/detail/42` → `["product", "detail", "42"]`.
public struct PathParameters: Sendable, Hashable {
    /// Every non-empty segment, percent-decoded.
    public var segments: [String]

    /// Wraps segments that are already split and decoded.
    ///
    /// - Parameter segments: the segments, in order, e.g. `["product", "42"]`.
    public init(segments: [String]) {
        self.segments = segments
    }

    /// Splits a path such as `/product/123`.
    ///
    /// - Parameter path: a URL path; empty segments are skipped and each segment is percent-decoded.
    public init(path: String) {
        self.segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// The first segment (`product`), LimeLink's `mainPath`.
    public var mainPath: String? { segments.first }
    /// The second segment (`detail`), LimeLink's `subPath`.
    public var subPath: String? { segments.count > 1 ? segments[1] : nil }
}

/// The server's answer to this install's report, as stored on the device.
public struct AttributionResult: Sendable, Hashable {
    /// The server-assigned install id.
    public var installId: String
    /// True when the install was matched to a link click.
    public var isAttributed: Bool
    /// 0-100: how sure the server is of the match.
    public var confidenceScore: Double
    /// The signals on which the install and its click agree (`click_token`, `ip`, `screen`, …).
    public var matchedFactors: [String]
    /// The link's data when attributed; nil for an organic install.
    public var deepLinkData: DeepLinkData?
    /// `deterministic`, `probabilistic` or `organic`, when the server says.
    public var method: String?

    /// True when no click was matched.
    public var isOrganic: Bool { !isAttributed }

    /// Wraps the server's answer.
    ///
    /// - Parameter response: the answer to `POST /api/sdk/v1/install`; its link data is dropped
    ///   unless it is attributed.
    public init(_ response: InstallResponse) {
        installId = response.installId
        isAttributed = response.attributed
        confidenceScore = response.confidenceScore
        matchedFactors = response.matchedFactors
        deepLinkData = response.attributed ? response.deepLinkData : nil
        method = response.method
    }
}

/// Identifies a registered listener or stream, for ``LandfallClient/removeListener(_:)``.
public struct ListenerToken: Sendable, Hashable {
    let id: UInt64
}

/// What a ``LandfallClient/flush()`` did.
public struct FlushReport: Sendable, Hashable {
    /// Events the server accepted (or had already received).
    public var sent: Int = 0
    /// Events the server refused as invalid; they are dropped and reported to error listeners.
    public var dropped: Int = 0
    /// Events still queued.
    public var remaining: Int = 0

    /// Creates a report; each parameter sets the property of the same name.
    public init(sent: Int = 0, dropped: Int = 0, remaining: Int = 0) {
        self.sent = sent
        self.dropped = dropped
        self.remaining = remaining
    }
}
