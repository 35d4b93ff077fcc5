import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import Testing

/// A webhook receiver on a loopback port: records what arrives and answers as scripted.
final class WebhookReceiver: Sendable {
    struct Arrival: Sendable {
        var path: String
        var id: String
        var timestamp: String
        var signature: String
        var body: Data
    }

    enum Reply: Sendable {
        case status(Int)
        /// Keeps the request open until the receiver shuts down: a delivery in flight.
        case hold
    }

    private struct State {
        var replies: [Reply] = []
        var arrivals: [Arrival] = []
        var held: [CheckedContinuation<Void, Never>] = []
        var isReleased = false
    }

    private let state = NIOLockedValueBox(State())
    private let stream: AsyncStream<Arrival>
    private let continuation: AsyncStream<Arrival>.Continuation

    private init() {
        (stream, continuation) = AsyncStream.makeStream(of: Arrival.self)
    }

    /// What to answer to the next requests, in order; 200 once the script runs out.
    func script(_ replies: [Reply]) {
        state.withLockedValue { $0.replies = replies }
    }

    var arrivals: [Arrival] { state.withLockedValue { $0.arrivals } }

    /// The next request to arrive, waiting at most `timeout` (for a server in another process).
    func nextArrival(timeout: Duration = .seconds(60)) async throws -> Arrival {
        let stream = self.stream
        return try await withThrowingTaskGroup(of: Arrival?.self) { group in
            group.addTask {
                for await arrival in stream { return arrival }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let arrival = first else {
                throw TestServerError("no webhook arrived within \(timeout)")
            }
            return arrival
        }
    }

    private func receive(_ request: Request, path: String) async throws -> Response {
        let body = try await request.body.collect(upTo: 1 << 20)
        let arrival = Arrival(
            path: path, id: request.headers[Self.id] ?? "", timestamp: request.headers[Self.timestamp] ?? "",
            signature: request.headers[Self.signature] ?? "", body: Data(body.readableBytesView)
        )
        let reply = state.withLockedValue { state -> Reply in
            state.arrivals.append(arrival)
            return state.replies.isEmpty ? .status(200) : state.replies.removeFirst()
        }
        continuation.yield(arrival)
        switch reply {
        case .hold:
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let released = state.withLockedValue { state in
                    if !state.isReleased { state.held.append(waiter) }
                    return state.isReleased
                }
                if released { waiter.resume() }
            }
            return Response(status: .serviceUnavailable)
        case .status(let code):
            var headers = HTTPFields()
            if (300..<400).contains(code) { headers[.location] = "/followed" }
            return Response(
                status: HTTPResponse.Status(code: code), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "reply \(code)")))
        }
    }

    private func releaseHeld() {
        let held = state.withLockedValue { state in
            state.isReleased = true
            defer { state.held.removeAll() }
            return state.held
        }
        for waiter in held { waiter.resume() }
    }

    /// Runs a receiver on a free loopback port for the length of `body`.
    static func run<Value: Sendable>(_ body: @Sendable (WebhookReceiver, Int) async throws -> Value) async throws -> Value {
        let receiver = WebhookReceiver()
        let router = Router()
        router.post("hook") { request, _ in try await receiver.receive(request, path: "/hook") }
        router.post("followed") { request, _ in try await receiver.receive(request, path: "/followed") }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await body(receiver, port)) } catch { outcome = .failure(error) }
            receiver.releaseHeld()
            return try outcome.get()
        }
    }

    /// The attempt timeout for servers sending to this receiver. The receiver shares the test process's
    /// two cooperative threads with hundreds of parallel tests, and on a 2-core CI machine it has been
    /// starved for over 10 s (a test event read-timed out there): no test here is about the timeout.
    static let attemptTimeout = Duration.seconds(180)

    static let id = HTTPField.Name("webhook-id")!
    static let timestamp = HTTPField.Name("webhook-timestamp")!
    static let signature = HTTPField.Name("webhook-signature")!
}

extension WebhookReceiver.Arrival {
    /// Whether one of the signatures verifies with `secret`: computed here with swift-crypto, the way
    /// a receiver would, not through the server's signing code.
    func isSigned(with secret: String) -> Bool {
        guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))) else { return false }
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        let expected = "v1," + Data(HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: key))).base64EncodedString()
        return signature.split(separator: " ").contains { $0 == expected }
    }

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
    }
}

@Suite("Webhook test receiver")
struct WebhookReceiverSupportTests {
    @Test func theReceiverAnswersAsScriptedAndRecordsWhatArrives() async throws {
        try await WebhookReceiver.run { receiver, port in
            receiver.script([.status(503)])
            let client = TestHTTP()
            #expect(try await client.post("http://127.0.0.1:\(port)/hook", body: "{}") == 503)
            #expect(try await client.post("http://127.0.0.1:\(port)/hook", body: "{}") == 200)
            #expect(receiver.arrivals.count == 2)
            try await client.shutdown()
        }
    }
}

/// A plain HTTP client for tests that talk to real sockets: JSON in, status and JSON out.
struct TestHTTP: Sendable {
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    @discardableResult
    func post(_ url: String, token: String? = nil, body: String) async throws -> Int {
        try await send(.POST, url, token: token, body: body).status
    }

    func send(_ method: NIOHTTP1.HTTPMethod, _ url: String, token: String? = nil, body: String? = nil) async throws -> (
        status: Int, json: [String: Any]
    ) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let data = try await response.body.collect(upTo: 1 << 20)
        let json = (try? JSONSerialization.jsonObject(with: Data(data.readableBytesView)) as? [String: Any]) ?? [:]
        return (Int(response.status.code), json)
    }

    func shutdown() async throws {
        try await client.shutdown()
    }
}
