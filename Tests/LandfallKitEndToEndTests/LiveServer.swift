import AsyncHTTPClient
import Foundation
import HummingbirdTesting
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A Landfall server listening on a real socket (port 0 on 127.0.0.1) over a SQLite file, for the SDK
/// to talk to through `URLSessionTransport`.
///
/// `run` builds the application with ``LiveServer/adminToken``, runs it for the length of the body and
/// stops it by graceful shutdown. The database outlives the server (it is removed when the test
/// process exits), so a second `run` on the same ``database`` is the same server restarted.
///
/// ```swift
/// let database = try await LiveServer.freshDatabase()
/// try await LiveServer.run(database: database) { server in
///     let mealtime = try await server.setUpMealtime()
///     let client = try AppSandbox(beside: database, phone: .iPhone).launch()
///     try await client.start(with: server.configuration(apiKey: mealtime.publishableKey))
/// }
/// ```
struct LiveServer: Sendable {
    /// The admin token every live server accepts.
    static let adminToken = "lf_admin_EndToEnd0123456789abcdefghijklmn"

    /// The port the server listens on.
    let port: Int
    /// The SQLite file behind the server.
    let database: DatabaseLocation
    /// The application: its storage and click recorder, for checks the SDK cannot show.
    let landfall: LandfallApplication
    /// The browser and the admin's HTTP client; it never follows redirects.
    let http: HTTPClient

    /// The server's storage.
    var storage: SQLStorage { landfall.storage }

    /// `http://127.0.0.1:<port>`: the SDK's base URL and the browser's host.
    var baseURL: URL {
        // A scheme, a dotted IPv4 address and an integer port always make a valid URL.
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// A new SQLite database in a directory of its own, removed when the test process exits.
    static func freshDatabase() async throws -> DatabaseLocation {
        try await TestDatabases.fresh(.sqlite)
    }

    /// Runs a live server on `database` (a fresh one by default) for the length of `body`.
    ///
    /// The body's error is rethrown only after the server has stopped gracefully, so the database
    /// is closed and may be opened again by the next server.
    ///
    /// - Parameters:
    ///   - database: the SQLite file; a fresh one when nil.
    ///   - logger: the server's logger; warnings and errors through the process's handler by default.
    ///   - now: the server's wall clock; a ``ManualClock`` lets an install come a realistic while after
    ///     its click (one a second after is implausible, and the engine weighs it so).
    static func run<Value: Sendable>(
        database: DatabaseLocation? = nil,
        logger: Logger = TestDatabases.logger,
        now: @escaping @Sendable () -> Date = { Date() },
        _ body: @Sendable (LiveServer) async throws -> Value
    ) async throws -> Value {
        let location: DatabaseLocation
        if let database { location = database } else { location = try await freshDatabase() }
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, database: location, adminToken: adminToken)
        let landfall = try await buildApplication(configuration: configuration, logger: logger, now: now)
        let outcome: Result<Value, any Error> = try await landfall.application.test(.live) { client in
            let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
            let result: Result<Value, any Error>
            do {
                guard let port = client.port else { throw LiveServerError("the live test client has no port") }
                result = .success(try await body(LiveServer(port: port, database: location, landfall: landfall, http: http)))
            } catch {
                result = .failure(error)
            }
            try await http.shutdown()
            return result
        }
        return try outcome.get()
    }

    // MARK: - Requests

    /// Sends a request to the server and returns the answer, whatever its status.
    ///
    /// - Parameters:
    ///   - token: sent as `Authorization: Bearer <token>`.
    ///   - userAgent: the `User-Agent` header, for requests that play a browser.
    ///   - body: the request body and its content type.
    func send(
        _ method: HTTPMethod, _ path: String, token: String? = nil, userAgent: String? = nil,
        body: (text: String, contentType: String)? = nil
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: baseURL.absoluteString + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let userAgent { request.headers.add(name: "User-Agent", value: userAgent) }
        if let body {
            request.headers.add(name: "Content-Type", value: body.contentType)
            request.body = .bytes(ByteBuffer(string: body.text))
        }
        let response = try await http.execute(request, timeout: .seconds(20))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        return HTTPAnswer(status: Int(response.status.code), location: response.headers.first(name: "Location"), text: text)
    }

    /// Sends JSON and decodes the answer as a JSON object; any status outside `expected` throws.
    func json(
        _ method: HTTPMethod, _ path: String, token: String, body: String, expected: Set<Int> = [200, 201]
    ) async throws -> [String: Any] {
        let answer = try await send(method, path, token: token, body: (body, "application/json"))
        guard expected.contains(answer.status) else {
            throw LiveServerError("\(method.rawValue) \(path) answered \(answer.status): \(answer.text)")
        }
        return try answer.jsonObject()
    }
}

/// One HTTP answer as a test reads it.
struct HTTPAnswer: Sendable {
    var status: Int
    var location: String?
    var text: String

    /// The body as a JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw LiveServerError("the body is not a JSON object: \(text)")
        }
        return object
    }
}

/// A setup step answered something a test cannot go on with.
struct LiveServerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Wall time that moves only when a test says.
final class ManualClock: Sendable {
    private let current = NIOLockedValueBox(Date())

    var now: Date { current.withLockedValue { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0 += seconds }
    }
}
