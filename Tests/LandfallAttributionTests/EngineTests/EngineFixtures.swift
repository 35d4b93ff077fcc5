import Foundation
import LandfallAttribution

/// Population statistics given as plain counts: the clicks of one app and platform in the window.
struct CountedPopulation: PopulationStatistics {
    var clickCount: Int
    var counts: [Factor: [String: Int]] = [:]
    var firstClickAt: Date?
    var countedThrough: Date?
    /// How many clicks carry each factor; a factor missing here was not counted.
    var carriedCounts: [Factor: Int] = [:]

    func count(of factor: Factor, value: String) -> Int {
        counts[factor]?[value] ?? 0
    }

    func carried(_ factor: Factor) -> Int? {
        carriedCounts[factor]
    }
}

/// One iPhone 15 in Paris on a home network, its install, and the app's recent clicks.
enum EngineFixtures {
    static let window: TimeInterval = 7 * 24 * 60 * 60
    static let installedAt = Date(timeIntervalSince1970: 1_750_000_000)
    static let homeNetwork = "203.0.113.0/24"
    static let iPhone15 = ScreenSize(width: 1179, height: 2556)

    static let install = InstallEvidence(
        reportedAt: installedAt, platform: .ios, osVersion: "17.4", deviceModel: "iPhone", ipPrefix: homeNetwork,
        screen: iPhone15, timezone: "Europe/Paris", language: "fr-FR"
    )

    /// A click by the installing iPhone, `delay` seconds before the install.
    static func sameDeviceClick(_ id: String, before delay: TimeInterval) -> ClickEvidence {
        ClickEvidence(
            clickId: id, clickedAt: installedAt.addingTimeInterval(-delay), platform: .ios, osVersion: "17.4",
            deviceModel: "iPhone", ipPrefix: homeNetwork, screen: iPhone15, timezone: "Europe/Paris", language: "fr-FR"
        )
    }

    /// 1,000 iOS clicks with ordinary shares; the home network appears once (the click itself).
    static let population = CountedPopulation(
        clickCount: 1_000,
        counts: [
            .ipPrefix: [homeNetwork: 1],
            .osVersion: ["17.4": 300, "18.1": 400],
            .deviceModel: ["iPhone": 950],
            .screen: ["1176x2560": 150, "1288x2800": 120],
            .timezone: ["Europe/Paris": 200, "America/New_York": 250, "Pacific/Chatham": 2],
            .language: ["fr": 180, "en": 600],
        ])

    static let minute: TimeInterval = 60
    static let day: TimeInterval = 24 * 60 * 60
}
