import Foundation
import LandfallAttribution

/// The mutable part of one generation run: random streams, households and the events so far.
struct GenerationState {
    typealias Person = PopulationGenerator.Person
    typealias Household = PopulationGenerator.Household

    let model: PopulationModel
    let tables: PopulationGenerator.Tables
    /// Separate streams, so a change in how networks are drawn does not reshuffle devices.
    var people: SeededGenerator
    var events: SeededGenerator
    var households: [Household] = []
    var householdLastHome: [TimeInterval] = []
    var nextPerson = 0
    var clicks: [SimulatedClick] = []
    var installs: [SimulatedInstall] = []

    init(model: PopulationModel, seed: UInt64) {
        self.model = model
        tables = PopulationGenerator.Tables(model)
        people = SeededGenerator(seed: seed, stream: "people")
        events = SeededGenerator(seed: seed, stream: "events")
    }

    // MARK: People

    mutating func newPerson(at time: TimeInterval) -> Person {
        let household = pickHousehold(at: time)
        let home = households[household]
        let country = model.countries[home.country]
        let platform: DevicePlatform = people.chance(country.iOSShare) ? .ios : .android
        let device: DeviceModel
        if let shared = home.models[platform], people.chance(model.householdSameModelProbability) {
            device = shared
        } else {
            let table =
                platform == .ios
                ? (country.usDeviceMix ? tables.iOSUS : tables.iOSIntl)
                : (country.usDeviceMix ? tables.androidUS : tables.androidIntl)
            device = table.pick(&people)
        }
        if households[household].models[platform] == nil { households[household].models[platform] = device }
        let versions = platform == .ios ? tables.iOSVersions : tables.androidVersions
        let osVersion = DeviceCatalog.version(for: device, from: versions, &people)
        let alternate = device.alternatePixels.map { !$0.perEvent && people.chance($0.share) } ?? false
        let language = people.chance(model.householdSameLanguageProbability) ? home.language : tables.languages[home.country].pick(&people)
        let carrier = tables.carriers[home.country].pick(&people)
        let office = people.chance(model.officeHolderShare) ? tables.offices.pick(&people) : nil
        let relay = platform == .ios && people.chance(model.privateRelayShare)
        defer { nextPerson += 1 }
        var person = Person(
            id: nextPerson, country: home.country, household: household, platform: platform, device: device,
            osVersion: osVersion, alternateScreen: alternate, timezone: home.timezone, language: language,
            carrier: carrier, office: office, privateRelay: relay
        )
        // Drawn only when the model asks, so the easy population's streams stay as they were.
        if model.vpnShare > 0 { person.vpn = people.chance(model.vpnShare) }
        let ipv6Share = country.carriers[carrier].ipv6Share
        if ipv6Share > 0 { person.cellularIPv6 = people.chance(ipv6Share) }
        return person
    }

    /// Joins a household created in the last two days, or starts a new one.
    mutating func pickHousehold(at time: TimeInterval) -> Int {
        if people.chance(model.householdJoinProbability) {
            var low = 0
            var high = households.count
            while low < high {
                let mid = (low + high) / 2
                if households[mid].createdAt < time - 2 * 86_400 { low = mid + 1 } else { high = mid }
            }
            if low < households.count { return low + people.below(households.count - low) }
        }
        let country = tables.countries.pick(&people)
        var household = Household(
            createdAt: time, country: country, homePrefix: people.below(model.residentialPrefixCount),
            host: 2 + people.below(250), timezone: tables.timezones[country].pick(&people),
            language: tables.languages[country].pick(&people)
        )
        if model.homeIPv6Share > 0 { household.ipv6 = people.chance(model.homeIPv6Share) }
        households.append(household)
        householdLastHome.append(time)
        return households.count - 1
    }

    // MARK: Clicks and installs

    mutating func clicker(_ person: inout Person, from start: TimeInterval, horizon: TimeInterval) {
        var time = start
        var last: SimulatedClick?
        while time < horizon {
            let click = makeClick(&person, at: time)
            clicks.append(click)
            last = click
            if events.chance(model.repeatClickProbability) {
                time += events.logNormal(median: model.repeatClickGapMedian, sigma: model.repeatClickGapSigma)
            } else if model.otherLinkProbability > 0, events.chance(model.otherLinkProbability) {
                // Another of the app's links, in a later session.
                time += events.logNormal(median: model.otherLinkGapMedian, sigma: model.otherLinkGapSigma)
            } else {
                break
            }
        }
        guard let last, events.chance(model.conversionShare) else { return }
        let delay = max(
            model.minimumDelay,
            events.chance(model.quickInstallShare)
                ? events.logNormal(median: model.quickDelayMedian, sigma: model.quickDelaySigma)
                : events.logNormal(median: model.slowDelayMedian, sigma: model.slowDelaySigma))
        guard last.time + delay < horizon else { return }
        installs.append(makeInstall(&person, at: last.time + delay, after: last))
    }

    mutating func organicInstall(_ person: inout Person, at time: TimeInterval) {
        installs.append(makeInstall(&person, at: time, after: nil))
    }

    mutating func makeClick(_ person: inout Person, at time: TimeInterval) -> SimulatedClick {
        var kind: BrowserKind
        if person.platform == .ios {
            kind = events.chance(model.iOSInAppShare) ? UserAgents.iOSInApp.pick(&events) : UserAgents.iOSBrowsers.pick(&events)
        } else {
            kind = events.chance(model.androidInAppShare) ? UserAgents.androidInApp.pick(&events) : UserAgents.androidBrowsers.pick(&events)
            if kind == .samsungInternet, person.device.modelCode?.hasPrefix("SM-") != true { kind = .chromeAndroid }
        }
        let network: NetworkKind = person.vpn ? .vpn : kind == .safari && person.privateRelay ? .privateRelay : pickNetwork(person)
        let address = self.address(&person, network, at: time, sameVenue: false)
        let screen = eventScreen(person)
        let page = browserScreen(screen, dpr: person.device.devicePixelRatio, platform: person.platform)
        let clientHints = kind == .chromeAndroid || kind == .samsungInternet
        let beacon =
            events.chance(model.beaconFailureShare)
            ? nil
            : BeaconReport(
                screenWidth: page.0, screenHeight: page.1, timezone: person.timezone, language: person.language, touchPoints: 5,
                platformVersion: clientHints ? "\(person.osVersion).0.0" : nil, model: clientHints ? person.device.modelCode : nil
            )
        return SimulatedClick(
            index: clicks.count, personId: person.id, time: time, platform: person.platform, browser: kind, network: network,
            userAgent: UserAgents.click(kind: kind, device: person.device, osVersion: person.osVersion, screen: page),
            ipAddress: address, beacon: beacon, language: person.language
        )
    }

    mutating func makeInstall(_ person: inout Person, at time: TimeInterval, after click: SimulatedClick?) -> SimulatedInstall {
        var network = pickNetwork(person)
        var sameVenue = false
        if let click {
            let delay = time - click.time
            let same =
                delay < 1800 ? model.sameNetworkWithinMinutes : delay < 6 * 3600 ? model.sameNetworkWithinHours : model.sameNetworkLater
            if click.network != .privateRelay, click.network != .vpn, events.chance(same) {
                network = click.network
                sameVenue = network == .publicWiFi
            }
            let days = delay / 86_400
            if person.platform == .ios, events.chance(1 - exp(-model.osUpdatePerDay * days)) {
                person.osVersion = Self.nextMinor(person.osVersion)
            }
        }
        if person.vpn { network = .vpn }
        let address = self.address(&person, network, at: time, sameVenue: sameVenue)
        let screen = eventScreen(person)
        var timezone = person.timezone
        if click != nil, events.chance(model.timezoneChangeShare) {
            timezone = tables.timezones[person.country].pick(&events)
        }
        let country = model.countries[person.country]
        var language = person.language
        if person.platform == .ios {
            language = Self.iOSLocaleIdentifier(person.language, region: country.code)
        } else if events.chance(model.androidLanguageMismatchShare) {
            language = String(person.language.split(separator: "-").first ?? "en")
        }
        var token = false
        if let click, time - click.time <= model.window {
            token = events.chance(person.platform == .android ? model.androidReferrerShare : model.iOSClipboardShare)
        }
        return SimulatedInstall(
            personId: person.id, time: time, platform: person.platform, network: network,
            userAgent: UserAgents.sdk(platform: person.platform, osVersion: person.osVersion), ipAddress: address,
            screenWidth: screen.0, screenHeight: screen.1, timezone: timezone, language: language,
            platformVersion: person.osVersion, causingClick: click?.index, carriesToken: token
        )
    }

    // MARK: Networks, screens, locales

    mutating func pickNetwork(_ person: Person) -> NetworkKind {
        let office = person.office == nil ? 0 : model.officeWiFiShare
        let table = [
            (NetworkKind.home, model.homeWiFiShare), (.cellular, model.cellularShare),
            (.office, office), (.publicWiFi, model.publicWiFiShare),
        ]
        let total = table.reduce(0) { $0 + $1.1 }
        var target = events.unit() * total
        for (kind, weight) in table {
            if target < weight { return kind }
            target -= weight
        }
        return .home
    }

    mutating func address(_ person: inout Person, _ kind: NetworkKind, at time: TimeInterval, sameVenue: Bool) -> String {
        switch kind {
        case .home:
            let household = person.household
            let idle = max(0, time - householdLastHome[household]) / 86_400
            if events.chance(1 - exp(-model.homeAddressChangePerDay * idle)) {
                households[household].homePrefix = events.below(model.residentialPrefixCount)
                households[household].host = 2 + events.below(250)
            }
            householdLastHome[household] = max(householdLastHome[household], time)
            let home = households[household]
            if home.ipv6 { return AddressSpace.residentialIPv6(home.homePrefix, &events) }
            return AddressSpace.address(AddressSpace.residential(home.homePrefix), host: home.host)
        case .office:
            return AddressSpace.address(AddressSpace.office(person.office ?? 0), host: 1 + events.below(254))
        case .publicWiFi:
            let venue = sameVenue ? (person.lastVenue ?? tables.venues.pick(&events)) : tables.venues.pick(&events)
            person.lastVenue = venue
            return AddressSpace.address(AddressSpace.venue(venue), host: 1 + events.below(254))
        case .privateRelay:
            return AddressSpace.address(AddressSpace.relay(events.below(model.privateRelayPrefixes)), host: 1 + events.below(254))
        case .vpn:
            var exit = events.below(model.vpnExitPrefixes)
            if let last = person.lastVPNExit, events.chance(model.vpnSameExitProbability) { exit = last }
            person.lastVPNExit = exit
            return AddressSpace.address(AddressSpace.vpnExit(exit), host: 1 + events.below(254))
        case .cellular:
            let carrier = model.countries[person.country].carriers[person.carrier]
            if person.cellularIPv6 {
                // One /64 per phone and data session; a new session gets a new one.
                var session = events.next()
                if let last = person.lastCellularIPv6, events.chance(exp(-(time - last.time) / model.cellularIPv6Lifetime)) {
                    session = last.session
                }
                person.lastCellularIPv6 = (session, time)
                return AddressSpace.carrierIPv6(carrier, session: session, &events)
            }
            if events.chance(model.cellularUnroutableShare) { return AddressSpace.sharedSpace(&events) }
            var prefix = events.below(max(1, carrier.egressPrefixes))
            if let last = person.lastCellular,
                events.chance(model.cellularStickiness * exp(-(time - last.time) / model.cellularStickinessTime))
            {
                prefix = last.prefix
            }
            person.lastCellular = (prefix, time)
            let salt = person.country * 16 + person.carrier
            return AddressSpace.address(AddressSpace.carrier(carrier, index: prefix, salt: salt), host: 1 + events.below(254))
        }
    }

    /// The screen the device reports for one event (a foldable's cover or main display).
    mutating func eventScreen(_ person: Person) -> (Int, Int) {
        if let alternate = person.device.alternatePixels {
            let useAlternate = alternate.perEvent ? events.chance(alternate.share) : person.alternateScreen
            if useAlternate { return (alternate.width, alternate.height) }
        }
        return person.device.pixels
    }

    /// `Math.round(screen.width × devicePixelRatio)`: Chrome reports whole CSS pixels, so an
    /// Android page can be a pixel or two off the native size; iOS reports points × scale exactly.
    func browserScreen(_ screen: (Int, Int), dpr: Double, platform: DevicePlatform) -> (Int, Int) {
        guard platform == .android, dpr > 0 else { return screen }
        func page(_ pixels: Int) -> Int { Int((ceil(Double(pixels) / dpr) * dpr).rounded()) }
        return (page(screen.0), page(screen.1))
    }

    /// iOS `Locale.current.identifier`: the language with the region setting (`en_US`, `es_US`,
    /// `zh-Hans_US`), which differs from the browser's preferred-language tag when a person's
    /// language is not their region's (`es-MX` in the US, `en-US` in Canada).
    static func iOSLocaleIdentifier(_ language: String, region: String) -> String {
        var base = String(language.split(separator: "-").first ?? "en")
        if base == "zh" { base = "zh-Hans" }
        return "\(base)_\(region)"
    }

    static func nextMinor(_ version: String) -> String {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return version }
        return "\(major).\((parts.count > 1 ? parts[1] : 0) + 1)"
    }

    // MARK: Finish

    func finish(start: Date, seed: UInt64, people: Int) -> SimulatedPopulation {
        let order = clicks.indices.sorted { (clicks[$0].time, $0) < (clicks[$1].time, $1) }
        var newIndex = [Int](repeating: 0, count: clicks.count)
        var sortedClicks: [SimulatedClick] = []
        sortedClicks.reserveCapacity(clicks.count)
        for (position, old) in order.enumerated() {
            newIndex[old] = position
            var click = clicks[old]
            click.index = position
            sortedClicks.append(click)
        }
        var sortedInstalls = installs.map { install in
            var install = install
            install.causingClick = install.causingClick.map { newIndex[$0] }
            return install
        }
        sortedInstalls.sort { ($0.time, $0.personId) < ($1.time, $1.personId) }
        return SimulatedPopulation(
            model: model, seed: seed, start: start, clicks: sortedClicks, installs: sortedInstalls, people: people
        )
    }
}
