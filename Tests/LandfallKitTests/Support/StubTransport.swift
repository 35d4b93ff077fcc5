import Foundation
import LandfallKit

/// A barrier a test opens when it is ready.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func open() { continuation.finish() }

    /// Returns once the gate is open (one waiter at a time).
    func wait() async {
        for await _ in stream {}
    }
}

/// What the stub answers to one request.
indirect enum StubReply: Sendable {
    case response(TransportResponse)
    /// No HTTP answer: the device is offline.
    case offline
    /// Never answers; ends only when the request's task is cancelled.
    case hang
    /// Answers `reply` once the test opens `gate`.
    case gated(Gate, then: StubReply)

    static func json(_ status: Int, _ value: some Encodable, headers: [String: String] = [:]) -> StubReply {
        // The encoder cannot fail on these model values; a failure would surface as an empty body.
        let body = (try? LandfallJSON.makeEncoder().encode(value)) ?? Data()
        return .response(
            TransportResponse(statusCode: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: body))
    }

    static func raw(_ status: Int, _ body: String, headers: [String: String] = [:]) -> StubReply {
        .response(TransportResponse(statusCode: status, headers: headers, body: Data(body.utf8)))
    }

    static func error(_ status: Int, code: String, message: String = "refused", headers: [String: String] = [:]) -> StubReply {
        json(status, ErrorBody(code: code, message: message), headers: headers)
    }
}

struct OfflineError: Error {}

/// A scripted HTTP server: replies are queued per method and path and consumed in order, the last
/// one repeating. Unscripted requests get a 404 `not_found`. Every request is recorded.
actor StubTransport: HTTPTransport {
    private var scripts: [String: [StubReply]] = [:]
    private(set) var requests: [TransportRequest] = []

    /// Scripts the replies to `method path` (the URL's path, e.g. `/api/sdk/v1/install`).
    func on(_ method: String, _ path: String, _ replies: StubReply...) {
        scripts["\(method) \(path)"] = replies
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        requests.append(request)
        let key = "\(request.method) \(request.url.path)"
        var replies = scripts[key] ?? [.error(404, code: "not_found")]
        let reply = replies.count > 1 ? replies.removeFirst() : replies[0]
        scripts[key] = replies
        return try await answer(reply)
    }

    private func answer(_ reply: StubReply) async throws -> TransportResponse {
        switch reply {
        case .gated(let gate, let next):
            await gate.wait()
            return try await answer(next)
        case .response(let response):
            return response
        case .offline:
            throw OfflineError()
        case .hang:
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            _ = continuation
            for await _ in stream {}
            throw CancellationError()
        }
    }

    /// The recorded requests to `path`.
    func requests(to path: String) -> [TransportRequest] {
        requests.filter { $0.url.path == path }
    }

    /// The JSON body of a recorded request, decoded.
    nonisolated func body<T: Decodable>(_ type: T.Type, of request: TransportRequest) throws -> T {
        try LandfallJSON.makeDecoder().decode(type, from: request.body ?? Data())
    }
}
