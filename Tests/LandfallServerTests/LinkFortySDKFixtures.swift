import Foundation

/// What LinkForty's official SDKs put on the wire, written out by hand (issue 20).
///
/// Each fixture is the request one SDK sends, in the shape its own encoder produces: key order,
/// escaping, which optional keys are left out or sent as `null`, how a date and a `Double` are
/// printed. They were taken from reading each SDK's public source (repository, file and commit
/// named beside every fixture); no SDK code is copied here. Device values (screen, time zone, …)
/// are those of the test phone in ``AttributionFlowTests`` where the SDK reports native pixels,
/// so the iOS and Android installs can be attributed to its click.
///
/// Placeholders filled at run time: `$INSTALL_ID`, `$LINK_ID`, `$TEMPLATE_ID`.
enum LinkFortySDKFixtures {
    /// One official SDK: how it identifies itself, and each request it makes.
    struct SDK: Sendable {
        /// e.g. `LinkForty iOS SDK 1.4.0`.
        var name: String
        /// Headers on a request with a JSON body (besides `Authorization: Bearer <key>`).
        var postHeaders: [(String, String)]
        /// Headers on a GET (every SDK sets `Content-Type: application/json` there too).
        var getHeaders: [(String, String)]
        /// `POST /api/sdk/v1/install`.
        var install: String
        /// The path and query of `GET /api/sdk/v1/resolve/…` for the opened URL
        /// `https://go.mealtime.test/pasta?ref=share`.
        var resolveShortCode: String
        /// The same for a templated link, `https://go.mealtime.test/rc/soup`.
        var resolveTemplated: String
        /// `POST /api/sdk/v1/event` from `trackEvent` (and `trackScreenView` where the SDK has it).
        var events: [String]
        /// `POST /api/sdk/v1/event` from `trackRevenue`, each with the amount the analytics must show.
        var revenues: [(body: String, amount: String, currency: String)]
        /// `POST /api/sdk/v1/links` from `createLink` without a template id; nil when the SDK never calls it.
        var createLink: String?
        /// `POST /api/links` from `createLink` with a template id.
        var createLinkWithTemplate: String
    }

    static let sessionId = "3f2c6a0e-8d1b-4c7e-9a55-2b7f0c1d4e6a"

    // MARK: - iOS

    /// LinkForty/mobile-sdk-ios, SDK version 1.4.0 (`Sources/LinkFortySDK/SDKInfo.swift` @ 199e680e).
    ///
    /// - Transport, `Network/NetworkManager.swift` @ 199e680e: `JSONEncoder()` with default settings,
    ///   `Content-Type: application/json`, `X-LinkForty-SDK: ios/1.4.0`, `Authorization: Bearer <apiKey>`
    ///   when configured; the User-Agent is URLSession's own. Apple's encoder escapes `/` as `\/`, and
    ///   optionals are left out (synthesised `encodeIfPresent`).
    /// - Install, `Fingerprint/DeviceFingerprint.swift` @ 398f1fc6 + `FingerprintCollector.swift` @ 199e680e:
    ///   language is `Locale.identifier` (`en_US`), screen in native pixels, `sdkName`/`sdkVersion` added in 1.4.0.
    /// - Resolve, `DeepLink/DeepLinkHandler.swift` @ 16328e83: last two path segments; query from
    ///   `URLComponents.percentEncodedQuery` (a `/` stays unescaped).
    /// - Events, `Events/EventTracker.swift` + `Models/EventRequest.swift` @ 199e680e: `timestamp` from
    ///   `ISO8601DateFormatter` (no fractional seconds), attribution stamp from
    ///   `Attribution/AttributionContext.swift` @ 879ab6d7; `trackRevenue` sends event `revenue` with
    ///   `eventData.revenue = NSDecimalNumber(decimal:).doubleValue` and `eventData.currency`.
    /// - Links, `LinkForty.swift` @ 0853b014 + `Models/CreateLinkOptions.swift`.
    static let iOS = SDK(
        name: "LinkForty iOS SDK 1.4.0",
        postHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "ios/1.4.0"), ("Accept", "*/*"),
            ("User-Agent", "Mealtime/4.2.1 CFNetwork/1568.200.51 Darwin/24.1.0"), ("Accept-Language", "en-US,en;q=0.9"),
        ],
        getHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "ios/1.4.0"), ("Accept", "*/*"),
            ("User-Agent", "Mealtime/4.2.1 CFNetwork/1568.200.51 Darwin/24.1.0"),
        ],
        install: #"""
            {"userAgent":"Mealtime\/4.2.1 iOS\/17.4","timezone":"America\/Chicago","language":"en_US","screenWidth":1179,"screenHeight":2556,"platform":"iOS","platformVersion":"17.4","appVersion":"4.2.1","attributionWindowHours":168,"sdkName":"ios","sdkVersion":"1.4.0"}
            """#,
        resolveShortCode: "/api/sdk/v1/resolve/pasta?fp_tz=America/Chicago&fp_lang=en_US&fp_sw=1179&fp_sh=2556&fp_platform=iOS&fp_pv=17.4",
        resolveTemplated:
            "/api/sdk/v1/resolve/rc/soup?fp_tz=America/Chicago&fp_lang=en_US&fp_sw=1179&fp_sh=2556&fp_platform=iOS&fp_pv=17.4",
        events: [
            #"""
            {"installId":"$INSTALL_ID","eventName":"add_to_cart","eventData":{"productId":"789","price":29.99,"tags":["a","b"],"gift":false},"timestamp":"2026-01-01T00:12:00Z","sdkName":"ios","sdkVersion":"1.4.0","attributedLinkId":"$LINK_ID","linkOpenedAt":"2026-01-01T00:10:00Z","sessionId":"3f2c6a0e-8d1b-4c7e-9a55-2b7f0c1d4e6a"}
            """#,
            #"""
            {"installId":"$INSTALL_ID","eventName":"screen_view","eventData":{"screen":"ProductDetail","previousScreen":"Home"},"timestamp":"2026-01-01T00:12:01Z","sdkName":"ios","sdkVersion":"1.4.0","attributedLinkId":"$LINK_ID","linkOpenedAt":"2026-01-01T00:10:00Z","sessionId":"3f2c6a0e-8d1b-4c7e-9a55-2b7f0c1d4e6a"}
            """#,
            // An event the offline queue (`Events/EventQueue.swift`) sends again two days later: the same
            // bytes, with the timestamp of when it happened.
            #"""
            {"installId":"$INSTALL_ID","eventName":"signup","eventData":{},"timestamp":"2025-12-30T09:00:00Z","sdkName":"ios","sdkVersion":"1.4.0","sessionId":"3f2c6a0e-8d1b-4c7e-9a55-2b7f0c1d4e6a"}
            """#,
        ],
        revenues: [
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"productId":"789","orderId":"order_123","revenue":4.99,"currency":"USD"},"timestamp":"2026-01-01T00:12:02Z","sdkName":"ios","sdkVersion":"1.4.0","attributedLinkId":"$LINK_ID","linkOpenedAt":"2026-01-01T00:10:00Z","sessionId":"3f2c6a0e-8d1b-4c7e-9a55-2b7f0c1d4e6a"}
                """#, "4.99", "USD"
            ),
            // The same Double as an encoder that prints 17 significant digits writes it (Foundation's
            // JSONSerialization-backed JSONEncoder on older Apple systems).
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"revenue":4.9900000000000002,"currency":"EUR"},"timestamp":"2026-01-01T00:12:03Z","sdkName":"ios","sdkVersion":"1.4.0","sessionId":"3f2c6a0e-8d1b-4c7e-9a55-2b7f0c1d4e6a"}
                """#, "4.99", "EUR"
            ),
        ],
        createLink: #"""
            {"deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!","utmParameters":{"source":"in_app_share","medium":"referral"},"externalUserId":"user-42"}
            """#,
        createLinkWithTemplate: #"""
            {"templateId":"$TEMPLATE_ID","templateSlug":"rc","deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!","externalUserId":"user-42"}
            """#
    )

    // MARK: - Android

    /// LinkForty/mobile-sdk-android, SDK version 1.3.1 (`gradle.properties` @ 3dd4ac0a, `VERSION_NAME`).
    ///
    /// - Transport, `network/NetworkManager.kt` @ 1c40b271 + `network/HttpClient.kt` @ fca377c4: Moshi
    ///   (nulls left out, declared key order, `Double.toString` for numbers: `1.0E7`, `5.0`); OkHttp sends the
    ///   body as `application/json; charset=utf-8` (its media type replaces the header the SDK sets), and
    ///   `User-Agent: okhttp/4.x`; `X-LinkForty-SDK: android/1.3.1`; `Authorization: Bearer <apiKey>`.
    /// - Install, `fingerprint/DeviceFingerprint.kt` @ 1c40b271 + `FingerprintCollector.kt` @ db4e5752:
    ///   `Locale.toLanguageTag()` (`en-US`), screen in pixels, `appToken` when the app configured one.
    /// - Resolve, `deeplink/DeepLinkHandler.kt` @ 0167a248: last two path segments, `URLEncoder` query.
    /// - Events, `events/EventTracker.kt` @ 0eebfa9c + `models/EventRequest.kt` @ 1c40b271:
    ///   `Instant.now().toString()` (fractional seconds, up to nanoseconds); `trackRevenue(BigDecimal)`
    ///   sends event `revenue` with `eventData.revenue = amount.toDouble()`.
    /// - Links, `LinkForty.kt` @ 1c40b271 + `models/CreateLinkOptions.kt` @ 9fbe1566.
    static let android = SDK(
        name: "LinkForty Android SDK 1.3.1",
        postHeaders: [
            ("Content-Type", "application/json; charset=utf-8"), ("X-LinkForty-SDK", "android/1.3.1"),
            ("User-Agent", "okhttp/4.12.0"), ("Accept-Encoding", "gzip"), ("Connection", "Keep-Alive"),
        ],
        getHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "android/1.3.1"),
            ("User-Agent", "okhttp/4.12.0"), ("Accept-Encoding", "gzip"),
        ],
        install: #"""
            {"userAgent":"Mealtime/4.2.1 Android/14","timezone":"America/Chicago","language":"en-US","screenWidth":1080,"screenHeight":2400,"platform":"Android","platformVersion":"14","appVersion":"4.2.1","attributionWindowHours":168,"appToken":"at_0123456789abcdef0123456789abcdef","sdkName":"android","sdkVersion":"1.3.1"}
            """#,
        resolveShortCode:
            "/api/sdk/v1/resolve/pasta?fp_tz=America%2FChicago&fp_lang=en-US&fp_sw=1080&fp_sh=2400&fp_platform=Android&fp_pv=14",
        resolveTemplated:
            "/api/sdk/v1/resolve/rc/soup?fp_tz=America%2FChicago&fp_lang=en-US&fp_sw=1080&fp_sh=2400&fp_platform=Android&fp_pv=14",
        events: [
            #"""
            {"installId":"$INSTALL_ID","eventName":"add_to_cart","eventData":{"productId":"789","price":29.99,"quantity":2},"timestamp":"2026-01-01T00:12:00.123456Z","sdkName":"android","sdkVersion":"1.3.1","attributedLinkId":"$LINK_ID","linkOpenedAt":"2026-01-01T00:10:00.987654321Z","sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
            """#,
            #"""
            {"installId":"$INSTALL_ID","eventName":"screen_view","eventData":{"screen":"ProductDetail","previousScreen":"Home"},"timestamp":"2026-01-01T00:12:01.5Z","sdkName":"android","sdkVersion":"1.3.1","sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
            """#,
            #"""
            {"installId":"$INSTALL_ID","eventName":"signup","eventData":{},"timestamp":"2025-12-30T09:00:00.120Z","sdkName":"android","sdkVersion":"1.3.1","sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
            """#,
        ],
        revenues: [
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"productId":"789","revenue":4.99,"currency":"USD"},"timestamp":"2026-01-01T00:12:02.001Z","sdkName":"android","sdkVersion":"1.3.1","sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
                """#, "4.99", "USD"
            ),
            // `BigDecimal("10000000").toDouble()` as Moshi writes it: Java's `Double.toString`.
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"revenue":1.0E7,"currency":"JPY"},"timestamp":"2026-01-01T00:12:03.002Z","sdkName":"android","sdkVersion":"1.3.1","sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
                """#, "10000000", "JPY"
            ),
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"revenue":5.0,"currency":"GBP"},"timestamp":"2026-01-01T00:12:04.003Z","sdkName":"android","sdkVersion":"1.3.1","sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}
                """#, "5", "GBP"
            ),
        ],
        createLink: #"""
            {"deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!","utmParameters":{"source":"in_app_share","medium":"referral"},"externalUserId":"user-42"}
            """#,
        createLinkWithTemplate: #"""
            {"templateId":"$TEMPLATE_ID","templateSlug":"rc","deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!"}
            """#
    )

    // MARK: - React Native

    /// LinkForty/mobile-sdk-react-native, SDK version 1.4.0 (`src/version.ts` @ eaa129fa), running on iOS.
    ///
    /// - Transport and calls, `src/LinkFortySDK.ts` (the 1.4.0 text, with `trackRevenue`, `X-LinkForty-SDK`
    ///   and the attribution stamp): `fetch` with `JSON.stringify` bodies (an `undefined` value drops its
    ///   key; a number prints shortest, `5` not `5.0`), `Content-Type: application/json`,
    ///   `X-LinkForty-SDK: react-native/1.4.0`, `Authorization: Bearer <apiKey>` when configured.
    /// - Install: fingerprint from `src/FingerprintCollector.ts` @ 0acd9ee5: the WebView user agent of
    ///   `react-native-device-info`, `Platform.OS` (`ios`), screen from `Dimensions.get('window')` in points,
    ///   `AppleLocale` (`en_US`); no `appVersion`; `deviceId`/`appToken` undefined, so absent.
    /// - Resolve, `src/DeepLinkHandler.ts` @ 0acd9ee5: the FIRST two path segments, `encodeURIComponent` query.
    /// - Events: `timestamp` is `new Date().toISOString()` (milliseconds); `trackEvent('purchase', {…amount,
    ///   currency})` is the README's conversion example; `trackRevenue` sends event `revenue` with
    ///   `eventData.revenue` (a JS number) and `eventData.currency`; stamp from `src/AttributionContext.ts` @ f935aded.
    /// - Links: body keys only when set; `templateSlug` is never sent.
    static let reactNative = SDK(
        name: "LinkForty React Native SDK 1.4.0",
        postHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "react-native/1.4.0"), ("Accept", "*/*"),
            ("User-Agent", "Mealtime/1 CFNetwork/1568.200.51 Darwin/24.1.0"),
        ],
        getHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "react-native/1.4.0"), ("Accept", "*/*"),
            ("User-Agent", "Mealtime/1 CFNetwork/1568.200.51 Darwin/24.1.0"),
        ],
        install: #"""
            {"userAgent":"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148","timezone":"America/Chicago","language":"en_US","screenWidth":393,"screenHeight":852,"platform":"ios","platformVersion":"17.4","attributionWindowHours":168,"sdkName":"react-native","sdkVersion":"1.4.0"}
            """#,
        resolveShortCode: "/api/sdk/v1/resolve/pasta?fp_tz=America%2FChicago&fp_lang=en_US&fp_sw=393&fp_sh=852&fp_platform=ios&fp_pv=17.4",
        resolveTemplated:
            "/api/sdk/v1/resolve/rc/soup?fp_tz=America%2FChicago&fp_lang=en_US&fp_sw=393&fp_sh=852&fp_platform=ios&fp_pv=17.4",
        events: [
            #"""
            {"installId":"$INSTALL_ID","eventName":"add_to_cart","eventData":{"productId":"789","price":29.99},"timestamp":"2026-01-01T00:12:00.123Z","attributedLinkId":"$LINK_ID","linkOpenedAt":"2026-01-01T00:10:00.456Z","sessionId":"5a1f0c2e-7b3d-4e8f-a9c0-1d2e3f4a5b6c","sdkName":"react-native","sdkVersion":"1.4.0"}
            """#,
            #"""
            {"installId":"$INSTALL_ID","eventName":"screen_view","eventData":{"screen":"Product","previousScreen":"Home"},"timestamp":"2026-01-01T00:12:01.000Z","sessionId":"5a1f0c2e-7b3d-4e8f-a9c0-1d2e3f4a5b6c","sdkName":"react-native","sdkVersion":"1.4.0"}
            """#,
        ],
        revenues: [
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"productId":"789","revenue":4.99,"currency":"USD"},"timestamp":"2026-01-01T00:12:02.002Z","sessionId":"5a1f0c2e-7b3d-4e8f-a9c0-1d2e3f4a5b6c","sdkName":"react-native","sdkVersion":"1.4.0"}
                """#, "4.99", "USD"
            ),
            // The README's "track a conversion": `amount` and `currency` under the event name `purchase`.
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"purchase","eventData":{"orderId":"order_123","amount":59.99,"currency":"USD","items":2},"timestamp":"2026-01-01T00:12:03.003Z","sessionId":"5a1f0c2e-7b3d-4e8f-a9c0-1d2e3f4a5b6c","sdkName":"react-native","sdkVersion":"1.4.0"}
                """#, "59.99", "USD"
            ),
        ],
        createLink: #"""
            {"deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!","utmParameters":{"source":"in_app_share","medium":"referral"},"externalUserId":"user-42"}
            """#,
        createLinkWithTemplate: #"""
            {"templateId":"$TEMPLATE_ID","deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!"}
            """#
    )

    // MARK: - Expo

    /// LinkForty/mobile-sdk-expo, SDK version 1.4.0 (`src/version.ts` @ 382290e3), running on Android.
    ///
    /// - Transport, `src/network/network-manager.ts` @ 554b45d1: `fetch`, `Content-Type: application/json`,
    ///   `X-LinkForty-SDK: expo/1.4.0`, `Authorization: Bearer <apiKey>`; a 2xx body must parse as JSON.
    /// - Install, `src/attribution/attribution-manager.ts` @ 382290e3 + `src/fingerprint/fingerprint-collector.ts`
    ///   @ c755b424: `{...fingerprint, sdkName, sdkVersion}`; user agent `{app}/{version} {Platform.OS}/{os}`
    ///   (`android`, lower case), `languageTag` (`en-US`), screen from `Dimensions` in points.
    /// - Resolve, `src/deeplink/deep-link-handler.ts` @ 39ddc1d5: the FIRST two path segments.
    /// - Events, `src/events/event-tracker.ts` @ 554b45d1: `toISOString()` timestamps, the attribution stamp,
    ///   then `sdkName`/`sdkVersion`; `trackRevenue` sends event `revenue` with `eventData.revenue`/`currency`.
    /// - Links, `src/linkforty-sdk.ts` @ 305ac4bc: body keys only when set, no `templateSlug`.
    static let expo = SDK(
        name: "LinkForty Expo SDK 1.4.0",
        postHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "expo/1.4.0"), ("Accept", "*/*"),
            ("User-Agent", "okhttp/4.12.0"), ("Accept-Encoding", "gzip"),
        ],
        getHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "expo/1.4.0"), ("Accept", "*/*"),
            ("User-Agent", "okhttp/4.12.0"),
        ],
        install: #"""
            {"userAgent":"Mealtime/4.2.1 android/14","timezone":"America/Chicago","language":"en-US","screenWidth":412,"screenHeight":915,"platform":"android","platformVersion":"14","appVersion":"4.2.1","attributionWindowHours":168,"sdkName":"expo","sdkVersion":"1.4.0"}
            """#,
        resolveShortCode:
            "/api/sdk/v1/resolve/pasta?fp_tz=America%2FChicago&fp_lang=en-US&fp_sw=412&fp_sh=915&fp_platform=android&fp_pv=14",
        resolveTemplated:
            "/api/sdk/v1/resolve/rc/soup?fp_tz=America%2FChicago&fp_lang=en-US&fp_sw=412&fp_sh=915&fp_platform=android&fp_pv=14",
        events: [
            #"""
            {"installId":"$INSTALL_ID","eventName":"add_to_cart","eventData":{"productId":"789","price":29.99},"timestamp":"2026-01-01T00:12:00.123Z","attributedLinkId":"$LINK_ID","linkOpenedAt":"2026-01-01T00:10:00.456Z","sessionId":"0c8e7d6a-5b4c-4d3e-8f2a-1b0c9d8e7f6a","sdkName":"expo","sdkVersion":"1.4.0"}
            """#
        ],
        revenues: [
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"sku":"pro_monthly","revenue":4.99,"currency":"USD"},"timestamp":"2026-01-01T00:12:02.002Z","sessionId":"0c8e7d6a-5b4c-4d3e-8f2a-1b0c9d8e7f6a","sdkName":"expo","sdkVersion":"1.4.0"}
                """#, "4.99", "USD"
            ),
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"revenue":5,"currency":"CAD"},"timestamp":"2026-01-01T00:12:03.003Z","sessionId":"0c8e7d6a-5b4c-4d3e-8f2a-1b0c9d8e7f6a","sdkName":"expo","sdkVersion":"1.4.0"}
                """#, "5", "CAD"
            ),
        ],
        createLink: #"""
            {"deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!","utmParameters":{"source":"in_app_share","medium":"referral"},"externalUserId":"user-42"}
            """#,
        createLinkWithTemplate: #"""
            {"templateId":"$TEMPLATE_ID","deepLinkParameters":{"route":"product","productId":"789"},"title":"Check out this product!"}
            """#
    )

    // MARK: - Flutter

    /// LinkForty/mobile-sdk-flutter, SDK version 0.2.0 (`lib/sdk_info.dart` @ 574d09c3), running on Android.
    ///
    /// - Transport, `lib/network/network_manager.dart` @ 574d09c3: `jsonEncode`, `Content-Type: application/json`,
    ///   `X-LinkForty-SDK: flutter/0.2.0`, `Authorization: Bearer <apiKey>`; dart:io's own User-Agent. A 2xx
    ///   body must be a JSON object.
    /// - json_serializable's defaults: a null field is SENT as `null` (`device_fingerprint.g.dart`,
    ///   `event_request.g.dart` @ 574d09c3); a double prints with Dart's `toString` (`5.0`).
    /// - Install, `lib/attribution/attribution_manager.dart` @ 56dba4dc: `fingerprint.toJson()` (+ `appToken`
    ///   when configured). The collector's source is not public in the index read; its platform name and
    ///   `en_US` language follow `device_fingerprint.dart`'s doc comments and Dart's `Platform.localeName`.
    /// - Resolve, `lib/deeplink/deeplink_handler.dart` @ 574d09c3: last two path segments, `Uri.encodeComponent`.
    /// - Events, `lib/events/event_tracker.dart` + `lib/models/event_request.dart` @ 6b4c6d31: `timestamp` is
    ///   `DateTime.now().toIso8601String()`: LOCAL time with microseconds and NO zone designator; the
    ///   attribution stamp is sent with explicit nulls; `trackRevenue(double)` sends event `revenue` with
    ///   `eventData.revenue`/`currency`.
    /// - Links, `lib/link_forty.dart` @ 56dba4dc: `createLink` requires a template id and only ever calls
    ///   `POST /api/links` with `options.toJson()` (nulls included); it reads `id` and `shortCode`.
    static let flutter = SDK(
        name: "LinkForty Flutter SDK 0.2.0",
        postHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "flutter/0.2.0"),
            ("User-Agent", "Dart/3.5 (dart:io)"), ("Accept-Encoding", "gzip"),
        ],
        getHeaders: [
            ("Content-Type", "application/json"), ("X-LinkForty-SDK", "flutter/0.2.0"),
            ("User-Agent", "Dart/3.5 (dart:io)"), ("Accept-Encoding", "gzip"),
        ],
        install: #"""
            {"userAgent":"Mealtime/4.2.1 Android/14","timezone":"America/Chicago","language":"en_US","screenWidth":1080,"screenHeight":2400,"platform":"Android","platformVersion":"14","appVersion":"4.2.1","deviceId":null,"attributionWindowHours":168,"sdkName":"flutter","sdkVersion":"0.2.0"}
            """#,
        resolveShortCode:
            "/api/sdk/v1/resolve/pasta?fp_tz=America%2FChicago&fp_lang=en_US&fp_sw=1080&fp_sh=2400&fp_platform=Android&fp_pv=14",
        resolveTemplated:
            "/api/sdk/v1/resolve/rc/soup?fp_tz=America%2FChicago&fp_lang=en_US&fp_sw=1080&fp_sh=2400&fp_platform=Android&fp_pv=14",
        events: [
            #"""
            {"installId":"$INSTALL_ID","eventName":"button_clicked","eventData":{},"timestamp":"2025-12-31T18:12:00.123456","sdkName":"flutter","sdkVersion":"0.2.0","attributedLinkId":null,"attributedClickId":null,"linkOpenedAt":null,"sessionId":"c0ffee00-1234-4abc-8def-0123456789ab"}
            """#,
            #"""
            {"installId":"$INSTALL_ID","eventName":"screen_view","eventData":{"screen":"ProductDetail","previousScreen":"/"},"timestamp":"2025-12-31T18:12:01.000500","sdkName":"flutter","sdkVersion":"0.2.0","attributedLinkId":"$LINK_ID","attributedClickId":null,"linkOpenedAt":"2026-01-01T00:10:00.123456Z","sessionId":"c0ffee00-1234-4abc-8def-0123456789ab"}
            """#,
        ],
        revenues: [
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"product_id":"123","revenue":4.99,"currency":"USD"},"timestamp":"2025-12-31T18:12:02.002000","sdkName":"flutter","sdkVersion":"0.2.0","attributedLinkId":null,"attributedClickId":null,"linkOpenedAt":null,"sessionId":"c0ffee00-1234-4abc-8def-0123456789ab"}
                """#, "4.99", "USD"
            ),
            (
                #"""
                {"installId":"$INSTALL_ID","eventName":"revenue","eventData":{"revenue":5.0,"currency":"EUR"},"timestamp":"2025-12-31T18:12:03.003000","sdkName":"flutter","sdkVersion":"0.2.0","attributedLinkId":null,"attributedClickId":null,"linkOpenedAt":null,"sessionId":"c0ffee00-1234-4abc-8def-0123456789ab"}
                """#, "5", "EUR"
            ),
        ],
        createLink: nil,
        createLinkWithTemplate: #"""
            {"templateId":"$TEMPLATE_ID","templateSlug":null,"deepLinkParameters":{"route":"VIDEO_VIEWER","id":"vid123"},"title":"Check this out!","description":null,"customCode":null,"utmParameters":{"source":"app","medium":null,"campaign":"share","term":null,"content":null}}
            """#
    )

    /// Fills the run-time placeholders of a fixture.
    static func fill(_ text: String, installId: String = "", linkId: String = "", templateId: String = "") -> String {
        text.replacingOccurrences(of: "$INSTALL_ID", with: installId)
            .replacingOccurrences(of: "$LINK_ID", with: linkId)
            .replacingOccurrences(of: "$TEMPLATE_ID", with: templateId)
    }
}
