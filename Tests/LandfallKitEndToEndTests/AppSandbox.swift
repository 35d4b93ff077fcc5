import Foundation
import LandfallKit
import LandfallStore

/// The data container of one installation of Mealtime on one phone: LandfallKit's `FileStorage`
/// directory and the phone's fixed device information. Two clients launched in turn over the same
/// sandbox are two launches of the app.
struct AppSandbox: Sendable {
    let directory: URL
    let phone: Phone

    /// A new, empty sandbox in the directory of the test's SQLite database, so it is removed with it
    /// when the test process exits.
    init(beside database: DatabaseLocation, phone: Phone) throws {
        guard case .sqlite(let path?) = database else { throw LiveServerError("the end-to-end tests run on a SQLite file") }
        directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            .appendingPathComponent("sandbox-\(UUID().uuidString)", isDirectory: true)
        self.phone = phone
    }

    /// A client as the app makes it at launch: the real `URLSessionTransport` unless a test wraps it.
    func launch(transport: any HTTPTransport = URLSessionTransport()) -> LandfallClient {
        LandfallClient(
            storage: FileStorage(directory: directory), transport: transport,
            deviceInfo: StaticDeviceInfoProvider(phone.device)
        )
    }
}

extension LiveServer {
    /// The app's configuration against this server.
    func configuration(
        apiKey: String, deferred: Bool = true, resolveTimeout: TimeInterval = LandfallConfiguration.unhurriedResolveTimeout,
        retryPolicy: RetryPolicy = .quick
    ) -> LandfallConfiguration {
        .mealtime(baseURL: baseURL, apiKey: apiKey, deferred: deferred, resolveTimeout: resolveTimeout, retryPolicy: retryPolicy)
    }
}

extension LandfallConfiguration {
    /// The end-to-end tests' configuration for any base URL, a stopped server's too: retries quick
    /// so failures show fast; logging off, since the tests take the SDK's errors from its error
    /// listeners and many fail the network on purpose.
    static func mealtime(
        baseURL: URL, apiKey: String, deferred: Bool = true, resolveTimeout: TimeInterval = LandfallConfiguration.unhurriedResolveTimeout,
        retryPolicy: RetryPolicy = .quick
    ) -> LandfallConfiguration {
        LandfallConfiguration(
            baseURL: baseURL, apiKey: apiKey, deferredDeepLinkEnabled: deferred, resolveTimeout: resolveTimeout,
            requestTimeout: 60, loggingEnabled: false, retryPolicy: retryPolicy
        )
    }
}

extension LandfallConfiguration {
    /// Far above what a resolve takes, so only the tests about the timeout see local parsing: beside
    /// the whole suite on two cores a resolve once took over the app's default 3 s.
    static let unhurriedResolveTimeout: TimeInterval = 30
}

extension RetryPolicy {
    /// Three attempts 50 ms apart, without jitter: real retries that keep a test short.
    static let quick = RetryPolicy(maxAttempts: 3, baseDelay: 0.05, multiplier: 1, maxDelay: 0.05, jitter: 0)
}
