import Foundation
import LandfallAttribution

/// Turns what the server receives into the engine's evidence through the server's own
/// normalisers (`EvidenceBuilder`): the click's platform, OS version and model from its user
/// agent, corrected by the page beacon (touch points for an iPad's "Macintosh" Safari, Chromium's
/// client hints for Chrome's frozen "Android 10; K"); the install's from the SDK's fields.
public struct EvidenceObserver: Sendable {
    /// What to make of the iOS 18.6 that WebKit user agents without `Version/` (in-app browsers,
    /// Chrome and Firefox on iOS) report on iOS 26 and later. What-ifs for the signal module.
    public enum FrozenIOSVersion: String, Sendable, CaseIterable, Codable {
        /// As the server reads it: the real version from Safari's `Version/` or an in-app
        /// browser's own tokens (`FBSV/`, Instagram's `iOS 26_1`), unknown for other frozen tokens.
        case asReported = "as-reported"
        /// Unknown (nil): no false disagreement, but no device signature either.
        case unknown
        /// The real version from the in-app browser's own tokens when it has them (Facebook's
        /// `FBSV/26.1`, Instagram's `; iOS 26_1;`); unknown otherwise.
        case inAppTokens = "in-app-tokens"
    }

    public var frozenIOSVersion: FrozenIOSVersion
    /// Evidence already built for the same device inputs: `EvidenceBuilder` reads platform, OS
    /// version and model only from the user agent and the beacon's hints, and time zone and
    /// language only from their own fields, so an event differs from a cached one only in id,
    /// time, address and screen. Parsing every user agent anew dominated large runs.
    private var clickTemplates: [String: ClickEvidence] = [:]
    private var installTemplates: [String: InstallEvidence] = [:]

    public init(frozenIOSVersion: FrozenIOSVersion = .asReported) {
        self.frozenIOSVersion = frozenIOSVersion
    }

    public mutating func click(_ click: SimulatedClick, in population: SimulatedPopulation) -> ClickEvidence {
        let beacon = click.beacon
        // The server keeps the user agent's platform unless the page proves an iPad.
        let touch = (beacon?.touchPoints ?? 0) > 1
        let override: String? = touch && click.userAgent.hasPrefix("Mozilla/5.0 (Macintosh;") ? "ios" : nil
        let parts: [String] = [
            click.userAgent, override ?? "", beacon?.platformVersion ?? "", beacon?.model ?? "", beacon?.timezone ?? "",
            beacon?.language ?? "\u{1}", click.acceptLanguage,
        ]
        let key = parts.joined(separator: "\u{0}")
        let date = population.date(click.time)
        var evidence: ClickEvidence
        if var template = clickTemplates[key] {
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
            clickTemplates[key] = evidence
        }
        if frozenIOSVersion != .asReported, evidence.platform == .ios, evidence.osVersion == "18.6", !click.userAgent.contains("Version/") {
            evidence.osVersion = frozenIOSVersion == .inAppTokens ? Self.inAppOSVersion(click.userAgent) : nil
        }
        return evidence
    }

    /// Evidence for an install through `EvidenceBuilder.install`, cached the same way.
    public mutating func install(_ install: SimulatedInstall, in population: SimulatedPopulation) -> InstallEvidence {
        let parts: [String] = [install.userAgent, install.platformName, install.platformVersion, install.timezone, install.language]
        let key = parts.joined(separator: "\u{0}")
        if var template = installTemplates[key] {
            template.reportedAt = population.date(install.time)
            template.ipPrefix = IPAddressPrefix.prefix(of: install.ipAddress)
            template.screen = ScreenSize.fromFingerprint(width: install.screenWidth, height: install.screenHeight)
            return template
        }
        let evidence = Self.install(install, in: population)
        installTemplates[key] = evidence
        return evidence
    }

    /// Evidence for an install, built afresh.
    public static func install(_ install: SimulatedInstall, in population: SimulatedPopulation) -> InstallEvidence {
        EvidenceBuilder.install(
            reportedAt: population.date(install.time), userAgent: install.userAgent, ipAddress: install.ipAddress,
            screenWidth: install.screenWidth, screenHeight: install.screenHeight, timezone: install.timezone,
            language: install.language, platform: install.platformName, platformVersion: install.platformVersion, deviceModel: nil
        )
    }

    /// The OS version an iOS in-app browser states in its own tokens, if any.
    static func inAppOSVersion(_ userAgent: String) -> String? {
        for marker in ["FBSV/", "; iOS "] {
            guard let range = userAgent.range(of: marker) else { continue }
            let version = userAgent[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "_" }
            if let normalized = EvidenceBuilder.normalizeOSVersion(String(version)) { return normalized }
        }
        return nil
    }
}
