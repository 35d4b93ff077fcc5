import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallModels
@testable import LandfallServer
import LandfallStore
import Testing

/// `GET /api/v1.0|v2.0/conversion-value` (AppsFlyer's SDK-less API): shapes, status codes and its documentation's own URLs.
@Suite("SKAdNetwork conversion-value routes")
struct ConversionValueRouteTests {
    /// Revenue buckets in bits 0-1, four event flags in bits 2-5; `renewal` is high and locks.
    static let schemaJSON = """
        {"currency": "USD", "exchangeRates": {"EUR": 2},
         "revenue": {"bit": 0, "thresholds": [1, 5, 10]},
         "events": [{"name": "signup", "bit": 2}, {"name": "tutorial", "bit": 3}, {"name": "subscribe", "bit": 4}, {"name": "share", "bit": 5}],
         "coarse": [{"value": "medium", "events": ["signup"]}, {"value": "high", "minRevenue": 10}, {"value": "high", "windows": [3], "events": ["renewal"]}],
         "lockEvents": ["renewal"]}
        """

    /// An app with App Store id 123456789, its keys, schema and dev key.
    struct Setup: Sendable {
        var appId: String
        var appStoreId = "123456789"
        var secretKey: String
        var publishable: String
        var devKey: String

        /// The request path (and headers for the header form) of a conversion-value request.
        func signed(
            version: Int, uid: String, appId: String, timestamp: String, form: ConversionSignature.Form, sdkVersion: String? = "sdk_less"
        ) -> (path: String, headers: HTTPFields) {
            let signature = ConversionSignature.sign(
                ConversionSignature.message(form, timestamp: timestamp, devKey: devKey, appId: appId, uid: uid), devKey: devKey
            )
            var path = "/api/v\(version).0/conversion-value?uid=\(uid)&app_id=\(appId)" + (sdkVersion.map { "&sdk_version=\($0)" } ?? "")
            var headers = HTTPFields()
            switch form {
            case .query: path += "&af_sig=\(signature)&af_timestamp=\(timestamp)"
            case .header:
                headers[.authorization] = signature
                headers[HTTPField.Name("Af-Timestamp")!] = timestamp
            }
            return (path, headers)
        }

        /// A query-signed request at the server's current time, in seconds.
        func now(_ server: TestServer, version: Int = 2, uid: String, appId: String? = nil) -> (path: String, headers: HTTPFields) {
            signed(
                version: version, uid: uid, appId: appId ?? appStoreId, timestamp: "\(Int64(server.clock.now.timeIntervalSince1970))",
                form: .query)
        }
    }

    static func withSetup(
        clock: TestClock = TestClock(), schema: String? = schemaJSON, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable @escaping (TestServer, Setup) async throws -> Void
    ) async throws {
        try await TestServer.run(clock: clock, configure: configure) { server in
            let tenant = try await server.createTenant(#"{"name": "Mealtime", "iosAppStoreId": "123456789"}"#)
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            if let schema {
                let stored = try await server.admin(.put, "/api/apps/\(tenant.app.id)/skan-schema", body: .json(schema))
                guard stored.status == .ok else { throw TestServerError(unexpected: stored) }
            }
            let key = try await server.admin(.post, "/api/apps/\(tenant.app.id)/skan-dev-key")
            guard key.status == .created, let devKey = try key.jsonObject()["devKey"] as? String else {
                throw TestServerError(unexpected: key)
            }
            try await body(server, Setup(appId: tenant.app.id, secretKey: tenant.secretKey, publishable: publishable, devKey: devKey))
        }
    }

    /// The setup plus one install reported through the SDK endpoint.
    static func withInstall(schema: String? = schemaJSON, _ body: @Sendable @escaping (TestServer, Setup, String) async throws -> Void)
        async throws
    {
        try await withSetup(schema: schema) { server, setup in
            try await body(server, setup, try await install(server, setup))
        }
    }

    static func install(_ server: TestServer, _ setup: Setup) async throws -> String {
        let response = try await server.send(
            .post, "/api/sdk/v1/install", token: setup.publishable,
            body: .json(AttributionFlowTests.Phone(address: "198.51.100.7").installBody())
        )
        guard response.status == .ok || response.status == .created else { throw TestServerError(unexpected: response) }
        return try response.decode(InstallResponse.self).installId
    }

    static func event(_ server: TestServer, _ setup: Setup, _ installId: String, _ name: String, amount: String? = nil) async throws {
        let data = amount.map { #", "eventData": {"amount": \#($0), "currency": "USD"}"# } ?? ""
        let response = try await server.send(
            .post, "/api/sdk/v1/event", token: setup.publishable,
            body: .json(#"{"installId": "\#(installId)", "eventName": "\#(name)"\#(data)}"#)
        )
        guard response.status == .created else { throw TestServerError(unexpected: response) }
    }

    // MARK: Shapes

    @Test func v1AnswersTheFineValueAlone() async throws {
        try await Self.withInstall { server, setup, installId in
            try await Self.event(server, setup, installId, "signup")
            try await Self.event(server, setup, installId, "purchase", amount: "5.00")
            let request = setup.now(server, version: 1, uid: installId)
            let response = try await server.send(.get, request.path)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(response.text == #"{"value":6}"#)
        }
    }

    @Test func v2AnswersAllFiveFieldsInTheSeedsOrder() async throws {
        try await Self.withInstall { server, setup, installId in
            try await Self.event(server, setup, installId, "signup")
            let request = setup.now(server, uid: installId, appId: "id123456789")
            let response = try await server.send(.get, request.path)
            let nextWindow = Int64(TestServer.startDate.timeIntervalSince1970) + 3 * 86_400
            #expect(
                response.text
                    == #"{"value":4,"coarse_value":"medium","lock":false,"next_w_time":\#(nextWindow),"postback_sequence_index":0}"#)
        }
    }

    @Test func theValueFollowsTheInstallThroughItsWindowsAndNeverDrops() async throws {
        try await Self.withInstall { server, setup, installId in
            try await Self.event(server, setup, installId, "signup")
            try await Self.event(server, setup, installId, "purchase", amount: "12")
            var response = try await server.send(.get, setup.now(server, uid: installId).path)
            #expect(response.text.hasPrefix(#"{"value":7,"coarse_value":"high","lock":false,"#))
            // A schema change that would give less does not lower what was served in this window.
            let smaller = #"{"events": [{"name": "signup", "bit": 0}]}"#
            #expect(try await server.admin(.put, "/api/apps/\(setup.appId)/skan-schema", body: .json(smaller)).status == .ok)
            server.clock.advance(by: 60)
            response = try await server.send(.get, setup.now(server, uid: installId).path)
            #expect(response.text.hasPrefix(#"{"value":7,"coarse_value":"high","#))
            // Window 2 (day 3): a fresh window under the new schema; the fine value is its window-1 value.
            server.clock.advance(by: 3 * 86_400)
            response = try await server.send(.get, setup.now(server, uid: installId).path)
            #expect(response.text.hasPrefix(#"{"value":1,"coarse_value":"low","lock":false,"#))
            #expect(response.text.hasSuffix(#""postback_sequence_index":1}"#))
            // Past day 35 the install has expired.
            server.clock.advance(by: 33 * 86_400)
            expectAPIError(try await server.send(.get, setup.now(server, uid: installId).path), .notFound, code: "uid_expired")
        }
    }

    // MARK: Errors

    @Test func malformedRequestsAnswer400() async throws {
        try await Self.withInstall { server, setup, installId in
            let good = setup.now(server, uid: installId).path
            for (path, code) in [
                (good.replacingOccurrences(of: "uid=\(installId)&", with: ""), "missing_parameter"),
                (good.replacingOccurrences(of: "app_id=123456789&", with: ""), "missing_parameter"),
                (good.replacingOccurrences(of: "app_id=123456789", with: "app_id=com.example.app"), "invalid_parameter"),
                (good.replacingOccurrences(of: "uid=\(installId)", with: "uid="), "invalid_parameter"),
                (good.replacingOccurrences(of: "uid=\(installId)", with: "uid=a%20b"), "invalid_parameter"),
                (String(good.prefix(upTo: good.range(of: "&af_sig")!.lowerBound)), "missing_parameter"),
                (good.replacingOccurrences(of: "&af_timestamp=", with: "&af_timestamp=x"), "invalid_parameter"),
                (String(good.prefix(upTo: good.range(of: "&af_timestamp")!.lowerBound)), "missing_parameter"),
            ] {
                expectAPIError(try await server.send(.get, path), .badRequest, code: code)
            }
            let headerOnly = setup.signed(version: 2, uid: installId, appId: "123456789", timestamp: "1", form: .header)
            var headers = headerOnly.headers
            headers[HTTPField.Name("Af-Timestamp")!] = nil
            expectAPIError(try await server.send(.get, headerOnly.path, headers: headers), .badRequest, code: "missing_parameter")
        }
    }

    @Test func unknownUidsOtherAppsInstallsAndUnknownAppsAreRefused() async throws {
        try await Self.withInstall { server, setup, installId in
            expectAPIError(try await server.send(.get, setup.now(server, uid: "no-such-install").path), .notFound, code: "uid_not_found")
            // An install of another app is not found through this app's id.
            let other = try await server.createTenant(#"{"name": "Other", "iosAppStoreId": "987654321"}"#)
            let otherKey = try await server.createKey(appId: other.app.id, kind: .publishable).token
            let foreign = try await Self.install(
                server, Setup(appId: other.app.id, secretKey: other.secretKey, publishable: otherKey, devKey: ""))
            expectAPIError(try await server.send(.get, setup.now(server, uid: foreign).path), .notFound, code: "uid_not_found")
            // No app has this App Store id; or the app has no dev key: nothing can verify.
            expectAPIError(
                try await server.send(.get, setup.now(server, uid: installId, appId: "id555").path), .unauthorized,
                code: "invalid_signature")
            var otherSetup = setup
            otherSetup.appStoreId = "987654321"
            expectAPIError(try await server.send(.get, otherSetup.now(server, uid: foreign).path), .unauthorized, code: "invalid_signature")
        }
    }

    @Test func anAppWithoutASchemaAnswers404() async throws {
        try await Self.withInstall(schema: nil) { server, setup, installId in
            expectAPIError(
                try await server.send(.get, setup.now(server, uid: installId).path), .notFound, code: "conversion_schema_missing")
        }
    }

    @Test func aBusyServerAnswers503WithRetryAfter() async throws {
        try await Self.withInstall { server, setup, installId in
            let storage = server.storage
            let clock = server.clock
            let router = Router(context: LandfallRequestContext.self)
            router.add(middleware: ErrorMiddleware())
            ConversionValueController(
                storage: storage, directory: ConversionAppDirectory(storage: storage, revision: { 0 }, now: { clock.uptime }),
                service: ConversionValueService(storage: storage, now: { clock.now }), gate: ConversionLoadGate(limit: 0),
                now: { clock.now }
            ).register(on: router)
            let request = setup.now(server, uid: installId)
            try await Application(router: router).test(.router) { client in
                let response = try await client.execute(uri: request.path, method: .get)
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                #expect(String(buffer: response.body).contains("server_busy"))
            }
            // The busy answer claimed nothing: the same signature still passes on the real server.
            #expect(try await server.send(.get, request.path).status == .ok)
        }
    }

    @Test func theLoadGateCountsSlots() {
        let gate = ConversionLoadGate(limit: 2)
        #expect(gate.tryEnter() && gate.tryEnter())
        #expect(gate.tryEnter() == false)
        gate.leave()
        #expect(gate.tryEnter())
        #expect(gate.current == 2)
    }
}
