import LandfallAttribution
import LandfallSimulator
import Testing

@Suite("Evidence observer")
struct EvidenceObserverTests {
    static let population = PopulationGenerator(model: PopulationModel(clicksPerDay: 300, days: 8), seed: 3).generate()

    @Test("cached evidence is exactly what the server's EvidenceBuilder gives")
    func cacheIsTransparent() {
        var observer = EvidenceObserver()
        for click in Self.population.clicks.prefix(800) {
            let beacon = click.beacon
            let looksLikeMac = click.userAgent.contains("Macintosh")
            let direct = EvidenceBuilder.click(
                id: click.clickId, clickedAt: Self.population.date(click.time), userAgent: click.userAgent, ipAddress: click.ipAddress,
                screenWidth: beacon?.screenWidth, screenHeight: beacon?.screenHeight, timezone: beacon?.timezone,
                language: beacon?.language, acceptLanguage: click.acceptLanguage,
                platformOverride: looksLikeMac && (beacon?.touchPoints ?? 0) > 1 ? "ios" : nil,
                platformVersion: beacon?.platformVersion, deviceModel: beacon?.model
            )
            #expect(observer.click(click, in: Self.population) == direct)
        }
    }

    @Test("cached install evidence is exactly what EvidenceBuilder gives")
    func installCacheIsTransparent() {
        var observer = EvidenceObserver()
        for install in Self.population.installs {
            #expect(observer.install(install, in: Self.population) == EvidenceObserver.install(install, in: Self.population))
        }
    }

    @Test("an iPad's Mac user agent becomes iOS through the beacon's touch points")
    func iPad() {
        var observer = EvidenceObserver()
        let iPadClicks = Self.population.clicks.filter { $0.userAgent.contains("Macintosh") && $0.beacon != nil }
        #expect(!iPadClicks.isEmpty)
        for click in iPadClicks { #expect(observer.click(click, in: Self.population).platform == .ios) }
    }

    @Test("Chrome's frozen Android 10 is replaced by the client hints' real version")
    func androidClientHints() {
        var observer = EvidenceObserver()
        let chrome = Self.population.clicks.filter { $0.browser == .chromeAndroid && $0.beacon != nil }
        #expect(!chrome.isEmpty)
        for click in chrome.prefix(50) {
            let evidence = observer.click(click, in: Self.population)
            #expect(evidence.osVersion == click.beacon?.platformVersion.flatMap { EvidenceBuilder.normalizeOSVersion($0) })
        }
    }
}
