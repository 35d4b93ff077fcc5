import Foundation

/// Every knob of the simulated population. The defaults are the hard population (`Preset.hard`):
/// a US-heavy consumer app promoted through links shared on social apps, messages and email, with
/// networks, devices and locales as concentrated as real traffic. `Preset.easy` is the earlier,
/// kinder world, kept for comparison. Every default and its public source is in `docs/simulator.md`.
///
/// The defaults describe people, phones and networks; none was chosen by looking at how the engine
/// scores. Change them to ask "what if", never to make a number look better.
///
/// ```swift
/// var model = PopulationModel(clicksPerDay: 1_000)
/// model.organicShare = 0.2
/// let population = PopulationGenerator(model: model, seed: 42).generate()
/// let kinder = PopulationModel(clicksPerDay: 1_000, preset: .easy)
/// ```
public struct PopulationModel: Sendable {
    // MARK: Volume and time

    /// Clicks a day on the app's links.
    public var clicksPerDay: Double
    /// Days simulated. The first `warmUpDays` fill the attribution window and are not measured.
    public var days: Double
    /// Days at the start that only fill the window (population statistics, candidates).
    public var warmUpDays: Double
    /// The attribution window.
    public var windowHours: Double

    // MARK: People

    /// Share of installs that follow no click at all (store search, word of mouth, ads elsewhere).
    public var organicShare: Double
    /// Share of people who click that go on to install.
    public var conversionShare: Double
    /// After each click, the chance that the same person clicks again (geometric: mean 1/(1-p) clicks).
    public var repeatClickProbability: Double
    /// Time between one person's repeated clicks (log-normal).
    public var repeatClickGapMedian: TimeInterval
    public var repeatClickGapSigma: Double
    /// After a person's clicks on one link, the chance that they later click another of the app's
    /// links (a second share, an email after a social post), and the gap before it (log-normal).
    public var otherLinkProbability: Double
    public var otherLinkGapMedian: TimeInterval
    public var otherLinkGapSigma: Double
    /// Click-to-install delay: a mixture of "install right away" and "come back later" (log-normal
    /// each), never under `minimumDelay` (download and first launch take time). Part of the slow
    /// component falls beyond the window.
    public var quickInstallShare: Double
    public var quickDelayMedian: TimeInterval
    public var quickDelaySigma: Double
    public var slowDelayMedian: TimeInterval
    public var slowDelaySigma: Double
    public var minimumDelay: TimeInterval
    /// Chance that a new person joins a recent household (same home network, time zone, usually
    /// language, often the same phone model) rather than starting a new one: family and friends
    /// share links with each other.
    public var householdJoinProbability: Double
    public var householdSameModelProbability: Double
    public var householdSameLanguageProbability: Double

    // MARK: Devices and browsers

    /// Share of clicks opened in an app's embedded browser (Instagram, Facebook, TikTok…) rather
    /// than Safari/Chrome. The page beacon still reports screen, time zone and language.
    public var iOSInAppShare: Double
    public var androidInAppShare: Double
    /// Share of clicks whose page never reports back (closed at once, script blocked).
    public var beaconFailureShare: Double
    /// Share of Android people whose SDK reports a different language tag than their browser.
    /// (On iOS the difference is structural: the SDK sends the `Locale` identifier, which follows
    /// the region setting, while the browser sends the preferred language: `es_US` against `es-MX`.)
    public var androidLanguageMismatchShare: Double
    /// Chance per day between click and install of an OS update.
    public var osUpdatePerDay: Double
    /// Chance that the time zone changes between click and install (travel).
    public var timezoneChangeShare: Double

    // MARK: Networks

    /// Where an event happens, for a person who has an office (others redistribute its share).
    public var homeWiFiShare: Double
    public var cellularShare: Double
    public var officeWiFiShare: Double
    public var publicWiFiShare: Double
    /// Share of people who have an office, campus or school network.
    public var officeHolderShare: Double
    /// Office networks and public Wi-Fi venues (cafés, airports, campuses): Zipf-distributed sizes,
    /// so the largest are shared by very many people.
    public var officeCount: Int
    public var officeZipfExponent: Double
    public var venueCount: Int
    public var venueZipfExponent: Double
    /// Residential /24 prefixes in the audience's area: unrelated homes share a /24 with neighbours.
    public var residentialPrefixCount: Int
    /// Chance per day that a home's public address moves to another prefix.
    public var homeAddressChangePerDay: Double
    /// Share of cellular events whose address reaches the server as carrier-grade NAT space
    /// (100.64.0.0/10, e.g. forwarded by a carrier proxy): the engine has no prefix for them.
    public var cellularUnroutableShare: Double
    /// For the same phone on cellular, the chance that the egress prefix is still the same after
    /// a delay: `cellularStickiness × exp(-delay / cellularStickinessTime)`; otherwise it is drawn
    /// again from the carrier's pool.
    public var cellularStickiness: Double
    public var cellularStickinessTime: TimeInterval
    /// Share of iOS Safari clicks sent through iCloud Private Relay (the app's own traffic is not).
    public var privateRelayShare: Double
    public var privateRelayPrefixes: Int
    /// Share of people whose phone runs an always-on VPN: clicks and installs leave through the
    /// VPN's exits, shared by its other customers, and a later session may use another exit.
    public var vpnShare: Double
    public var vpnExitPrefixes: Int
    public var vpnSameExitProbability: Double
    /// Share of households whose home network reaches the server over IPv6: one /64 per home
    /// network, shared by the household's devices.
    public var homeIPv6Share: Double
    /// For a phone on an IPv6 carrier, how long its /64 (one per phone, per data session) lasts:
    /// the chance that two events share it is `exp(-gap / cellularIPv6Lifetime)`.
    public var cellularIPv6Lifetime: TimeInterval
    /// Chance that the install happens on the same kind of network as the click, by delay.
    public var sameNetworkWithinMinutes: Double
    public var sameNetworkWithinHours: Double
    public var sameNetworkLater: Double

    // MARK: Deterministic hand-off

    /// Share of clicked Android installs whose Play Install Referrer carries the click token.
    public var androidReferrerShare: Double
    /// Share of clicked iOS installs that carry the token through the opt-in clipboard hand-off.
    public var iOSClipboardShare: Double

    /// The audience.
    public var countries: [Country]

    /// The population's preset: `.hard` (the default, as hard as real traffic) or `.easy`.
    public var preset: Preset

    public init(clicksPerDay: Double = 1_000, days: Double = 14, windowHours: Double = 168, preset: Preset = .hard) {
        self.clicksPerDay = clicksPerDay
        self.days = days
        self.warmUpDays = windowHours / 24
        self.windowHours = windowHours
        self.preset = preset
        otherLinkProbability = 0
        otherLinkGapMedian = 86_400
        otherLinkGapSigma = 1.2
        vpnShare = 0
        vpnExitPrefixes = 3_000
        vpnSameExitProbability = 0.5
        homeIPv6Share = 0
        cellularIPv6Lifetime = 12 * 3600
        organicShare = 0.12
        conversionShare = 0.33
        repeatClickProbability = 0.22
        repeatClickGapMedian = 25 * 60
        repeatClickGapSigma = 1.6
        quickInstallShare = 0.6
        quickDelayMedian = 210
        quickDelaySigma = 0.7
        slowDelayMedian = 5 * 3600
        slowDelaySigma = 1.7
        minimumDelay = 40
        householdJoinProbability = 0.06
        householdSameModelProbability = 0.35
        householdSameLanguageProbability = 0.9
        iOSInAppShare = 0.28
        androidInAppShare = 0.2
        beaconFailureShare = 0.03
        androidLanguageMismatchShare = 0.01
        osUpdatePerDay = 0.01
        timezoneChangeShare = 0.005
        homeWiFiShare = 0.45
        cellularShare = 0.38
        officeWiFiShare = 0.12
        publicWiFiShare = 0.05
        officeHolderShare = 0.4
        officeCount = 60_000
        officeZipfExponent = 0.95
        venueCount = 20_000
        venueZipfExponent = 0.8
        residentialPrefixCount = 1_500_000
        homeAddressChangePerDay = 0.01
        cellularUnroutableShare = 0.15
        cellularStickiness = 0.9
        cellularStickinessTime = 20 * 60
        privateRelayShare = 0.15
        privateRelayPrefixes = 2_000
        sameNetworkWithinMinutes = 0.8
        sameNetworkWithinHours = 0.55
        sameNetworkLater = 0.45
        androidReferrerShare = 0.85
        iOSClipboardShare = 0.05
        countries = Geography.defaultCountries
        if preset == .hard { applyHardDefaults() }
    }

    public var window: TimeInterval { windowHours * 3600 }

    /// Clicks per person who clicks: after each click another follows with the re-click or the
    /// other-link probability (geometric).
    public var clicksPerPerson: Double {
        let repeatClick = min(0.95, repeatClickProbability)
        let another = repeatClick + (1 - repeatClick) * min(0.95, max(0, otherLinkProbability))
        return 1 / (1 - min(0.95, another))
    }

    /// Installs per measured day, roughly: clicked installs plus organic ones.
    public var expectedInstallsPerDay: Double {
        let clicked = clicksPerDay / clicksPerPerson * conversionShare
        return clicked / (1 - min(0.95, organicShare))
    }

    /// Problems that would make the generator meaningless, for the command line to report.
    public func problems() -> [String] {
        var problems: [String] = []
        if !(clicksPerDay > 0) { problems.append("clicks per day must be positive") }
        if !(days > warmUpDays) { problems.append("days must exceed the warm-up (\(warmUpDays) days)") }
        if !(windowHours > 0) { problems.append("the window must be positive") }
        for (name, share) in [
            ("organic share", organicShare), ("conversion share", conversionShare),
            ("repeat-click probability", repeatClickProbability), ("quick-install share", quickInstallShare),
            ("other-link probability", otherLinkProbability), ("VPN share", vpnShare), ("home IPv6 share", homeIPv6Share),
        ] where !(0...0.95).contains(share) {
            problems.append("\(name) must be within 0...0.95")
        }
        func positive(_ weights: [Double]) -> Bool { weights.contains { $0 > 0 } && weights.allSatisfy { $0 >= 0 } }
        if !positive(countries.map(\.share))
            || countries.contains(where: {
                !positive($0.timezones.map(\.1)) || !positive($0.languages.map(\.1)) || !positive($0.carriers.map(\.share))
            })
        {
            problems.append("every country needs weighted time zones, languages and carriers, and one country a positive share")
        }
        if officeCount < 1 || venueCount < 1 || residentialPrefixCount < 1 || privateRelayPrefixes < 1 || vpnExitPrefixes < 1 {
            problems.append("network pools must not be empty")
        }
        return problems
    }
}
