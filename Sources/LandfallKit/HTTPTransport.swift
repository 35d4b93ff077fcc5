import Foundation

/// One HTTP request as LandfallKit sends it.
public struct TransportRequest: Sendable, Hashable {
    /// `GET` or `POST`.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// Header names as sent; compare them case-insensitively.
    public var headers: [String: String]
    /// The JSON body of a `POST`.
    public var body: Data?
    /// Seconds before the transport should give up.
    public var timeout: TimeInterval

    /// Creates a request; each parameter sets the property of the same name.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 30) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of a header, looked up case-insensitively.
    ///
    /// - Parameter name: the header's name in any case, e.g. `retry-after`.
    /// - Returns: its value, or nil when the header is absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP answer.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status, e.g. 201.
    public var statusCode: Int
    /// The answer's headers; look them up with ``header(_:)``.
    public var headers: [String: String]
    /// The answer's body.
    public var body: Data

    /// Creates a response; each parameter sets the property of the same name.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The value of a header, looked up case-insensitively.
    ///
    /// - Parameter name: the header's name in any case, e.g. `retry-after`.
    /// - Returns: its value, or nil when the header is absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends HTTP requests. ``URLSessionTransport`` is the real one; tests and apps with their own
/// networking stack pass another.
///
/// A transport returns every HTTP answer, whatever its status, and throws only when there is no
/// answer (offline, DNS, TLS, timeout). It should honour task cancellation.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the server's answer.
    ///
    /// - Parameter request: the request to send, with its own timeout.
    /// - Returns: the answer, whatever its HTTP status.
    /// - Throws: when no HTTP answer arrived (offline, DNS, TLS, timeout) or the task was cancelled.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
