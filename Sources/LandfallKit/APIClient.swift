import Foundation

/// Builds the server's requests, sends them with retries and turns answers into values or
/// ``LandfallError``s. Holds no state: a new one is made per call from the current configuration.
struct APIClient: Sendable {
    let configuration: LandfallConfiguration
    let transport: any HTTPTransport
    let clock: any LandfallClock
    let log: LogGate
    let unitRandom: @Sendable () -> Double

    /// `{baseURL}/{segments…}?{query}`: the base URL's path prefix is kept and each segment is
    /// percent-encoded.
    func url(_ segments: [String], query: [URLQueryItem] = []) throws -> URL {
        guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) else {
            throw LandfallError(.invalidConfiguration, "baseURL cannot carry paths")
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        components.percentEncodedPath = components.percentEncodedPath + "/" + encoded.joined(separator: "/")
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw LandfallError(.invalidArgument, "the request URL could not be built") }
        return url
    }

    func headers(json: Bool) -> [String: String] {
        var headers = ["Accept": "application/json", "User-Agent": "\(LandfallSDK.name)/\(LandfallSDK.version)"]
        if json { headers["Content-Type"] = "application/json" }
        if let apiKey = configuration.apiKey { headers["Authorization"] = "Bearer \(apiKey)" }
        return headers
    }

    func get(_ segments: [String], query: [URLQueryItem] = [], timeout: TimeInterval? = nil) throws -> TransportRequest {
        TransportRequest(
            method: "GET", url: try url(segments, query: query), headers: headers(json: false),
            timeout: timeout ?? configuration.requestTimeout)
    }

    func post(_ segments: [String], body: some Encodable) throws -> TransportRequest {
        let data: Data
        do {
            data = try LandfallJSON.makeEncoder().encode(body)
        } catch {
            throw LandfallError(.invalidArgument, "the request body could not be encoded as JSON")
        }
        return TransportRequest(
            method: "POST", url: try url(segments), headers: headers(json: true), body: data, timeout: configuration.requestTimeout)
    }

    /// One attempt; a missing answer becomes ``LandfallError/Code/network``.
    func sendOnce(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            return try await transport.send(request)
        } catch {
            throw LandfallError.wrap(error)
        }
    }

    /// Sends with the configured ``RetryPolicy``: network errors and 408/429/5xx are retried with
    /// backoff (or after `Retry-After`). Returns a 2xx or a final 4xx; throws when the attempts run out.
    func sendRetrying(_ request: TransportRequest) async throws -> TransportResponse {
        let policy = configuration.retryPolicy
        var attempt = 1
        while true {
            let failure: LandfallError
            var retryAfter: TimeInterval?
            do {
                let response = try await sendOnce(request)
                guard HTTPStatus.isRetryable(response.statusCode) else { return response }
                failure = serverError(response)
                retryAfter = RetryPolicy.retryAfter(response.header("Retry-After"), now: clock.now())
            } catch let error as LandfallError where error.isTransient {
                failure = error
            }
            if let retryAfter, retryAfter > policy.maxRetryAfter {
                log(.warning, "server asked to retry later than the policy allows", ["retryAfter": "\(retryAfter)"])
                throw failure
            }
            guard attempt < policy.maxAttempts else { throw failure }
            let delay = retryAfter ?? policy.delay(beforeRetry: attempt, unitRandom: unitRandom())
            log(
                .debug, "retrying request",
                [
                    "path": request.url.path, "attempt": "\(attempt + 1)", "delay": String(format: "%.2f", delay),
                    "error": "\(failure.code)",
                ])
            do {
                try await clock.sleep(seconds: delay)
            } catch {
                throw LandfallError.cancelled
            }
            attempt += 1
        }
    }

    /// The error a non-2xx answer stands for, with the server's `{"error": {code, message}}` if any.
    func serverError(_ response: TransportResponse) -> LandfallError {
        let body = try? LandfallJSON.makeDecoder().decode(ErrorBody.self, from: response.body)
        return LandfallError(
            .server, body?.error.message ?? "the server answered HTTP \(response.statusCode)",
            statusCode: response.statusCode, serverCode: body?.error.code
        )
    }

    /// Decodes a 2xx answer; any other status throws the server's error.
    func decodeSuccess<T: Decodable>(_ type: T.Type, from response: TransportResponse) throws -> T {
        guard HTTPStatus.isSuccess(response.statusCode) else { throw serverError(response) }
        do {
            return try LandfallJSON.makeDecoder().decode(type, from: response.body)
        } catch {
            throw LandfallError(.invalidResponse, "the server's answer could not be decoded as \(T.self)")
        }
    }
}

extension LandfallError {
    /// Any error as a ``LandfallError``: cancellation becomes ``Code/cancelled``, anything else a
    /// transport throws becomes ``Code/network``.
    static func wrap(_ error: any Error) -> LandfallError {
        if let error = error as? LandfallError { return error }
        if error is CancellationError || Task.isCancelled { return .cancelled }
        return LandfallError(.network, "no answer from the server: \(error)")
    }
}
