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
    /// Evidence already built for the same device inputs: `EvidenceBuilder.click` reads platform,
    /// OS version and model only from the user agent and the beacon's hints, and time zone and
    /// language only from their own fields, so a click differs from a cached one only in id,
    /// time, address and screen. Parsing every user agent anew dominated large runs.
    private var templates: [String: ClickEvidence] = [:]

    public init(ignoreFrozenVersions: Bool = false) {
        self.ignoreFrozenVersions = ignoreFrozenVersions
    }

    public mutating func click(_ click: SimulatedClick, in population: SimulatedPopulation) -> ClickEvidence {
        let beacon = click.beacon
        // The server keeps the user agent's platform unless the page proves an iPad.
        let override = (beacon?.touchPoints ?? 0) > 1 && click.userAgent.utf8.contains(UInt8(ascii: "M"))
            && click.userAgent.contains("Macintosh") ? "ios" : nil
        let key = [
            click.userAgent, override ?? "", beacon?.platformVersion ?? "", beacon?.model ?? "", beacon?.timezone ?? "",
            beacon?.language ?? "\u{1}", click.acceptLanguage,
        ].joined(separator: "\u{0}")
        let date = population.date(click.time)
        var evidence: ClickEvidence
        if var template = templates[key] {
            template.clickId = click.clickId
            template.clickedAt = date
            template.ipPrefix = IPAddressPrefix.prefix(of: click.ipAddress)
            template.screen = ScreenSize.fromFingerprint(width: beacon?.screenWidth, height: beacon?.screenHeight)
            evidence = template
        } else {
            evidence = EvidenceBuilder.click(
                id: click.clickId, clickedAt: date, userAgent: click.userAgent, ipAddress: click.ipAddress,
                screenWidth: beacon?.screenWidth, screenHeight: beacon?.screenHeight, timezone: beacon?.timezone,
                language: beacon?.language, acceptLanguage: click.acceptLanguage, platformOverride: override,
                platformVersion: beacon?.platformVersion, deviceModel: beacon?.model
            )
            templates[key] = evidence
        }
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
