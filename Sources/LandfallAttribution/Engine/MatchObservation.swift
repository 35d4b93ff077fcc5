import Foundation

/// Everything the engine's decision for one install depends on besides its parameters: how common
/// the install's values are among the window's clicks, and for each candidate its delay and which
/// factors agree. The engine decides from it; the per-app fit (``AttributionModelFit``) keeps it
/// and asks, for other parameters, what the engine would have said.
///
/// It holds no address, signal value or click id, only shares, agreements and delays, so keeping
/// it beside an install adds nothing personal to the install's record.
public struct MatchObservation: Sendable, Hashable {
    public var platform: DevicePlatform
    /// The span strangers' clicks spread over: the attribution window, or since the app's first
    /// click on the platform when that came later (`AttributionEngine.strangerSpan`).
    public var window: TimeInterval
    /// Clicks of the app and platform in the window (at least the candidates).
    public var clickCount: Int
    public var shares: InstallShares
    public var candidates: [Candidate]
    /// The candidate a click token named (a labelled example), nil for a token-less install.
    public var label: Int?

    public init(
        platform: DevicePlatform, window: TimeInterval, clickCount: Int, shares: InstallShares, candidates: [Candidate], label: Int? = nil
    ) {
        self.platform = platform
        self.window = window
        self.clickCount = clickCount
        self.shares = shares
        self.candidates = candidates
        self.label = label
    }

    /// One candidate click as the install saw it.
    public struct Candidate: Sendable, Hashable {
        /// Seconds from the click to the install.
        public var delay: TimeInterval
        public var ip: Agreement
        public var deviceModel: Agreement
        public var osVersion: Agreement
        public var screen: Agreement
        public var timezone: Agreement
        public var language: Agreement
        /// Clicks of one device (same network and signals) share a group.
        public var group: Int
        /// Agrees with the install on every device and locale signal (see `AttributionEngine.sameDevice`).
        public var sameDevice: Bool
        /// False for a labelled click that the candidate indexes did not return: kept to learn how
        /// one person's signals change, never scored.
        public var fetched: Bool

        public init(
            delay: TimeInterval, ip: Agreement = .unknown, deviceModel: Agreement = .unknown, osVersion: Agreement = .unknown,
            screen: Agreement = .unknown, timezone: Agreement = .unknown, language: Agreement = .unknown, group: Int = 0,
            sameDevice: Bool = false, fetched: Bool = true
        ) {
            self.delay = delay
            self.ip = ip
            self.deviceModel = deviceModel
            self.osVersion = osVersion
            self.screen = screen
            self.timezone = timezone
            self.language = language
            self.group = group
            self.sameDevice = sameDevice
            self.fetched = fetched
        }

        /// Agrees on OS version, screen, time zone and language: what the signature index finds
        /// whatever the network, so the network's agreement among such pairs is not selected.
        var agreesOnSignature: Bool {
            osVersion == .agrees && screen == .agrees && timezone == .agrees && language == .agrees
        }

        /// Agrees on screen, time zone and language: a look-alike of the install's device as the
        /// signature's count counts them, whatever the OS version.
        var looksAlike: Bool {
            screen == .agrees && timezone == .agrees && language == .agrees
        }
    }

    public enum Agreement: UInt8, Sendable, Hashable {
        case unknown = 0
        case agrees = 1
        case differs = 2

        init(_ value: Bool?) {
            switch value {
            case true?: self = .agrees
            case false?: self = .differs
            case nil: self = .unknown
            }
        }

        var known: Bool? {
            switch self {
            case .agrees: true
            case .differs: false
            case .unknown: nil
            }
        }
    }
}

/// How often a stranger's click carries each of the install's values, among the window's clicks
/// of its platform; nil where the install lacks the value.
public struct InstallShares: Sendable, Hashable {
    public var ip: Double?
    public var deviceModel: Double?
    public var osVersion: Double?
    public var screen: Double?
    public var timezone: Double?
    public var language: Double?
    /// OS version and screen together, and time zone and language together.
    public var device: Double?
    public var locale: Double?
    /// Screen, time zone and language together: how many look-alike strangers there are.
    public var signature: Double?
    /// The smallest share a count can give (half a click in the window).
    public var floor: Double
    /// How many of the window's clicks carry a signature (screen, time zone and language), which
    /// its share is taken among; nil where that was not counted, and then every click stands in.
    public var signatureCarried: Int?
    /// How many of the window's clicks carry a network prefix, which its share is taken among;
    /// nil where that was not counted.
    public var networkCarried: Int?

    public init(
        ip: Double? = nil, deviceModel: Double? = nil, osVersion: Double? = nil, screen: Double? = nil, timezone: Double? = nil,
        language: Double? = nil, device: Double? = nil, locale: Double? = nil, signature: Double? = nil, floor: Double,
        signatureCarried: Int? = nil, networkCarried: Int? = nil
    ) {
        self.ip = ip
        self.deviceModel = deviceModel
        self.osVersion = osVersion
        self.screen = screen
        self.timezone = timezone
        self.language = language
        self.device = device
        self.locale = locale
        self.signature = signature
        self.floor = floor
        self.signatureCarried = signatureCarried
        self.networkCarried = networkCarried
    }

    /// The install's shares among `population`. A pair's joint share falls back to the product
    /// when the population has no joint count (statistics kept before joint factors were counted).
    ///
    /// Each value's share is taken among the clicks that carry its factor, where the population
    /// counted those: a stranger can only agree on a signal both sides carry, and many clicks
    /// carry none (Android's OS version and model come only from client hints; screen, time zone
    /// and language only from a page whose beacon reported). Among every click such a value looked
    /// rarer than it is by that coverage, each agreement on it weighed as much more, and organic
    /// installs with a look-alike stranger's click looked clicked: the learned clicked share ran
    /// away (docs/accuracy-journal.md, "A value's share among the clicks that carry the signal").
    public init(install: InstallEvidence, population: some PopulationStatistics) {
        let total = Double(max(population.clickCount, 1))
        floor = 0.5 / (total + 1)
        func carrying(_ factor: Factor) -> Double {
            guard let carried = population.carried(factor), carried > 0 else { return total }
            return min(Double(carried), total)
        }
        func share(_ count: Int, among clicks: Double) -> Double { min(0.999, (Double(count) + 0.5) / (clicks + 1)) }
        func single(_ factor: Factor) -> Double? {
            factor.value(of: install).map { share(population.count(of: factor, value: $0), among: carrying(factor)) }
        }
        func joint(_ factor: Factor, _ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b else { return nil }
            let count = factor.value(of: install).map { population.count(of: factor, value: $0) } ?? 0
            return min(count > 0 ? share(count, among: carrying(factor)) : a * b, a, b)
        }
        ip = single(.ipPrefix)
        if ip != nil, let carried = population.carried(.ipPrefix), carried > 0 { networkCarried = min(carried, Int(total)) }
        deviceModel = single(.deviceModel)
        osVersion = single(.osVersion)
        screen = single(.screen)
        timezone = single(.timezone)
        language = single(.language)
        device = joint(.device, osVersion, screen)
        locale = joint(.locale, timezone, language)
        if let locale, let screen, let value = Factor.signature.value(of: install) {
            let count = population.count(of: .signature, value: value)
            // It can be no commoner than either of its parts. None counted is the floor: no
            // look-alike among the window's clicks is evidence too (see
            // `AttributionEngine.unfetchedWeight`), but only a counted one corrects the pairs.
            let carried = carrying(.signature)
            signature = count > 0 ? min(share(count, among: carried), locale, screen) : floor
            if population.carried(.signature) != nil { signatureCarried = Int(carried) }
        }
    }
}
