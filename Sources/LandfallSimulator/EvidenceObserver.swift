import Foundation
import LandfallAttribution

/// Turns what the server receives into the engine's evidence through the server's own
/// normalisers (`EvidenceBuilder`): the click's platform, OS version and model from its user
/// agent, corrected by the page beacon (touch points for an iPad's "Macintosh" Safari, Chromium's
/// client hints for Chrome's frozen "Android 10; K"); the install's from the SDK's fields.
public struct EvidenceObserver: Sendable {
    /// When true, the iOS version that WebKit user agents without `Version/` freeze at 18.6 on
    /// iOS 26 (in-app browsers, Chrome and Firefox on iOS) is treated as unknown instead of taken
    /// at face value. A what-if for the signal module, off by default.
    public var ignoreFrozenVersions: Bool

    public init(ignoreFrozenVersions: Bool = false) {
        self.ignoreFrozenVersions = ignoreFrozenVersions
    }

    public func click(_ click: SimulatedClick, in population: SimulatedPopulation) -> ClickEvidence {
        let beacon = click.beacon
        // The server keeps the user agent's platform unless the page proves an iPad.
        let looksLikeMac = click.userAgent.contains("Macintosh")
        var evidence = EvidenceBuilder.click(
            id: click.clickId, clickedAt: population.date(click.time), userAgent: click.userAgent, ipAddress: click.ipAddress,
            screenWidth: beacon?.screenWidth, screenHeight: beacon?.screenHeight, timezone: beacon?.timezone,
            language: beacon?.language, acceptLanguage: click.acceptLanguage,
            platformOverride: looksLikeMac && (beacon?.touchPoints ?? 0) > 1 ? "ios" : nil,
            platformVersion: beacon?.platformVersion, deviceModel: beacon?.model
        )
        if ignoreFrozenVersions, evidence.platform == .ios, evidence.osVersion == "18.6", !click.userAgent.contains("Version/") {
            evidence.osVersion = nil
        }
        return evidence
    }

    public static func install(_ install: SimulatedInstall, in population: SimulatedPopulation) -> InstallEvidence {
        EvidenceBuilder.install(
            reportedAt: population.date(install.time), userAgent: install.userAgent, ipAddress: install.ipAddress,
            screenWidth: install.screenWidth, screenHeight: install.screenHeight, timezone: install.timezone,
            language: install.language, platform: install.platformName, platformVersion: install.platformVersion, deviceModel: nil
        )
    }
}
