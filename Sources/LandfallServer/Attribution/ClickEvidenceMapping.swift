import Foundation
import LandfallAttribution
import LandfallStore

/// How stored clicks become engine evidence, and the matching keys a click is stored with.
@_spi(Synthetic) public enum ClickEvidenceMapping {
    @_spi(Synthetic) public static func evidence(_ click: ClickRecord) -> ClickEvidence {
        // The beacon's language, else the header's preferred one (what the builder would pick), memoised.
        let language = LanguageTag.normalize(click.signals.language) ?? click.acceptLanguage.flatMap { HeaderMemos.preferredLanguage($0) }
        return EvidenceBuilder.click(
            id: click.id, clickedAt: click.clickedAt, userAgent: click.userAgent, ipAddress: click.ipAddress,
            screenWidth: click.signals.screenWidth, screenHeight: click.signals.screenHeight,
            timezone: click.signals.timezone, language: language, acceptLanguage: nil,
            // The stored platform is the user agent's, or what the page corrected it to.
            platformOverride: click.platform,
            platformVersion: click.signals.platformVersion, deviceModel: click.signals.deviceModel,
            parsedUserAgent: click.userAgent.map { HeaderMemos.userAgent($0) }
        )
    }

    /// Fills the network prefix and device signature a click is fetched by, and the evidence the
    /// candidate indexes carry for it.
    @_spi(Synthetic) public static func withMatchingKeys(_ click: ClickRecord) -> ClickRecord {
        guard !click.isBot else { return click }
        var keyed = click
        let evidence = evidence(click)
        keyed.ipPrefix = evidence.ipPrefix
        keyed.signature = EvidenceBuilder.signature(evidence)
        keyed.matchEvidence = StoredClickEvidence.encode(evidence)
        return keyed
    }
}

/// Population statistics read from the store, in the engine's terms.
struct StoredPopulation: PopulationStatistics {
    let population: ClickPopulation
    let firstClickAt: Date?
    let countedThrough: Date?

    var clickCount: Int { population.clickCount }

    func count(of factor: Factor, value: String) -> Int {
        population.counts[factor.rawValue]?[value] ?? 0
    }

    /// Nil where the match did not ask (the install has no value of it) and where the day range
    /// holds no carried count: statistics kept before they were counted.
    func carried(_ factor: Factor) -> Int? {
        population.counts[factor.rawValue]?[ClickStatDelta.carriedValue].flatMap { $0 > 0 ? $0 : nil }
    }
}
