import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// Issue 20: LinkForty's official SDKs, unchanged, against Landfall.
///
/// Every request of ``LinkFortySDKFixtures`` is replayed with the headers, query and body bytes that SDK
/// sends and the publishable key an app ships, and every answer is decoded the way THAT SDK decodes it
/// (the mirrors below: the same required fields and types, with a plain `JSONDecoder`), so a missing
/// field, a wrong type or a 4xx fails the test for the SDK it would break.
@Suite("LinkForty's official SDKs replayed against Landfall")
struct LinkFortyCompatibilityTests {
    enum OfficialSDK: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case iOS, android, reactNative, expo, flutter

        var fixtures: LinkFortySDKFixtures.SDK {
            switch self {
            case .iOS: LinkFortySDKFixtures.iOS
            case .android: LinkFortySDKFixtures.android
            case .reactNative: LinkFortySDKFixtures.reactNative
            case .expo: LinkFortySDKFixtures.expo
            case .flutter: LinkFortySDKFixtures.flutter
            }
        }

        var testDescription: String { fixtures.name }

        /// The SDKs whose `createLink` calls `POST /api/sdk/v1/links` when no template id is given.
        static var withSDKLinkEndpoint: [OfficialSDK] { allCases.filter { $0.fixtures.createLink != nil } }
    }

    static let host = "go.mealtime.test"
    static let phoneAddress = "198.51.100.23"
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    // MARK: - Replaying

    static func headers(_ pairs: [(String, String)], address: String? = phoneAddress) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields[HTTPField.Name(name)!] = value }
        if let address { fields[forwardedFor] = address }
        return fields
    }

    /// Sends a JSON body exactly as the SDK does (its Content-Type comes from its header list).
    static func post(_ server: TestServer, _ sdk: OfficialSDK, _ path: String, key: String, body: String, address: String = phoneAddress)
        async throws -> TestResponse
    {
        try await server.send(
            .post, path, token: key, host: host, body: .raw(body, contentType: nil),
            headers: headers(sdk.fixtures.postHeaders, address: address)
        )
    }

    static func get(_ server: TestServer, _ sdk: OfficialSDK, _ path: String, key: String) async throws -> TestResponse {
        try await server.send(.get, path, token: key, host: host, headers: headers(sdk.fixtures.getHeaders))
    }

    static func expect2xx(_ response: TestResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            (200..<300).contains(Int(response.status.code)), "\(what) answered \(response.status.code): \(response.text)",
            sourceLocation: sourceLocation)
    }

    static func data(_ response: TestResponse) -> Data { Data(response.text.utf8) }

    /// The attribution setup (app, publishable key, the `pasta` link) with the test phone's click 10 minutes ago.
    static func withClick(_ body: @Sendable @escaping (TestServer, Tenant, String, LinkJSON) async throws -> Void) async throws {
        try await AttributionFlowTests.withSetup { server, tenant, publishable, link in
            _ = try await AttributionFlowTests.click(server, AttributionFlowTests.Phone(address: phoneAddress))
            server.clock.advance(by: 600)
            try await body(server, tenant, publishable, link)
        }
    }

    /// Reports the SDK's install and returns the install id the SDK would keep.
    static func install(_ server: TestServer, _ sdk: OfficialSDK, key: String) async throws -> String {
        let response = try await post(server, sdk, "/api/sdk/v1/install", key: key, body: sdk.fixtures.install)
        guard (200..<300).contains(Int(response.status.code)) else { throw TestServerError(unexpected: response) }
        return try decodeInstall(sdk, data(response)).installId
    }

    // MARK: - Install

    @Test(arguments: OfficialSDK.allCases)
    func installIsAnsweredInTheShapeTheSDKDecodes(_ sdk: OfficialSDK) async throws {
        try await Self.withClick { server, _, publishable, link in
            let response = try await Self.post(server, sdk, "/api/sdk/v1/install", key: publishable, body: sdk.fixtures.install)
            Self.expect2xx(response, "install")
            let answer = try Self.decodeInstall(sdk, Self.data(response))
            #expect(!answer.installId.isEmpty)
            if sdk == .iOS {
                // The iOS fixture carries the clicking phone's own fingerprint: the deferred deep link must
                // reach the app, which means decoding under the iOS SDK's rules, not being dropped by them.
                #expect(answer.attributed)
            }
            if answer.attributed {
                let deepLink = try #require(
                    answer.deepLink, "attributed, but \(sdk.fixtures.name) would drop the deepLinkData: \(response.text)")
                #expect(deepLink.shortCode == "pasta")
                #expect(deepLink.linkId == link.id)
                #expect(deepLink.customParameters == ["recipe": "42"])
            }
            // A relaunch: the iOS SDK reports the install on every launch, the others on the first only;
            // either way the same bytes again must not fail.
            Self.expect2xx(
                try await Self.post(server, sdk, "/api/sdk/v1/install", key: publishable, body: sdk.fixtures.install), "repeated install")
        }
    }

    // MARK: - Resolve

    @Test(arguments: OfficialSDK.allCases)
    func resolveWithTheFingerprintQueryIsAnsweredInTheShapeTheSDKDecodes(_ sdk: OfficialSDK) async throws {
        try await AttributionFlowTests.withSetup { server, tenant, publishable, link in
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Recipes", "slug": "rc", "originalUrl": "https://mealtime.test/r"}"#
            )
            let soup = try await server.createLink(
                key: tenant.secretKey,
                body: #"{"templateId": "\#(template.id)", "customCode": "soup", "deepLinkParameters": {"dish": "soup"}}"#
            )

            let plain = try await Self.get(server, sdk, sdk.fixtures.resolveShortCode, key: publishable)
            Self.expect2xx(plain, "resolve /pasta")
            let pasta = try Self.decodeResolved(sdk, Self.data(plain))
            #expect(pasta.shortCode == "pasta")
            #expect(pasta.linkId == link.id)
            #expect(pasta.customParameters == ["recipe": "42"])

            let templated = try await Self.get(server, sdk, sdk.fixtures.resolveTemplated, key: publishable)
            Self.expect2xx(templated, "resolve /rc/soup")
            let resolved = try Self.decodeResolved(sdk, Self.data(templated))
            #expect(resolved.shortCode == "soup")
            #expect(resolved.linkId == soup.id)
            #expect(resolved.customParameters == ["dish": "soup"])
        }
    }

    // MARK: - Events

    @Test(arguments: OfficialSDK.allCases)
    func eventsAreAcceptedAndAnsweredInTheShapeTheSDKDecodes(_ sdk: OfficialSDK) async throws {
        try await Self.withClick { server, _, publishable, link in
            let installId = try await Self.install(server, sdk, key: publishable)
            for (index, fixture) in sdk.fixtures.events.enumerated() {
                let body = LinkFortySDKFixtures.fill(fixture, installId: installId, linkId: link.id)
                let response = try await Self.post(server, sdk, "/api/sdk/v1/event", key: publishable, body: body)
                Self.expect2xx(response, "event \(index)")
                if (200..<300).contains(Int(response.status.code)) { try Self.decodeEventResponse(sdk, Self.data(response)) }
            }
            let stored = try await server.storage.events(installId: installId)
            #expect(stored.count == sdk.fixtures.events.count)
            #expect(stored.allSatisfy { $0.revenueMicros == nil })
        }
    }

    // MARK: - Revenue

    @Test(arguments: OfficialSDK.allCases)
    func revenueIsStoredExactlyAndShowsInTheOverview(_ sdk: OfficialSDK) async throws {
        try await Self.withClick { server, tenant, publishable, link in
            let installId = try await Self.install(server, sdk, key: publishable)
            var expected: [String: Decimal] = [:]
            for (index, revenue) in sdk.fixtures.revenues.enumerated() {
                let body = LinkFortySDKFixtures.fill(revenue.body, installId: installId, linkId: link.id)
                let response = try await Self.post(server, sdk, "/api/sdk/v1/event", key: publishable, body: body)
                Self.expect2xx(response, "revenue \(index) (\(revenue.amount) \(revenue.currency))")
                if (200..<300).contains(Int(response.status.code)) { try Self.decodeEventResponse(sdk, Self.data(response)) }
                expected[revenue.currency, default: 0] += try #require(Decimal(string: revenue.amount))
            }

            let stored = try await server.storage.events(installId: installId)
            let micros = try sdk.fixtures.revenues.map { revenue -> Int64 in
                let amount = try #require(Decimal(string: revenue.amount)) * 1_000_000
                return NSDecimalNumber(decimal: amount).int64Value
            }
            #expect(
                stored.compactMap(\.revenueMicros).sorted() == micros.sorted(),
                "stored: \(stored.map { "\($0.revenueMicros.map(String.init) ?? "nil") \($0.revenueCurrency ?? "nil")" })")

            let report = try await server.send(.get, "/api/analytics/overview?from=2025-12-01&to=2026-02-01", token: tenant.secretKey)
            #expect(report.status == .ok, "\(report.text)")
            let rows = try #require(try report.jsonObject()["revenue"] as? [[String: Any]], "\(report.text)")
            var shown: [String: Decimal] = [:]
            for row in rows {
                let currency = try #require(row["currency"] as? String)
                let amount = try #require(row["amount"] as? String, "amount is not a decimal string: \(row)")
                // An amount that is not a decimal leaves its currency out, which the comparison below reports.
                shown[currency] = Decimal(string: amount)
            }
            #expect(shown == expected, "overview revenue: \(report.text)")
        }
    }

    // MARK: - Link creation

    /// An app with a web fallback (so a link needs no template), its publishable key, and a server
    /// trusting `X-Forwarded-For`.
    static func withShareApp(_ body: @Sendable @escaping (TestServer, Tenant, String) async throws -> Void) async throws {
        try await TestServer.run(configure: { $0.trustProxy = true }) { server in
            let tenant = try await server.createTenant(
                #"{"name": "Mealtime", "domains": ["go.mealtime.test"], "webFallbackUrl": "https://mealtime.test"}"#
            )
            let publishable = try await server.createKey(appId: tenant.app.id, kind: .publishable).token
            try await body(server, tenant, publishable)
        }
    }

    @Test(arguments: OfficialSDK.withSDKLinkEndpoint)
    func createLinkWithThePublishableKeyIsAnsweredInTheShapeTheSDKDecodes(_ sdk: OfficialSDK) async throws {
        try await Self.withShareApp { server, tenant, publishable in
            let body = try #require(sdk.fixtures.createLink)
            let response = try await Self.post(server, sdk, "/api/sdk/v1/links", key: publishable, body: body, address: "203.0.113.9")
            Self.expect2xx(response, "createLink")
            guard (200..<300).contains(Int(response.status.code)) else { return }
            let result = try Self.decodeCreateLink(sdk, Self.data(response))
            #expect(result.url.hasSuffix("/\(result.shortCode)"))
            let stored = try await server.send(.get, "/api/links/\(result.linkId)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.shortCode == result.shortCode)
            #expect(stored.content.deepLinkParameters == ["route": "product", "productId": "789"])
            #expect(stored.content.title == "Check out this product!")
            #expect(stored.content.utmParameters == UTMParameters(source: "in_app_share", medium: "referral"))
            #expect(stored.externalUserId == "user-42")
        }
    }

    @Test(arguments: OfficialSDK.allCases)
    func createLinkWithATemplateIdAndThePublishableKeyIsAnsweredInTheShapeTheSDKDecodes(_ sdk: OfficialSDK) async throws {
        try await Self.withShareApp { server, tenant, publishable in
            let template = try await server.createTemplate(
                key: tenant.secretKey, body: #"{"name": "Recipes", "slug": "rc", "originalUrl": "https://mealtime.test/r"}"#
            )
            let body = LinkFortySDKFixtures.fill(sdk.fixtures.createLinkWithTemplate, templateId: template.id)
            let response = try await Self.post(server, sdk, "/api/links", key: publishable, body: body, address: "203.0.113.9")
            Self.expect2xx(response, "createLink with templateId (POST /api/links)")
            guard (200..<300).contains(Int(response.status.code)) else { return }
            let (id, shortCode) = try Self.decodeDashboardLink(sdk, Self.data(response))
            let stored = try await server.send(.get, "/api/links/\(id)", token: tenant.secretKey).decode(LinkJSON.self)
            #expect(stored.shortCode == shortCode)
            #expect(stored.templateId == template.id)
        }
    }

    // MARK: - Decoding as each SDK does

    struct InstallAnswer { var installId: String; var attributed: Bool; var deepLink: ResolvedLink? }
    struct ResolvedLink: Equatable { var shortCode: String; var linkId: String?; var customParameters: [String: String]? }

    static func decodeInstall(_ sdk: OfficialSDK, _ data: Data) throws -> InstallAnswer {
        switch sdk {
        case .iOS, .android:
            let answer = try JSONDecoder().decode(NativeWire.InstallResponse.self, from: data)
            if let error = answer.deepLinkDataError {
                throw TestServerError("deepLinkData that \(sdk.fixtures.name) cannot decode: \(error)")
            }
            if sdk == .iOS, let clickedAt = answer.deepLinkData?.clickedAt { try NativeWire.requireIOSDate(clickedAt) }
            return InstallAnswer(installId: answer.installId, attributed: answer.attributed, deepLink: answer.deepLinkData.map(\.summary))
        case .reactNative, .expo:
            let answer = try JSONDecoder().decode(JSWire.InstallResponse.self, from: data)
            return InstallAnswer(installId: answer.installId, attributed: answer.attributed, deepLink: answer.deepLinkData?.summary)
        case .flutter:
            let answer = try JSONDecoder().decode(FlutterWire.InstallResponse.self, from: data)
            if let error = answer.deepLinkDataError {
                throw TestServerError("deepLinkData that \(sdk.fixtures.name) cannot decode: \(error)")
            }
            return InstallAnswer(installId: answer.installId, attributed: answer.attributed, deepLink: answer.deepLinkData.map(\.summary))
        }
    }

    static func decodeResolved(_ sdk: OfficialSDK, _ data: Data) throws -> ResolvedLink {
        switch sdk {
        case .iOS, .android:
            let link = try JSONDecoder().decode(NativeWire.DeepLinkData.self, from: data)
            if sdk == .iOS, let clickedAt = link.clickedAt { try NativeWire.requireIOSDate(clickedAt) }
            return link.summary
        case .reactNative, .expo:
            return try JSONDecoder().decode(JSWire.DeepLinkData.self, from: data).summary
        case .flutter:
            return try JSONDecoder().decode(FlutterWire.DeepLinkData.self, from: data).summary
        }
    }

    static func decodeEventResponse(_ sdk: OfficialSDK, _ data: Data) throws {
        switch sdk {
        case .iOS, .android:
            #expect(try JSONDecoder().decode(NativeWire.EventResponse.self, from: data).success)
        case .reactNative, .expo:
            // Both only need the 2xx body to be JSON (`response.json()`); nothing of it is read.
            _ = try JSONSerialization.jsonObject(with: data)
        case .flutter:
            #expect(try JSONDecoder().decode(FlutterWire.EventResponse.self, from: data).success)
        }
    }

    static func decodeCreateLink(_ sdk: OfficialSDK, _ data: Data) throws -> (url: String, shortCode: String, linkId: String) {
        switch sdk {
        case .iOS, .android:
            let result = try JSONDecoder().decode(NativeWire.CreateLinkResult.self, from: data)
            return (result.url, result.shortCode, result.linkId)
        case .reactNative, .expo:
            return try JSONDecoder().decode(JSWire.SDKLinkResponse.self, from: data).result()
        case .flutter:
            throw TestServerError("the Flutter SDK never calls POST /api/sdk/v1/links")
        }
    }

    static func decodeDashboardLink(_ sdk: OfficialSDK, _ data: Data) throws -> (id: String, shortCode: String) {
        switch sdk {
        case .iOS, .android, .reactNative, .expo:
            let answer = try JSONDecoder().decode(NativeWire.DashboardCreateLinkResponse.self, from: data)
            return (answer.id, answer.shortCode)
        case .flutter:
            let answer = try JSONDecoder().decode(FlutterWire.DashboardCreateLinkResponse.self, from: data)
            return (answer.id, answer.shortCode)
        }
    }
}

// MARK: - What the SDKs decode

/// LinkForty iOS (Swift `Codable`, `JSONDecoder()` with default settings) and Android (Moshi Kotlin codegen)
/// decode the same fields with the same types: a non-optional field must be present, not null, and of its
/// type; an optional one may be absent or null but, when present, must have its type.
///
/// - iOS: `Models/InstallResponse.swift` @ 4d1f0258, `Models/DeepLinkData.swift` @ 16328e83,
///   `Models/EventResponse.swift` @ 9c3ff14e, `Models/CreateLinkOptions.swift` (CreateLinkResult,
///   DashboardCreateLinkResponse) with `deduplicated` read since `LinkForty.swift` @ 0853b014.
/// - Android: `models/InstallResponse.kt`, `DeepLinkData.kt` @ 1e44dd28, `EventResponse.kt`,
///   `CreateLinkResult.kt` @ 9fbe1566, `DashboardCreateLinkResponse.kt` @ fca377c4.
enum NativeWire {
    struct UTMParameters: Decodable {
        var source: String?
        var medium: String?
        var campaign: String?
        var term: String?
        var content: String?
    }

    struct DeepLinkData: Decodable {
        var shortCode: String
        var iosUrl: String?
        var androidUrl: String?
        var webUrl: String?
        var utmParameters: UTMParameters?
        var customParameters: [String: String]?
        var deepLinkPath: String?
        var appScheme: String?
        /// iOS reads a string and parses it with `ISO8601DateFormatter()`; Android keeps the string.
        var clickedAt: String?
        var linkId: String?

        var summary: LinkFortyCompatibilityTests.ResolvedLink {
            .init(shortCode: shortCode, linkId: linkId, customParameters: customParameters)
        }
    }

    /// `deepLinkData` is decoded leniently by both (an undecodable one becomes nil, so an organic
    /// `{}` passes); the error is kept so a test can insist an attributed install's link survives.
    struct InstallResponse: Decodable {
        var installId: String
        var attributed: Bool
        var confidenceScore: Double
        var matchedFactors: [String]
        var deepLinkData: DeepLinkData?
        var deepLinkDataError: String?

        enum CodingKeys: String, CodingKey { case installId, attributed, confidenceScore, matchedFactors, deepLinkData }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            installId = try container.decode(String.self, forKey: .installId)
            attributed = try container.decode(Bool.self, forKey: .attributed)
            confidenceScore = try container.decode(Double.self, forKey: .confidenceScore)
            matchedFactors = try container.decode([String].self, forKey: .matchedFactors)
            do {
                deepLinkData = try container.decodeIfPresent(DeepLinkData.self, forKey: .deepLinkData)
            } catch {
                deepLinkData = nil
                // `{}` for an organic install is the case the SDKs tolerate on purpose.
                if attributed { deepLinkDataError = "\(error)" }
            }
        }
    }

    struct EventResponse: Decodable { var success: Bool }

    struct CreateLinkResult: Decodable {
        var url: String
        var shortCode: String
        var linkId: String
        var deduplicated: Bool?
    }

    /// `POST /api/links`: the iOS and Android SDKs read `id` and `short_code` and build the URL themselves;
    /// React Native and Expo read the same two keys.
    struct DashboardCreateLinkResponse: Decodable {
        var id: String
        var shortCode: String
        enum CodingKeys: String, CodingKey {
            case id
            case shortCode = "short_code"
        }
    }

    /// The iOS SDK parses `clickedAt` with a default `ISO8601DateFormatter`, which refuses fractional seconds.
    static func requireIOSDate(_ text: String) throws {
        guard ISO8601DateFormatter().date(from: text) != nil else {
            throw TestServerError("clickedAt \(text) does not parse with ISO8601DateFormatter(); the iOS SDK would lose it")
        }
    }
}

/// LinkForty React Native (`src/LinkFortySDK.ts`, `src/types.ts`) and Expo (`src/linkforty-sdk.ts`,
/// `src/attribution/attribution-manager.ts`): `response.json()` then fields used as their TypeScript types
/// declare. The install id is stored with `AsyncStorage.setItem`, which takes only a string.
enum JSWire {
    struct DeepLinkData: Decodable {
        var shortCode: String
        var iosUrl: String?
        var androidUrl: String?
        var webUrl: String?
        var utmParameters: NativeWire.UTMParameters?
        var customParameters: [String: String]?
        var deepLinkPath: String?
        var appScheme: String?
        var clickedAt: String?
        var linkId: String?

        var summary: LinkFortyCompatibilityTests.ResolvedLink {
            .init(shortCode: shortCode, linkId: linkId, customParameters: customParameters)
        }
    }

    struct InstallResponse: Decodable {
        var installId: String
        var attributed: Bool
        var confidenceScore: Double
        var matchedFactors: [String]
        /// `DeepLinkData | {}` when organic in the type; the SDKs read it only when `attributed`.
        var deepLinkData: DeepLinkData?

        enum CodingKeys: String, CodingKey { case installId, attributed, confidenceScore, matchedFactors, deepLinkData }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            installId = try container.decode(String.self, forKey: .installId)
            attributed = try container.decode(Bool.self, forKey: .attributed)
            confidenceScore = try container.decode(Double.self, forKey: .confidenceScore)
            matchedFactors = try container.decode([String].self, forKey: .matchedFactors)
            deepLinkData = attributed ? try container.decode(DeepLinkData.self, forKey: .deepLinkData) : nil
        }
    }

    /// `POST /api/sdk/v1/links`: `url` must be truthy (otherwise the SDK takes the dashboard path and reads
    /// `short_code`), then `shortCode || short_code`, `linkId || id`, `deduplicated`.
    struct SDKLinkResponse: Decodable {
        var url: String
        var shortCode: String?
        var shortCodeSnake: String?
        var linkId: String?
        var id: String?
        var deduplicated: Bool?

        enum CodingKeys: String, CodingKey {
            case url, shortCode, linkId, id, deduplicated
            case shortCodeSnake = "short_code"
        }

        func result() throws -> (url: String, shortCode: String, linkId: String) {
            guard !url.isEmpty, let code = [shortCode, shortCodeSnake].compactMap({ $0 }).first(where: { !$0.isEmpty }),
                let link = [linkId, id].compactMap({ $0 }).first(where: { !$0.isEmpty })
            else {
                throw TestServerError("createLink answer without a url, short code or link id")
            }
            return (url, code, link)
        }
    }
}

/// LinkForty Flutter (json_serializable `fromJson`, a `Map<String, dynamic>` cast first):
/// `lib/models/install_response.g.dart` @ fe6df337 (`confidenceScore as num`, lenient `deepLinkData`),
/// `lib/models/deep_link_data.dart` @ 5f68a332 (`clickedAt` through `DateTime.parse`, lenient),
/// `EventResponse` (`success` as bool, per `test/models/event_response_test.dart`), and
/// `DashboardCreateLinkResponse` with `id` and `shortCode` (per `test/models/dashboard_create_link_response_test.dart`).
enum FlutterWire {
    typealias DeepLinkData = NativeWire.DeepLinkData

    struct InstallResponse: Decodable {
        var installId: String
        var attributed: Bool
        var confidenceScore: Double
        var matchedFactors: [String]
        var deepLinkData: DeepLinkData?
        var deepLinkDataError: String?

        enum CodingKeys: String, CodingKey { case installId, attributed, confidenceScore, matchedFactors, deepLinkData }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            installId = try container.decode(String.self, forKey: .installId)
            attributed = try container.decode(Bool.self, forKey: .attributed)
            confidenceScore = try container.decode(Double.self, forKey: .confidenceScore)
            matchedFactors = try container.decode([String].self, forKey: .matchedFactors)
            do {
                deepLinkData = try container.decodeIfPresent(DeepLinkData.self, forKey: .deepLinkData)
            } catch {
                deepLinkData = nil
                if attributed { deepLinkDataError = "\(error)" }
            }
        }
    }

    struct EventResponse: Decodable { var success: Bool }

    struct DashboardCreateLinkResponse: Decodable {
        var id: String
        var shortCode: String
    }
}
