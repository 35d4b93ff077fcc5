import Foundation
@testable import LandfallKit

/// A client wired to stubs, plus the stubs, for one test.
struct Harness {
    let transport = StubTransport()
    let storage: InMemoryStorage
    let clock: TestClock
    let logger = RecordingLogger()
    let deviceInfo = StaticDeviceInfoProvider(Harness.iPhone)
    let clickTokens: FixedClickTokenSource

    /// The resolve timeout of ``configuration(baseURL:apiKey:deferred:configure:)``: the default
    /// clock never lets it expire, so a stubbed server always wins the race deterministically.
    static let resolveTimeout: TimeInterval = 2.5

    init(
        storage: InMemoryStorage = InMemoryStorage(), clock: TestClock = TestClock(blockingSleeps: [Harness.resolveTimeout]),
        pasteboard: String? = nil
    ) {
        self.storage = storage
        self.clock = clock
        self.clickTokens = FixedClickTokenSource(text: pasteboard)
    }

    static let iPhone = DeviceInfo(
        appName: "Mealtime", appVersion: "4.2.1", platform: "iOS", platformVersion: "18.1", screenWidth: 1179,
        screenHeight: 2556, timezone: "Europe/Paris", language: "fr-FR", deviceModel: "iPhone15,3"
    )

    static let baseURL = URL(string: "https://go.example.com")!

    static func configuration(
        baseURL: URL = Harness.baseURL, apiKey: String? = "lf_pub_test", deferred: Bool = true,
        configure: (inout LandfallConfiguration) -> Void = { _ in }
    ) -> LandfallConfiguration {
        var configuration = LandfallConfiguration(
            baseURL: baseURL, apiKey: apiKey, deferredDeepLinkEnabled: deferred, resolveTimeout: resolveTimeout, loggingEnabled: true
        )
        configure(&configuration)
        return configuration
    }

    /// A client over this harness's storage: two clients made in turn are two launches of the app.
    func makeClient() -> LandfallClient {
        LandfallClient(
            storage: storage, transport: transport, clock: clock, deviceInfo: deviceInfo, logger: logger,
            clickTokenSource: clickTokens, unitRandom: { 0 }
        )
    }

    /// A started client whose install was reported (organic unless `install` says otherwise).
    func startedClient(
        install: InstallResponse = Harness.organic, configuration: LandfallConfiguration = Harness.configuration()
    ) async throws -> LandfallClient {
        await transport.on("POST", "/api/sdk/v1/install", .json(200, install))
        let client = makeClient()
        try await client.start(with: configuration)
        return client
    }

    static let link = DeepLinkData(
        shortCode: "pasta", utmParameters: UTMParameters(source: "newsletter"), customParameters: ["recipe": "42"],
        deepLinkPath: "/recipes/42", appScheme: "mealtime", linkId: "L1"
    )

    static let attributed = InstallResponse(
        installId: "I1", attributed: true, confidenceScore: 92, matchedFactors: ["ip", "screen"], deepLinkData: link,
        method: "probabilistic"
    )

    static let organic = InstallResponse(
        installId: "I0", attributed: false, confidenceScore: 0, matchedFactors: [], deepLinkData: nil, method: "organic")

    static let eventAccepted = EventResponse(eventId: "E1", duplicate: false)
}

/// A pasteboard holding `text`; counts the reads.
struct FixedClickTokenSource: ClickTokenSource {
    let text: String?
    let reads = LockedBox(0)

    func readClickToken() async -> String? {
        reads.withValue { $0 += 1 }
        return ClickToken.extract(from: text)
    }
}

/// Keeps every log line.
struct RecordingLogger: LandfallLogger {
    let lines = LockedBox<[(level: LandfallLogLevel, message: String, metadata: [String: String])]>([])

    func log(_ level: LandfallLogLevel, _ message: String, metadata: [String: String]) {
        lines.withValue { $0.append((level, message, metadata)) }
    }

    var messages: [String] { lines.current.map(\.message) }
}

/// Collects what listeners receive.
final class Collector<Value: Sendable>: Sendable {
    let values = LockedBox<[Value]>([])

    var handler: @Sendable (Value) -> Void {
        { [values] value in values.withValue { $0.append(value) } }
    }

    var all: [Value] { values.current }
}
