import Foundation
import LandfallAttribution
import LandfallStore

/// How stored clicks become engine evidence, and the matching keys a click is stored with.
enum ClickEvidenceMapping {
    static func evidence(_ click: ClickRecord) -> ClickEvidence {
        EvidenceBuilder.click(
            id: click.id, clickedAt: click.clickedAt, userAgent: click.userAgent, ipAddress: click.ipAddress,
            screenWidth: click.signals.screenWidth, screenHeight: click.signals.screenHeight,
            timezone: click.signals.timezone, language: click.signals.language, acceptLanguage: click.acceptLanguage,
            // The stored platform is the user agent's, or what the page corrected it to.
            platformOverride: click.platform,
            platformVersion: click.signals.platformVersion, deviceModel: click.signals.deviceModel
        )
    }

    /// Fills the network prefix and device signature a click is fetched by.
    static func withMatchingKeys(_ click: ClickRecord) -> ClickRecord {
        guard !click.isBot else { return click }
        var keyed = click
        let evidence = evidence(click)
        keyed.ipPrefix = evidence.ipPrefix
        keyed.signature = EvidenceBuilder.signature(evidence)
        return keyed
    }
}

/// Population statistics read from the store, in the engine's terms.
struct StoredPopulation: PopulationStatistics {
    let population: ClickPopulation

    var clickCount: Int { population.clickCount }

    func count(of factor: Factor, value: String) -> Int {
        population.counts[factor.rawValue]?[value] ?? 0
    }
}
