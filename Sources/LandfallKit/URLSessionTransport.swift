import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``HTTPTransport`` over `URLSession`: Apple platforms and Linux (FoundationNetworking).
///
/// Tests should inject their own ``HTTPTransport`` rather than register a `URLProtocol`:
/// `URLProtocol.registerClass` has no effect on Linux sessions.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport over `session`; the default is an ephemeral session (no cookies, no cache).
    ///
    /// - Parameter session: the session to send with; pass one with a custom configuration (a proxy,
    ///   extra headers) if the app needs it.
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    /// Sends `request` with `URLSession`, ignoring any local cache.
    ///
    /// - Parameter request: the request, with its own timeout.
    /// - Returns: the HTTP answer, whatever its status.
    /// - Throws: `URLSession`'s error when no answer arrived; ``LandfallError/Code/network`` for a
    ///   non-HTTP answer.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw LandfallError(.network, "the answer was not HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TransportResponse(statusCode: http.statusCode, headers: headers, body: data)
    }
}
