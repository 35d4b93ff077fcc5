import Foundation
import LandfallAttribution
@_spi(Synthetic) import LandfallServer
import LandfallStore
import LandfallSynthetic

/// The server's side of ``SyntheticData``: device profiles keyed the way live clicks are, and the
/// population statistics of a seeded history.
public enum SyntheticClicks {
    /// A device as a seeded click carries it, with the signature this server computes for it.
    /// `language` is what the page's beacon reports (e.g. `de-DE`).
    public static func profile(
        userAgent: String, acceptLanguage: String, screenWidth: Int, screenHeight: Int, timezone: String, language: String
    ) -> SyntheticData.DeviceProfile? {
        let parsed = UserAgentParser.parse(userAgent)
        let click = ClickEvidenceMapping.withMatchingKeys(
            ClickRecord(
                id: "synthetic-profile", appId: "", linkId: "", clickedAt: Date(), clickToken: "", ipAddress: nil, userAgent: userAgent,
                platform: parsed.platform.rawValue, osVersion: parsed.osVersion, deviceClass: parsed.deviceClass.rawValue,
                acceptLanguage: acceptLanguage,
                signals: ClickSignals(screenWidth: screenWidth, screenHeight: screenHeight, timezone: timezone, language: language)
            ))
        guard let signature = click.signature, let osVersion = parsed.osVersion else { return nil }
        return SyntheticData.DeviceProfile(
            platform: parsed.platform.rawValue, userAgent: userAgent, osVersion: osVersion, deviceClass: parsed.deviceClass.rawValue,
            screenWidth: screenWidth, screenHeight: screenHeight, timezone: timezone, language: language,
            acceptLanguage: acceptLanguage, signature: signature, matchEvidence: click.matchEvidence
        )
    }

    /// Counts clicks that were generated inside the database (``SyntheticData``) into the population
    /// statistics and moves the watermark past them, as if the background service had counted them.
    ///
    /// Identical devices are counted per group through the same evidence mapping as live clicks;
    /// networks are counted by the database. Meant for a freshly seeded app, before serving.
    /// - Parameter range: the seeded clicks to count (those added since the last call).
    public static func countStatistics(storage: SQLStorage, appId: String, clicks range: Range<Int>, through date: Date) async throws {
        let synthetic = SyntheticData(storage: storage)
        let groups = try await synthetic.deviceGroups(appId: appId, range: range).map { group in
            let click = ClickRecord(
                id: "synthetic-group", appId: appId, linkId: "", clickedAt: Date(epochMilliseconds: group.day * 86_400_000),
                clickToken: "", ipAddress: nil, userAgent: group.userAgent, platform: group.platform, osVersion: group.osVersion,
                deviceClass: "", deviceModel: nil, browser: nil, inAppBrowser: nil, acceptLanguage: group.acceptLanguage,
                referrer: nil, country: nil, isBot: false, botName: nil,
                signals: ClickSignals(
                    screenWidth: group.screenWidth, screenHeight: group.screenHeight, timezone: group.timezone, language: group.language)
            )
            return (click: click, weight: group.clicks)
        }
        let watermark = try await storage.statisticsWatermark() ?? 0
        guard try await storage.recordStatistics(ClickStatistics.deltas(groups), watermarkFrom: watermark, to: date.epochMilliseconds)
        else {
            throw StoreError.conflict("statistics watermark")
        }
        try await synthetic.insertNetworkStatistics(appId: appId, factor: Factor.ipPrefix.rawValue, range: range)
    }
}
