import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

/// Every endpoint that reads a JSON body, with what it needs created first.
enum BodyEndpoint: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case createApp, patchApp, createKey, createLink, patchLink, createTemplate, patchTemplate, createSDKLink

    struct Target: Sendable {
        var method: HTTPRequest.Method
        var path: String
        var token: String
    }

    var testDescription: String { rawValue }

    /// Creates what the endpoint acts on and returns where to send the body.
    func target(on server: TestServer) async throws -> Target {
        let admin = TestServer.adminToken
        switch self {
        case .createApp:
            return Target(method: .post, path: "/api/apps", token: admin)
        case .patchApp:
            let app = try await server.createApp()
            return Target(method: .patch, path: "/api/apps/\(app.id)", token: admin)
        case .createKey:
            let app = try await server.createApp()
            return Target(method: .post, path: "/api/apps/\(app.id)/keys", token: admin)
        case .createLink:
            return Target(method: .post, path: "/api/links", token: try await server.createTenant().secretKey)
        case .patchLink:
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            return Target(method: .patch, path: "/api/links/\(link.id)", token: tenant.secretKey)
        case .createTemplate:
            return Target(method: .post, path: "/api/templates", token: try await server.createTenant().secretKey)
        case .patchTemplate:
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            return Target(method: .patch, path: "/api/templates/\(template.id)", token: tenant.secretKey)
        case .createSDKLink:
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            return Target(method: .post, path: "/api/sdk/v1/links", token: tenant.secretKey)
        }
    }

    /// A body with a string field sent as a number.
    var wrongTypeBody: String {
        switch self {
        case .createApp, .patchApp, .createTemplate, .patchTemplate: #"{"name": 5}"#
        case .createKey: #"{"kind": 5}"#
        case .createLink, .patchLink: #"{"originalUrl": 5}"#
        case .createSDKLink: #"{"title": ["not", "a", "string"]}"#
        }
    }

    /// A body without a required field (or, for a patch, clearing one); nil where nothing is required.
    var missingRequiredFieldBody: String? {
        switch self {
        case .createApp, .createTemplate: #"{"slug": "no-name"}"#
        case .patchApp, .patchTemplate: #"{"name": null}"#
        case .createLink: #"{"title": "No destination"}"#
        case .patchLink: #"{"originalUrl": null}"#
        case .createKey, .createSDKLink: nil
        }
    }

    static var withRequiredFields: [BodyEndpoint] { allCases.filter { $0.missingRequiredFieldBody != nil } }
    /// Endpoints where an empty body is an error (a key may be created without one).
    static var needingABody: [BodyEndpoint] { allCases.filter { $0 != .createKey } }
}

/// Every endpoint that takes an app's secret key.
enum SecretKeyEndpoint: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case createLink, listLinks, getLink, patchLink, deleteLink
    case createTemplate, listTemplates, getTemplate, patchTemplate, deleteTemplate
    case createSDKLink

    struct Request: Sendable {
        var method: HTTPRequest.Method
        var path: String
        var body: TestBody?

        init(_ method: HTTPRequest.Method, _ path: String, _ body: TestBody? = nil) {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    var testDescription: String { rawValue }

    /// The request to send, acting on `link` and `template` where the endpoint takes an id.
    func request(link: LinkJSON, template: TemplateJSON) -> Request {
        switch self {
        case .createLink: Request(.post, "/api/links", .json(#"{"originalUrl": "https://example.com"}"#))
        case .listLinks: Request(.get, "/api/links")
        case .getLink: Request(.get, "/api/links/\(link.id)")
        case .patchLink: Request(.patch, "/api/links/\(link.id)", .json(#"{"title": "x"}"#))
        case .deleteLink: Request(.delete, "/api/links/\(link.id)")
        case .createTemplate: Request(.post, "/api/templates", .json(#"{"name": "New"}"#))
        case .listTemplates: Request(.get, "/api/templates")
        case .getTemplate: Request(.get, "/api/templates/\(template.id)")
        case .patchTemplate: Request(.patch, "/api/templates/\(template.id)", .json(#"{"name": "x"}"#))
        case .deleteTemplate: Request(.delete, "/api/templates/\(template.id)")
        case .createSDKLink: Request(.post, "/api/sdk/v1/links", .json(#"{"title": "x"}"#))
        }
    }

    /// Runs `check` with the request for this endpoint on a tenant that has a link and a template.
    func withRequest(
        _ check: @Sendable (TestServer, Tenant, Request) async throws -> Void
    ) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let link = try await server.createLink(key: tenant.secretKey)
            let template = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            try await check(server, tenant, request(link: link, template: template))
        }
    }
}

/// Encodes a JSON object for a request body.
private func json(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

@Suite("Bad input: request bodies")
struct BadBodyTests {
    @Test(arguments: BodyEndpoint.allCases)
    func malformedJSONAnswers400InvalidJSON(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(target.method, target.path, token: target.token, body: .json(#"{"name": "Acme","#))
            expectAPIError(response, .badRequest, code: "invalid_json")
        }
    }

    @Test(arguments: BodyEndpoint.allCases)
    func wrongFieldTypeAnswers400InvalidField(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(target.method, target.path, token: target.token, body: .json(endpoint.wrongTypeBody))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: BodyEndpoint.withRequiredFields)
    func missingRequiredFieldAnswers400InvalidField(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let body = try #require(endpoint.missingRequiredFieldBody)
            let response = try await server.send(target.method, target.path, token: target.token, body: .json(body))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: BodyEndpoint.needingABody)
    func emptyBodyAnswers400MissingBody(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(target.method, target.path, token: target.token)
            expectAPIError(response, .badRequest, code: "missing_body")
        }
    }

    /// A body that is JSON but not an object is refused the same way by creates and patches.
    @Test(arguments: BodyEndpoint.allCases, ["[]", #"[{"name": "Acme"}]"#, #""Acme""#, "42", "true", "null"])
    func nonObjectJSONBodyAnswers400InvalidJSON(_ endpoint: BodyEndpoint, body: String) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(target.method, target.path, token: target.token, body: .json(body))
            expectAPIError(response, .badRequest, code: "invalid_json")
        }
    }

    @Test(arguments: BodyEndpoint.allCases, ["application/json; charset=utf-8", "application/merge-patch+json", "APPLICATION/JSON"])
    func jsonMediaTypesAreAccepted(_ endpoint: BodyEndpoint, contentType: String) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(
                target.method, target.path, token: target.token, body: .raw(endpoint.wrongTypeBody, contentType: contentType)
            )
            // Read and decoded, so the mistyped field is what is refused, not the media type.
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: BodyEndpoint.allCases, ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
    func nonJSONContentTypeAnswers415(_ endpoint: BodyEndpoint, contentType: String) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(
                target.method, target.path, token: target.token, body: .raw(#"{"name": "Acme"}"#, contentType: contentType)
            )
            expectAPIError(response, .unsupportedMediaType, code: "unsupported_media_type")
        }
    }

    @Test(arguments: BodyEndpoint.allCases)
    func bodyWithoutAContentTypeIsReadAsJSON(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let response = try await server.send(
                target.method, target.path, token: target.token, body: .raw(endpoint.wrongTypeBody, contentType: nil)
            )
            // Read and decoded, so the mistyped field is what is refused, not the media type.
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: BodyEndpoint.allCases)
    func bodyOver64KiBAnswers413(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let body = #"{"padding": "\#(String(repeating: "x", count: 64 * 1024))"}"#
            let response = try await server.send(target.method, target.path, token: target.token, body: .json(body))
            expectAPIError(response, .contentTooLarge, code: "body_too_large")
        }
    }

    @Test func bodyOfExactly64KiBIsAccepted() async throws {
        try await TestServer.run { server in
            let prefix = #"{"name": "Acme", "padding": ""#
            let suffix = #""}"#
            let body = prefix + String(repeating: "x", count: 64 * 1024 - prefix.utf8.count - suffix.utf8.count) + suffix
            #expect(body.utf8.count == 64 * 1024)
            let response = try await server.admin(.post, "/api/apps", body: .json(body))
            #expect(response.status == .created, "\(response.text.prefix(300))")
        }
    }

    @Test(arguments: BodyEndpoint.allCases)
    func deeplyNestedJSONAnswers400(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let target = try await endpoint.target(on: server)
            let depth = 5_000
            let body = #"{"name": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            let response = try await server.send(target.method, target.path, token: target.token, body: .json(body))
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(try response.decode(ErrorBody.self).error.code.hasPrefix("invalid_"))
        }
    }

    @Test(arguments: [BodyEndpoint.patchApp, .createKey])
    func bodyForAnUnknownAppAnswers404(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let path = endpoint == .patchApp ? "/api/apps/no-such-app" : "/api/apps/no-such-app/keys"
            let method: HTTPRequest.Method = endpoint == .patchApp ? .patch : .post
            let response = try await server.admin(method, path, body: .json(#"{"name": "Renamed"}"#))
            expectAPIError(response, .notFound, code: "app_not_found")
        }
    }

    @Test(arguments: [BodyEndpoint.patchLink, .patchTemplate])
    func patchOfAnUnknownResourceAnswers404(_ endpoint: BodyEndpoint) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let (path, code) =
                endpoint == .patchLink
                ? ("/api/links/no-such-link", "link_not_found") : ("/api/templates/no-such-template", "template_not_found")
            let response = try await server.send(.patch, path, token: tenant.secretKey, body: .json(#"{"title": "x"}"#))
            expectAPIError(response, .notFound, code: code)
        }
    }
}

@Suite("Bad input: credentials")
struct BadCredentialTests {
    /// The requests below fail only for their credential: with the app's secret key each succeeds.
    @Test(arguments: SecretKeyEndpoint.allCases)
    func theAppsSecretKeyIsAccepted(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, tenant, request in
            let response = try await server.send(request.method, request.path, token: tenant.secretKey, body: request.body)
            #expect((200..<300).contains(response.status.code), "\(response.status): \(response.text)")
        }
    }

    @Test(arguments: SecretKeyEndpoint.allCases)
    func missingKeyAnswers401(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, _, request in
            let response = try await server.send(request.method, request.path, body: request.body)
            expectAPIError(response, .unauthorized, code: "unauthorized")
            #expect(response.headers[.wwwAuthenticate] == "Bearer")
        }
    }

    @Test(arguments: SecretKeyEndpoint.allCases)
    func unknownKeyAnswers401(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, _, request in
            let response = try await server.send(
                request.method, request.path, token: "lf_sk_00000000000000000000000000000000", body: request.body)
            expectAPIError(response, .unauthorized, code: "unauthorized")
        }
    }

    @Test(arguments: SecretKeyEndpoint.allCases)
    func revokedKeyAnswers401(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, tenant, request in
            let revoked = try await server.createKey(appId: tenant.app.id)
            #expect(try await server.admin(.delete, "/api/apps/\(tenant.app.id)/keys/\(revoked.id)").status == .noContent)
            let response = try await server.send(request.method, request.path, token: revoked.token, body: request.body)
            expectAPIError(response, .unauthorized, code: "unauthorized")
        }
    }

    /// A publishable key may create share links (`PublishableLinkCreationTests`), nothing else here:
    /// `createLink` with a destination is refused for that field, `createSDKLink` is a share link.
    @Test(arguments: SecretKeyEndpoint.allCases.filter { $0 != .createSDKLink })
    func publishableKeyAnswers403(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, tenant, request in
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable)
            let response = try await server.send(request.method, request.path, token: publishable.token, body: request.body)
            expectAPIError(response, .forbidden, code: endpoint == .createLink ? "field_not_allowed" : "forbidden")
        }
    }

    @Test(arguments: SecretKeyEndpoint.allCases)
    func adminTokenIsNotAnAppKey(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, _, request in
            let response = try await server.send(request.method, request.path, token: TestServer.adminToken, body: request.body)
            expectAPIError(response, .unauthorized, code: "unauthorized")
        }
    }

    @Test(arguments: SecretKeyEndpoint.allCases)
    func keyOutsideABearerCredentialAnswers401(_ endpoint: SecretKeyEndpoint) async throws {
        try await endpoint.withRequest { server, tenant, request in
            for header in ["Basic \(tenant.secretKey)", tenant.secretKey, "Bearer", "Bearer    "] {
                let response = try await server.send(request.method, request.path, body: request.body, headers: [.authorization: header])
                expectAPIError(response, .unauthorized, code: "unauthorized")
            }
        }
    }

    @Test func credentialsAreCheckedBeforeTheBody() async throws {
        try await TestServer.run { server in
            let response = try await server.send(.post, "/api/links", body: .json(#"{"originalUrl": "#))
            expectAPIError(response, .unauthorized, code: "unauthorized")
            let apps = try await server.send(.post, "/api/apps", body: .json(#"{"name": "#))
            expectAPIError(apps, .unauthorized, code: "unauthorized")
        }
    }
}

@Suite("Bad input: paths and methods")
struct BadPathTests {
    @Test func unknownAPIPathsAnswer404JSON() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let requests: [(HTTPRequest.Method, String)] = [
                (.get, "/api"), (.get, "/api/linkz"), (.post, "/api/linkz"), (.get, "/api/links/a/b"),
                (.get, "/api/apps/x/y/z"), (.post, "/api/sdk/v1/nothing"),
            ]
            for (method, path) in requests {
                expectAPIError(try await server.send(method, path, token: tenant.secretKey), .notFound, code: "not_found")
            }
        }
    }

    @Test func methodsARouteDoesNotTakeAnswerJSON() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let requests: [(HTTPRequest.Method, String)] = [
                (.put, "/api/links"), (.delete, "/api/links"), (.put, "/api/apps/x"), (.patch, "/api/apps"), (.get, "/api/sdk/v1/links"),
            ]
            for (method, path) in requests {
                let response = try await server.send(method, path, token: tenant.secretKey)
                #expect([.notFound, .methodNotAllowed].contains(response.status), "\(method) \(path): \(response.status)")
                let code = try response.decode(ErrorBody.self).error.code
                #expect(["not_found", "method_not_allowed"].contains(code), "\(method) \(path): \(code)")
            }
        }
    }
}

@Suite("Bad input: URLs")
struct BadURLTests {
    static let unsafeURLs = [
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        " javascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "file:///etc/passwd",
        "vbscript:msgbox(1)",
        "ftp://example.com/file",
        "/relative/path",
        "example.com/no-scheme",
        "https://",
        "https://exa mple.com/",
        "https://example.com/\u{7}bell",
    ]

    static let linkURLFields = ["originalUrl", "webFallbackUrl", "iosAppStoreUrl", "androidAppStoreUrl", "ogImageUrl"]

    @Test(arguments: linkURLFields, unsafeURLs)
    func createLinkRefusesUnsafeURLs(field: String, url: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            var body: [String: Any] = ["originalUrl": "https://example.com/ok"]
            body[field] = url
            let response = try await server.send(.post, "/api/links", token: tenant.secretKey, body: .json(try json(body)))
            expectAPIError(response, .badRequest, code: "invalid_field")
            let links = try await server.send(.get, "/api/links", token: tenant.secretKey).decode(PageJSON<LinkJSON>.self)
            #expect(links.data.isEmpty)
        }
    }

    @Test(arguments: unsafeURLs)
    func patchLinkRefusesUnsafeURLs(url: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(
                .patch, "/api/links/\(link.id)", token: tenant.secretKey, body: .json(try json(["webFallbackUrl": url]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: unsafeURLs)
    func createTemplateRefusesUnsafeURLs(url: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/templates", token: tenant.secretKey, body: .json(try json(["name": "Spring", "originalUrl": url]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: unsafeURLs)
    func patchTemplateRefusesUnsafeURLs(url: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let template = try await server.createTemplate(key: tenant.secretKey, body: #"{"name": "Spring"}"#)
            let response = try await server.send(
                .patch, "/api/templates/\(template.id)", token: tenant.secretKey, body: .json(try json(["ogImageUrl": url]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["webFallbackUrl", "iosAppStoreUrl", "androidPlayStoreUrl"], unsafeURLs)
    func createAppRefusesUnsafeURLs(field: String, url: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": "Acme", field: url])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: unsafeURLs)
    func patchAppRefusesUnsafeURLs(url: String) async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(try json(["webFallbackUrl": url])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(
        arguments: ["iosUniversalLink", "androidAppLink"],
        [
            "javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "http://acme.test/insecure", "otherapp://p/1", "https://",
        ])
    func appLinksMustBeHTTPSOrTheAppsOwnScheme(field: String, url: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "uriScheme": "acme"}"#)
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey, body: .json(try json(["originalUrl": "https://acme.test", field: url]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["javascript", "data", "file", "http", "https", "1app", "my app", "otherapp"])
    func linkAppSchemeMustBeSafeAndTheAppsOwn(scheme: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "uriScheme": "acme"}"#)
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey,
                body: .json(try json(["originalUrl": "https://acme.test", "appScheme": scheme]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["javascript", "data", "file", "vbscript", "http", "https", "1app", "my app", "ac/me"])
    func appURISchemeMustBeSafe(scheme: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": "Acme", "uriScheme": scheme])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }
}

@Suite("Bad input: fields")
struct BadFieldTests {
    // MARK: Attribution window

    @Test(arguments: [0, -1, 2161, 100_000])
    func createAppRefusesAnAttributionWindowOutside1To2160(hours: Int) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(
                .post, "/api/apps", body: .json(#"{"name": "Acme", "attributionWindowHours": \#(hours)}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: [0, 2161])
    func patchAppRefusesAnAttributionWindowOutside1To2160(hours: Int) async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(
                .patch, "/api/apps/\(app.id)", body: .json(#"{"attributionWindowHours": \#(hours)}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
            #expect(try await server.admin(.get, "/api/apps/\(app.id)").decode(AppJSON.self).attributionWindowHours == 168)
        }
    }

    @Test(arguments: [0, 2161])
    func createLinkRefusesAnAttributionWindowOutside1To2160(hours: Int) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey,
                body: .json(#"{"originalUrl": "https://example.com", "attributionWindowHours": \#(hours)}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: [0, 2161])
    func createTemplateRefusesAnAttributionWindowOutside1To2160(hours: Int) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/templates", token: tenant.secretKey, body: .json(#"{"name": "Spring", "attributionWindowHours": \#(hours)}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: [1, 2160])
    func attributionWindowBoundsAreAccepted(hours: Int) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "attributionWindowHours": \#(hours)}"#)
            #expect(tenant.app.attributionWindowHours == hours)
            let link = try await server.createLink(
                key: tenant.secretKey, body: #"{"originalUrl": "https://example.com", "attributionWindowHours": \#(hours)}"#
            )
            #expect(link.content.attributionWindowHours == hours)
        }
    }

    @Test func attributionWindowGivenAsAStringAnswers400() async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(#"{"name": "Acme", "attributionWindowHours": "24"}"#))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    // MARK: App identity

    @Test(arguments: [
        "api", "health", "admin", "API", "a", "has space", "under_score", "-lead", "trail-", "dots.in.slug",
        String(repeating: "x", count: 41), "émoji",
    ])
    func createAppRefusesABadSlug(slug: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": "Acme", "slug": slug])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["Admin", "API", "A", "!!!"])
    func createAppRefusesANameWhoseDerivedSlugIsInvalid(name: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": name])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    /// An empty slug means "derive it", and a derived slug obeys the same rules as a given one.
    @Test(arguments: ["", "   "], ["Admin", "API", "A"])
    func createAppWithAnEmptySlugStillValidatesTheDerivedSlug(slug: String, name: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": name, "slug": slug])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["api", "a", "bad slug"])
    func patchAppRefusesABadSlug(slug: String) async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(try json(["slug": slug])))
            expectAPIError(response, .badRequest, code: "invalid_field")
            #expect(try await server.admin(.get, "/api/apps/\(app.id)").decode(AppJSON.self).slug == "acme")
        }
    }

    @Test(arguments: ["", "   ", String(repeating: "n", count: 101), "Tab\tName", "New\u{0}line"])
    func createAppRefusesABadName(name: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": name, "slug": "acme"])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: [
        "https://go.acme.test", "go.acme.test:8443", "go.acme.test/path", "", "-bad.test", "bad-.test", "bad..test",
        "under_score.test", "go acme.test", String(repeating: "x", count: 64) + ".test", "go.acme.test.",
    ])
    func createAppRefusesABadDomain(domain: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": "Acme", "domains": [domain]])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test func createAppRefusesMoreThan20Domains() async throws {
        try await TestServer.run { server in
            let domains = (0...20).map { "d\($0).acme.test" }
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": "Acme", "domains": domains])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test func patchAppRefusesABadDomain() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            let response = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"domains": ["https://x.test"]}"#))
            expectAPIError(response, .badRequest, code: "invalid_field")
            #expect(try await server.admin(.get, "/api/apps/\(app.id)").decode(AppJSON.self).domains == ["go.acme.test"])
        }
    }

    @Test(arguments: ["ABC", "ABCDE1234!", "ABCDEFGHIJK", "ABCD-12345", "ABCDE 1234"])
    func createAppRefusesABadTeamId(teamId: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(
                .post, "/api/apps", body: .json(try json(["name": "Acme", "iosTeamId": teamId, "iosBundleIds": ["com.acme.shop"]]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test func bundleIdsNeedATeamId() async throws {
        try await TestServer.run { server in
            let response = try await server.admin(
                .post, "/api/apps", body: .json(#"{"name": "Acme", "iosBundleIds": ["com.acme.shop"]}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test func patchAppCannotClearTheTeamIdOfItsBundleIds() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(#"{"name": "Acme", "iosTeamId": "ABCDE12345", "iosBundleIds": ["com.acme.shop"]}"#)
            let response = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"iosTeamId": null}"#))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["shop", "com..acme", "1com.acme", "com.acme shop", "com.acme.", ".com.acme"])
    func createAppRefusesABadBundleOrPackageId(identifier: String) async throws {
        try await TestServer.run { server in
            let ios = try await server.admin(
                .post, "/api/apps", body: .json(try json(["name": "Acme", "iosTeamId": "ABCDE12345", "iosBundleIds": [identifier]]))
            )
            expectAPIError(ios, .badRequest, code: "invalid_field")
            let android = try await server.admin(
                .post, "/api/apps", body: .json(try json(["name": "Acme", "androidPackageName": identifier]))
            )
            expectAPIError(android, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: [
        "AB:CD",
        String(repeating: "A", count: 63),
        String(repeating: "A", count: 66),
        String(repeating: "ZZ", count: 32),
        String(repeating: "AB", count: 20),
        String(repeating: "AB:", count: 31) + "GG",
    ])
    func createAppRefusesABadCertificateFingerprint(fingerprint: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(
                .post, "/api/apps",
                body: .json(
                    try json([
                        "name": "Acme", "androidPackageName": "com.acme.shop", "androidSha256CertFingerprints": [fingerprint],
                    ]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["abc", "id12a", "id", "12 34"])
    func createAppRefusesABadAppStoreId(appStoreId: String) async throws {
        try await TestServer.run { server in
            let response = try await server.admin(.post, "/api/apps", body: .json(try json(["name": "Acme", "iosAppStoreId": appStoreId])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    // MARK: Keys

    @Test(arguments: [
        #"{"kind": "admin"}"#, #"{"kind": ""}"#, #"{"kind": "SECRET"}"#, #"{"name": "\#(String(repeating: "k", count: 101))"}"#,
    ])
    func createKeyRefusesABadKindOrName(body: String) async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let response = try await server.admin(.post, "/api/apps/\(app.id)/keys", body: .json(body))
            expectAPIError(response, .badRequest, code: "invalid_field")
            #expect(try await server.admin(.get, "/api/apps/\(app.id)/keys").decode(PageJSON<KeyJSON>.self).data.isEmpty)
        }
    }

    // MARK: Short codes and template slugs

    static let badCustomCodes = [
        "api", "API", "health", "admin", "v1", "well-known", "ab", "has space", "slash/code", "dot.code", "ünï",
        String(repeating: "x", count: 65), "",
    ]

    @Test(arguments: badCustomCodes)
    func createLinkRefusesABadCustomCode(code: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey,
                body: .json(try json(["originalUrl": "https://example.com", "customCode": code]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: badCustomCodes)
    func sdkCreateLinkRefusesABadCustomCode(code: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant(#"{"name": "Acme", "webFallbackUrl": "https://acme.test"}"#)
            let response = try await server.send(
                .post, "/api/sdk/v1/links", token: tenant.secretKey, body: .encoded(CreateLinkOptions(customCode: code))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["api", "v1", "static", "well-known", "x", "Bad Slug", "under_score"])
    func createTemplateRefusesABadSlug(slug: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/templates", token: tenant.secretKey, body: .json(try json(["name": "Spring", "slug": slug]))
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["Dashboard", "!!!"])
    func createTemplateRefusesANameWhoseDerivedSlugIsInvalid(name: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(.post, "/api/templates", token: tenant.secretKey, body: .json(try json(["name": name])))
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    // MARK: Other link fields

    @Test(arguments: [
        #""deepLinkPath": "product/42""#,
        #""deepLinkPath": "/has space""#,
        #""expiresAt": "next tuesday""#,
        #""expiresAt": 1767225600"#,
        #""isActive": "yes""#,
        #""targetingRules": {"countries": ["USA"]}"#,
        #""targetingRules": {"devices": ["tablet"]}"#,
        #""targetingRules": {"languages": ["english"]}"#,
        #""utmParameters": {"source": 5}"#,
        #""deepLinkParameters": {"a": 1}"#,
        #""deepLinkParameters": {"": "empty key"}"#,
        #""externalUserId": 42"#,
        #""title": "\#(String(repeating: "t", count: 301))""#,
    ])
    func createLinkRefusesABadField(field: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(
                .post, "/api/links", token: tenant.secretKey, body: .json(#"{"originalUrl": "https://example.com", \#(field)}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }

    @Test(arguments: ["limit=0", "limit=201", "limit=ten", "cursor=not-a-cursor", "isActive=yes"])
    func listLinksRefusesABadQuery(query: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let response = try await server.send(.get, "/api/links?\(query)", token: tenant.secretKey)
            expectAPIError(response, .badRequest, code: "invalid_field")
        }
    }
}
