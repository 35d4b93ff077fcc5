import Foundation
import LandfallAttribution

/// Draws a `SimulatedPopulation` from a `PopulationModel`, deterministically for a seed.
///
/// People arrive over the simulated days (more in the US evening than at night). A person who
/// clicks may click again; a third of them install after a delay from their last click. Organic
/// installers never click. Everyone belongs to a household (home network, time zone, language),
/// has a carrier, maybe an office network, a phone with its OS version and screen, and browses
/// in a browser or an app's embedded browser.
public struct PopulationGenerator: Sendable {
    public var model: PopulationModel
    public var seed: UInt64
    /// Time 0 of the simulation: a Monday, midnight UTC.
    public var start: Date

    public init(model: PopulationModel, seed: UInt64, start: Date = Date(timeIntervalSince1970: 1_772_409_600)) {
        self.model = model
        self.seed = seed
        self.start = start
    }

    struct Household {
        var createdAt: TimeInterval
        var country: Int
        var homePrefix: Int
        var host: Int
        var timezone: String
        var language: String
        var ipv6: Bool = false
        var models: [DevicePlatform: DeviceModel] = [:]
    }

    struct Person {
        var id: Int
        var country: Int
        var household: Int
        var platform: DevicePlatform
        var device: DeviceModel
        var osVersion: String
        var alternateScreen: Bool
        var timezone: String
        var language: String
        var carrier: Int
        var office: Int?
        var privateRelay: Bool
        var vpn: Bool = false
        var cellularIPv6: Bool = false
        var lastCellular: (prefix: Int, time: TimeInterval)?
        var lastCellularIPv6: (session: UInt64, time: TimeInterval)?
        var lastVPNExit: Int?
        var lastVenue: Int?
    }

    struct Tables {
        var countries: WeightedTable<Int>
        var timezones: [WeightedTable<String>]
        var languages: [WeightedTable<String>]
        var carriers: [WeightedTable<Int>]
        var iOSUS: WeightedTable<DeviceModel>
        var iOSIntl: WeightedTable<DeviceModel>
        var androidUS: WeightedTable<DeviceModel>
        var androidIntl: WeightedTable<DeviceModel>
        var iOSVersions = WeightedTable<String>(DeviceCatalog.iOSVersions)
        var androidVersions = WeightedTable<String>(DeviceCatalog.androidVersions)
        var offices: WeightedTable<Int>
        var venues: WeightedTable<Int>

        init(_ model: PopulationModel) {
            countries = WeightedTable(model.countries.enumerated().map { ($0.offset, $0.element.share) })
            timezones = model.countries.map { WeightedTable($0.timezones) }
            languages = model.countries.map { WeightedTable($0.languages) }
            carriers = model.countries.map { WeightedTable($0.carriers.enumerated().map { ($0.offset, $0.element.share) }) }
            iOSUS = WeightedTable(DeviceCatalog.iOS.map { ($0, $0.usWeight) })
            iOSIntl = WeightedTable(DeviceCatalog.iOS.map { ($0, $0.internationalWeight) })
            androidUS = WeightedTable(DeviceCatalog.android.map { ($0, $0.usWeight) })
            androidIntl = WeightedTable(DeviceCatalog.android.map { ($0, $0.internationalWeight) })
            offices = WeightedTable<Int>.zipf(count: model.officeCount, exponent: model.officeZipfExponent)
            venues = WeightedTable<Int>.zipf(count: model.venueCount, exponent: model.venueZipfExponent)
        }
    }

    /// Generates the population. Pure: the same model and seed give the same population.
    public func generate() -> SimulatedPopulation {
        var state = GenerationState(model: model, seed: seed)
        let horizon = model.days * 86_400
        let clicksPerPerson = model.clicksPerPerson
        let clickerRate = model.clicksPerDay / clicksPerPerson / 86_400
        let organicShare = min(0.95, model.organicShare)
        let organicRate = clickerRate * model.conversionShare * organicShare / (1 - organicShare)

        var arrivals: [(time: TimeInterval, organic: Bool)] = []
        var arrivalRandom = SeededGenerator(seed: seed, stream: "arrivals")
        for time in Self.arrivals(rate: clickerRate, horizon: horizon, &arrivalRandom) { arrivals.append((time, false)) }
        for time in Self.arrivals(rate: organicRate, horizon: horizon, &arrivalRandom) { arrivals.append((time, true)) }
        arrivals.sort { $0.time < $1.time }

        for arrival in arrivals {
            var person = state.newPerson(at: arrival.time)
            if arrival.organic {
                state.organicInstall(&person, at: arrival.time)
            } else {
                state.clicker(&person, from: arrival.time, horizon: horizon)
            }
        }
        return state.finish(start: start, seed: seed, people: arrivals.count)
    }

    /// A Poisson process over `[0, horizon)` whose rate follows the audience's day: highest in
    /// the US evening (01:00 UTC), lowest in the early morning, averaging `rate`.
    static func arrivals(rate: Double, horizon: TimeInterval, _ random: inout SeededGenerator) -> [TimeInterval] {
        guard rate > 0 else { return [] }
        let peak = 1.5
        var times: [TimeInterval] = []
        var time = 0.0
        while true {
            time += random.exponential(mean: 1 / (rate * peak))
            guard time < horizon else { break }
            let hour = time.truncatingRemainder(dividingBy: 86_400) / 3600
            let weight = 1 + 0.5 * cos(2 * Double.pi * (hour - 1) / 24)
            if random.unit() < weight / peak { times.append(time) }
        }
        return times
    }
}
