/// Every error LandfallKit throws or hands to error listeners.
///
/// A struct over a growing set of ``Code``s rather than a public enum, so new codes do not break
/// exhaustive `switch`es in apps. Compare with `error.code == .notInitialized`.
public struct LandfallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable, comparable value.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case notInitialized, alreadyInitialized, invalidConfiguration, invalidArgument, missingAPIKey
            case network, timeout, server, invalidResponse, installNotReported, storage, cancelled
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A method that needs ``LandfallClient/start(with:)`` was called before it (or after `reset()`).
        public static let notInitialized = Code(.notInitialized)
        /// `start(with:)` was called again after a successful start.
        public static let alreadyInitialized = Code(.alreadyInitialized)
        /// The configuration failed validation (base URL, HTTPS, attribution window, …).
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// An argument was refused before anything was sent (an empty event name, a bad currency, …).
        public static let invalidArgument = Code(.invalidArgument)
        /// Link creation needs an API key and none is configured.
        public static let missingAPIKey = Code(.missingAPIKey)
        /// The request never got an HTTP answer (offline, DNS, TLS, connection reset).
        public static let network = Code(.network)
        /// The server did not answer within the configured time.
        public static let timeout = Code(.timeout)
        /// The server answered with an error status; see ``LandfallError/statusCode`` and ``LandfallError/serverCode``.
        public static let server = Code(.server)
        /// The server's 2xx answer could not be decoded.
        public static let invalidResponse = Code(.invalidResponse)
        /// Events cannot be sent before the install has been reported (they stay queued).
        public static let installNotReported = Code(.installNotReported)
        /// Local storage could not be read or written.
        public static let storage = Code(.storage)
        /// The operation was cancelled, for example by `reset()` or `clearData()`.
        public static let cancelled = Code(.cancelled)

        /// The code's name, e.g. `notInitialized`.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// A human-readable explanation.
    public var message: String
    /// The HTTP status for ``Code/server`` errors.
    public var statusCode: Int?
    /// The server's machine-readable code (`link_not_found`, `install_not_found`, …) when it sent one.
    public var serverCode: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: what went wrong.
    ///   - message: a human-readable explanation.
    ///   - statusCode: the HTTP status, for ``Code/server`` errors.
    ///   - serverCode: the server's `error.code`, when it sent one.
    public init(_ code: Code, _ message: String, statusCode: Int? = nil, serverCode: String? = nil) {
        self.code = code
        self.message = message
        self.statusCode = statusCode
        self.serverCode = serverCode
    }

    /// `LandfallError.{code}: {message}`, followed by ` (HTTP {status}, {serverCode})` for server errors.
    public var description: String {
        var text = "LandfallError.\(code): \(message)"
        if let statusCode { text += " (HTTP \(statusCode)" + (serverCode.map { ", \($0)" } ?? "") + ")" }
        return text
    }

    static let notInitialized = LandfallError(.notInitialized, "call start(with:) before this method")
    static let cancelled = LandfallError(.cancelled, "the operation was cancelled")
}

extension LandfallError {
    /// True when trying again later may succeed: network failures, timeouts, 408, 429 and 5xx.
    public var isTransient: Bool {
        switch code {
        case .network, .timeout: true
        case .server: statusCode.map(HTTPStatus.isRetryable) ?? false
        default: false
        }
    }
}

/// HTTP status classification shared by the retry logic and errors.
enum HTTPStatus {
    static func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }
    /// 408, 429 and 5xx: the server did not process the request, or asks to come back later.
    static func isRetryable(_ status: Int) -> Bool { status == 408 || status == 429 || (500...599).contains(status) }
}
