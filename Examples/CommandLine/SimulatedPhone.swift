import Foundation
import LandfallKit

/// A phone the example plays: what its Safari shows a link page, and what LandfallKit in the app
/// reads from the device (given as a fixed `DeviceInfo`, since this runs on a computer).
struct SimulatedPhone: Sendable {
    var name: String
    var safariUserAgent: String
    /// `navigator.language`, which the page's beacon sends.
    var browserLanguage: String
    var device: DeviceInfo

    /// An iPhone 15 Pro on iOS 17.4 in Chicago: the phone that clicks.
    static let clicker = SimulatedPhone(
        name: "iPhone 15 Pro",
        safariUserAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        browserLanguage: "en-US",
        device: DeviceInfo(
            appName: "Mealtime", appVersion: "1.0", platform: "iOS", platformVersion: "17.4", screenWidth: 1179,
            screenHeight: 2556, timezone: "America/Chicago", language: "en_US"
        )
    )

    /// An iPhone 8 on iOS 16.7 in Berlin: a phone that installs without clicking anything.
    static let bystander = SimulatedPhone(
        name: "iPhone 8",
        safariUserAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
        browserLanguage: "de-DE",
        device: DeviceInfo(
            appName: "Mealtime", appVersion: "1.0", platform: "iOS", platformVersion: "16.7", screenWidth: 750,
            screenHeight: 1334, timezone: "Europe/Berlin", language: "de_DE"
        )
    )

    /// An iPhone 13 on iOS 17.2 in New York: the friend an invite reaches.
    static let friend = SimulatedPhone(
        name: "iPhone 13",
        safariUserAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
        browserLanguage: "en-US",
        device: DeviceInfo(
            appName: "Mealtime", appVersion: "1.0", platform: "iOS", platformVersion: "17.2", screenWidth: 1170,
            screenHeight: 2532, timezone: "America/New_York", language: "en_US"
        )
    )

    /// `iPhone 15 Pro (iOS 17.4, 1179×2556, America/Chicago, en_US)`.
    var summary: String {
        let screen = device.screenWidth.flatMap { width in device.screenHeight.map { "\(width)×\($0)" } } ?? "no screen"
        return "\(name) (\(device.platform) \(device.platformVersion), \(screen), \(device.timezone ?? "?"), \(device.language ?? "?"))"
    }

    /// Installs the app on this phone and launches it for the first time: a LandfallClient over a
    /// new, empty storage directory. Returns the install's deferred deep link event.
    func installAndLaunch(configuration: LandfallConfiguration, storage directory: URL, verbose: Bool) async throws -> DeepLinkEvent {
        try await launchApp(configuration: configuration, storage: directory, verbose: verbose).event
    }

    /// ``installAndLaunch(configuration:storage:verbose:)`` that also hands back the running app's
    /// client, for what the app does next (invites, events).
    func launchApp(configuration: LandfallConfiguration, storage directory: URL, verbose: Bool) async throws -> (client: LandfallClient, event: DeepLinkEvent) {
        let client = LandfallClient(
            storage: FileStorage(directory: directory),
            deviceInfo: StaticDeviceInfoProvider(device),
            logger: PrintLogger(minimumLevel: verbose ? .debug : .warning)
        )
        // The stream replays this session's deferred deep link, so subscribing after start misses nothing.
        let events = await client.deepLinkEvents()
        try await client.start(with: configuration)
        for await event in events where event.isDeferred {
            return (client, event)
        }
        throw ExampleFailure("LandfallKit delivered no deferred deep link")
    }
}

/// A step of the example failed.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
