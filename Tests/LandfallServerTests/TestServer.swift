import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import NIOCore
import Testing

/// A Landfall server on its own temporary SQLite file, driven in-process through Hummingbird's test client.
///
/// `run` builds the application with ``TestServer/adminToken`` as its admin token, port 0 and the
/// public URL ``TestServer/publicURL``, runs its services (database, click recorder) for the length
/// of the body, then deletes the database directory. Every request helper returns the raw
/// `TestResponse`, so a test asserts status, headers and body itself.
///
/// ```swift
/// try await TestServer.run { server in
///     let tenant = try await server.createTenant()
///     let response = try await server.send(
///         .post, "/api/links", token: tenant.secretKey, body: .json(#"{"originalUrl": "https://example.com/a"}"#)
///     )
///     #expect(response.status == .created)
///     let link = try response.decode(LinkJSON.self)
/// }
/// ```
struct TestServer: Sendable {
    /// The admin token every test server accepts.
    static let adminToken = "lf_admin_TestToken0123456789abcdefghijklmn"
    /// The base of short URLs for apps without a domain.
    static let publicURL = "https://links.test"
    /// 2026-01-01T00:00:00Z: where a ``TestClock`` starts unless told otherwise.
    static let startDate = Date(timeIntervalSince1970: 1_767_225_600)

    /// The application under test: its storage, click recorder and services.
    let landfall: LandfallApplication
    /// The clock the server reads as `now`.
    let clock: TestClock
    private let client: any TestClientProtocol

    /// The port of a `.live` server (nil in-process), for a real client such as a browser.
    var port: Int? { client.port }

    /// The server's storage, for checks a route cannot show.
    var storage: SQLStorage { landfall.storage }

    /// Builds a server on a new temporary SQLite file, runs `body` against it, then removes the file.
    ///
    /// - Parameters:
    ///   - setup: `.router` (in-process, the default) or `.live` where a real socket matters.
    ///   - clock: the wall clock the server reads; fixed at ``startDate`` unless a test advances it.
    ///   - configure: changes to the configuration before the application is built (trustProxy, …).
    ///   - logger: the server's logger; by default one that shows warnings and errors only.
    ///   - body: the test, given the running server.
    static func run<Value: Sendable>(
        setup: TestingSetup = .router,
        clock: TestClock = TestClock(),
        configure: (inout ServerConfiguration) -> Void = { _ in },
        logger: Logger? = nil,
        _ body: @Sendable (TestServer) async throws -> Value
    ) async throws -> Value {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("landfall-server-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var configuration = ServerConfiguration(
            host: "127.0.0.1",
            port: 0,
            database: try await TestDatabases.migratedSQLite(in: directory),
            adminToken: adminToken,
            publicURL: publicURL
        )
        // The watcher takes note of the shared catalog revision at start and not again: a poll in
        // the middle of a test would empty the caches whose hits tests count. Tests of what another
        // process changed call `storage.observeSharedCatalogRevision()` themselves.
        configuration.catalogPollInterval = .seconds(3600)
        configure(&configuration)
        let logger =
            logger
            ?? {
                var logger = Logger(label: "landfall.tests")
                // Quiet for passing tests; a 500 (logged at error) still shows.
                logger.logLevel = .warning
                return logger
            }()
        let landfall = try await buildApplication(
            configuration: configuration, logger: logger, now: { clock.now }, uptime: { clock.uptime })
        // A failing body comes back as a value, so the services always stop by graceful shutdown (the
        // database closes its connections) rather than by the cancellation a thrown error causes.
        let outcome: Result<Value, any Error> = try await landfall.application.test(setup) { client in
            do {
                return .success(try await body(TestServer(landfall: landfall, clock: clock, client: client)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    // MARK: - Requests

    /// Sends a request and returns the answer, whatever its status.
    ///
    /// - Parameters:
    ///   - token: sent as `Authorization: Bearer <token>`.
    ///   - host: sent as the `Host` header (well-known files and redirects are chosen by host).
    ///   - body: the request body; see ``TestBody``.
    ///   - headers: any further headers; they win over the ones this method sets.
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        token: String? = nil,
        host: String? = nil,
        body: TestBody? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let host { headers[Self.hostField] = host }
        var buffer: ByteBuffer?
        if let body {
            let encoded = try body.encoded()
            buffer = ByteBuffer(string: encoded.text)
            if let contentType = encoded.contentType { headers[.contentType] = contentType }
        }
        for field in extra { headers[field.name] = field.value }
        return try await client.execute(uri: path, method: method, headers: headers, body: buffer)
    }

    /// Sends a request with the admin token.
    func admin(_ method: HTTPRequest.Method, _ path: String, body: TestBody? = nil) async throws -> TestResponse {
        try await send(method, path, token: Self.adminToken, body: body)
    }

    // MARK: - Setup

    /// Creates an app through `POST /api/apps` (body as JSON text) and returns it.
    func createApp(_ json: String = #"{"name": "Acme"}"#) async throws -> AppJSON {
        try await expecting(.created, from: admin(.post, "/api/apps", body: .json(json)))
    }

    /// Issues a key of `kind` (`secret` or `publishable`) for the app and returns it with its plaintext.
    func createKey(appId: String, kind: APIKeyRecord.Kind = .secret) async throws -> IssuedKey {
        let key: KeyJSON = try await expecting(
            .created, from: admin(.post, "/api/apps/\(appId)/keys", body: .json(#"{"kind": "\#(kind.rawValue)"}"#))
        )
        guard let plaintext = key.key else { throw TestServerError("key creation answered without the key") }
        return IssuedKey(id: key.id, appId: key.appId, token: plaintext)
    }

    /// Creates an app (body as JSON text) and a secret key for it.
    func createTenant(_ json: String = #"{"name": "Acme"}"#) async throws -> Tenant {
        let app = try await createApp(json)
        return Tenant(app: app, secretKey: try await createKey(appId: app.id).token)
    }

    /// Creates a link through `POST /api/links` with the secret `key`; a 200 (deduplicated) or 201 passes.
    func createLink(key: String, body json: String = #"{"originalUrl": "https://example.com/landing"}"#) async throws -> LinkJSON {
        let response = try await send(.post, "/api/links", token: key, body: .json(json))
        guard response.status == .created || response.status == .ok else { throw TestServerError(unexpected: response) }
        return try response.decode(LinkJSON.self)
    }

    /// Creates a template through `POST /api/templates` with the secret `key`.
    func createTemplate(key: String, body json: String) async throws -> TemplateJSON {
        try await expecting(.created, from: send(.post, "/api/templates", token: key, body: .json(json)))
    }

    /// The clicks stored for a link, after writing every buffered one.
    func clicks(linkId: String, appId: String) async throws -> [ClickRecord] {
        try await landfall.clicks.flush()
        return try await storage.clicks(linkId: linkId, appId: appId)
    }

    private func expecting<Value: Decodable>(_ status: HTTPResponse.Status, from response: TestResponse) throws -> Value {
        guard response.status == status else { throw TestServerError(unexpected: response) }
        return try response.decode(Value.self)
    }

    // "Host" is a valid field name, so this cannot fail.
    private static let hostField = HTTPField.Name("Host")!
}

/// A request body as a test sends it.
enum TestBody: Sendable {
    /// JSON text sent exactly as written, as `application/json`: it may be malformed or mistyped on purpose.
    case json(String)
    /// A value encoded with `LandfallJSON.makeEncoder()`, as `application/json`.
    case encoded(any Encodable & Sendable)
    /// Text with the given content type, or with no `Content-Type` header when nil.
    case raw(String, contentType: String?)

    func encoded() throws -> (text: String, contentType: String?) {
        switch self {
        case .json(let text):
            (text, "application/json")
        case .encoded(let value):
            (String(decoding: try LandfallJSON.makeEncoder().encode(value), as: UTF8.self), "application/json")
        case .raw(let text, let contentType):
            (text, contentType)
        }
    }
}

/// A wall clock tests read, set, advance and step; the server reads it as `now`, and its monotonic
/// clock (`uptime`) moves with every advance but not with a step.
///
/// `@unchecked Sendable` is safe: `current` and `elapsed` are private and only read or written while
/// `lock` is held.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var elapsed: Duration = .zero
    private let origin = ContinuousClock.now

    init(_ start: Date = TestServer.startDate) {
        current = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The server's monotonic clock: only ``advance(by:)`` moves it.
    var uptime: ContinuousClock.Instant {
        lock.lock()
        defer { lock.unlock() }
        return origin + elapsed
    }

    /// Time passing: both clocks move.
    func advance(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        current += seconds
        elapsed += .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// An NTP step: the wall clock jumps (back when negative), no time passes.
    func step(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        current += seconds
    }
}

/// A setup step answered something other than what it needs.
struct TestServerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    init(unexpected response: TestResponse) {
        description = "unexpected \(response.status.code): \(response.text)"
    }
}

// MARK: - Answers

extension TestResponse {
    /// The body as UTF-8 text.
    var text: String { String(buffer: body) }

    /// The body decoded with `LandfallJSON.makeDecoder()`.
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try LandfallJSON.makeDecoder().decode(type, from: Data(text.utf8))
    }

    /// The body as a JSON object, to check which keys are present.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestServerError("the body is not a JSON object: \(text)")
        }
        return object
    }
}

/// Expects an error answer: `status`, a JSON content type and an `ErrorBody` whose code is `code`.
func expectAPIError(
    _ response: TestResponse,
    _ status: HTTPResponse.Status,
    code: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, "body: \(response.text)", sourceLocation: sourceLocation)
    #expect(
        response.headers[.contentType]?.hasPrefix("application/json") == true,
        "content-type: \(response.headers[.contentType] ?? "none")", sourceLocation: sourceLocation
    )
    do {
        let body = try response.decode(ErrorBody.self)
        #expect(body.error.code == code, "message: \(body.error.message)", sourceLocation: sourceLocation)
        #expect(!body.error.message.isEmpty, sourceLocation: sourceLocation)
    } catch {
        Issue.record("not an ErrorBody: \(response.text)", sourceLocation: sourceLocation)
    }
}

// MARK: - Wire shapes, decoded independently of the server's own types

/// An app as `/api/apps` shows it.
struct AppJSON: Decodable, Sendable {
    var id: String
    var name: String
    var slug: String
    var domains: [String]
    var iosTeamId: String?
    var iosBundleIds: [String]
    var iosAppStoreUrl: String?
    var iosAppStoreId: String?
    var androidPackageName: String?
    var androidSha256CertFingerprints: [String]
    var androidPlayStoreUrl: String?
    var uriScheme: String?
    var webFallbackUrl: String?
    var attributionWindowHours: Int
    var createdAt: Date
    var updatedAt: Date
}

/// A key as `/api/apps/:appId/keys` shows it; `key` only in the answer that created it.
struct KeyJSON: Decodable, Sendable {
    var id: String
    var appId: String
    var kind: String
    var name: String
    var prefix: String
    var createdAt: Date
    var revokedAt: Date?
    var key: String?
}

/// A link as `/api/links` shows it: identity beside its content fields.
struct LinkJSON: Decodable, Sendable {
    var id: String
    var appId: String
    var shortCode: String
    var url: String
    var linkId: String
    var snakeShortCode: String
    var templateId: String?
    var templateSlug: String?
    var externalUserId: String?
    var isActive: Bool
    var expiresAt: Date?
    var createdAt: Date
    var updatedAt: Date
    var deduplicated: Bool?
    var content: LinkContent

    enum CodingKeys: String, CodingKey {
        case id, appId, shortCode, url, linkId, templateId, templateSlug, externalUserId, isActive, expiresAt
        case createdAt, updatedAt, deduplicated
        case snakeShortCode = "short_code"
    }

    init(from decoder: any Decoder) throws {
        content = try LinkContent(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        appId = try container.decode(String.self, forKey: .appId)
        shortCode = try container.decode(String.self, forKey: .shortCode)
        url = try container.decode(String.self, forKey: .url)
        linkId = try container.decode(String.self, forKey: .linkId)
        snakeShortCode = try container.decode(String.self, forKey: .snakeShortCode)
        templateId = try container.decodeIfPresent(String.self, forKey: .templateId)
        templateSlug = try container.decodeIfPresent(String.self, forKey: .templateSlug)
        externalUserId = try container.decodeIfPresent(String.self, forKey: .externalUserId)
        isActive = try container.decode(Bool.self, forKey: .isActive)
        expiresAt = try container.decodeIfPresent(Date.self, forKey: .expiresAt)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        deduplicated = try container.decodeIfPresent(Bool.self, forKey: .deduplicated)
    }
}

/// A template as `/api/templates` shows it: identity beside its default link fields.
struct TemplateJSON: Decodable, Sendable {
    var id: String
    var appId: String
    var name: String
    var slug: String
    var createdAt: Date
    var updatedAt: Date
    var defaults: LinkContent

    enum CodingKeys: String, CodingKey { case id, appId, name, slug, createdAt, updatedAt }

    init(from decoder: any Decoder) throws {
        defaults = try LinkContent(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        appId = try container.decode(String.self, forKey: .appId)
        name = try container.decode(String.self, forKey: .name)
        slug = try container.decode(String.self, forKey: .slug)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
    }
}

/// A list answer: `{"data": [...], "nextCursor": "..."}` (`nextCursor` only where lists page).
struct PageJSON<Item: Decodable & Sendable>: Decodable, Sendable {
    var data: [Item]
    var nextCursor: String?
}

/// A key as issued: its id and its one-time plaintext.
struct IssuedKey: Sendable {
    var id: String
    var appId: String
    var token: String
}

/// An app and a secret key for it: what the link and template routes need.
struct Tenant: Sendable {
    var app: AppJSON
    var secretKey: String
}
