import LandfallAttribution
import LandfallSimulator
import Testing

@Suite("Population generator")
struct PopulationGeneratorTests {
    static let model = PopulationModel(clicksPerDay: 400, days: 10)
    static let population = PopulationGenerator(model: model, seed: 7).generate()

    @Test("the same seed gives the same population")
    func deterministic() {
        let again = PopulationGenerator(model: Self.model, seed: 7).generate()
        #expect(again.clicks == Self.population.clicks)
        #expect(again.installs == Self.population.installs)
    }

    @Test("another seed gives another population")
    func seedMatters() {
        let other = PopulationGenerator(model: Self.model, seed: 8).generate()
        #expect(other.clicks != Self.population.clicks)
    }

    @Test("clicks per day and conversion are near what the model asks for")
    func volume() {
        let perDay = Double(Self.population.clicks.count) / Self.model.days
        #expect((340...460).contains(perDay))
        let clicked = Self.population.installs.filter { $0.causingClick != nil }.count
        let conversion = Double(clicked) / Double(Self.population.clicks.count)
        #expect((0.14...0.34).contains(conversion))
    }

    @Test("organic installs are within 5-20% of installs")
    func organicShare() {
        let organic = Self.population.installs.filter { $0.causingClick == nil }.count
        let share = Double(organic) / Double(Self.population.installs.count)
        #expect((0.05...0.2).contains(share))
    }

    @Test("every install comes after its click, at least the minimum delay later")
    func delays() {
        for install in Self.population.installs {
            guard let index = install.causingClick else { continue }
            let click = Self.population.clicks[index]
            #expect(click.personId == install.personId)
            #expect(install.time - click.time >= Self.model.minimumDelay)
        }
    }

    @Test("delays run from minutes to days: most installs come within the hour, some after a one-day window")
    func delaySpread() {
        let population = PopulationGenerator(model: PopulationModel(clicksPerDay: 400, days: 4, windowHours: 24), seed: 5).generate()
        let delays = population.installs.compactMap { install in install.causingClick.map { install.time - population.clicks[$0].time } }
        let withinHour = delays.filter { $0 < 3600 }.count
        #expect(Double(withinHour) / Double(delays.count) > 0.5)
        #expect(delays.contains { $0 > 86_400 })
        #expect(population.installs.contains { $0.causingClick != nil && !population.isFromClickInWindow($0) })
    }

    @Test("clicks are sorted by time and indexed by position")
    func ordering() {
        for (position, click) in Self.population.clicks.enumerated() {
            #expect(click.index == position)
            if position > 0 { #expect(Self.population.clicks[position - 1].time <= click.time) }
        }
    }

    @Test("people click more than once, and many people share one network prefix")
    func sharing() {
        var clicksPerPerson: [Int: Int] = [:]
        var peoplePerPrefix: [String: Set<Int>] = [:]
        for click in Self.population.clicks {
            clicksPerPerson[click.personId, default: 0] += 1
            if let prefix = IPAddressPrefix.prefix(of: click.ipAddress) { peoplePerPrefix[prefix, default: []].insert(click.personId) }
        }
        #expect(clicksPerPerson.values.contains { $0 > 1 })
        #expect((peoplePerPrefix.values.map(\.count).max() ?? 0) >= 5)
        #expect(Self.population.clicks.contains { IPAddressPrefix.prefix(of: $0.ipAddress) == nil })
    }

    @Test("screens are real device sizes, on both platforms, and some clicks come from in-app browsers")
    func devices() {
        let sizes = Set(
            (DeviceCatalog.iOS + DeviceCatalog.android).flatMap { model -> [String] in
                var sizes = ["\(model.pixels.width)x\(model.pixels.height)"]
                if let alternate = model.alternatePixels { sizes.append("\(alternate.width)x\(alternate.height)") }
                return sizes
            })
        #expect(Self.population.installs.allSatisfy { sizes.contains("\($0.screenWidth)x\($0.screenHeight)") })
        #expect(Self.population.installs.contains { $0.platform == .ios })
        #expect(Self.population.installs.contains { $0.platform == .android })
        let inApp = Self.population.clicks.filter { $0.browser.isInApp }.count
        #expect(Double(inApp) / Double(Self.population.clicks.count) > 0.1)
    }

    @Test("the model rejects settings that make no population")
    func problems() {
        var model = PopulationModel(clicksPerDay: 100, days: 3)
        #expect(!model.problems().isEmpty)
        model = PopulationModel(clicksPerDay: 100)
        model.organicShare = 2
        #expect(!model.problems().isEmpty)
        #expect(PopulationModel().problems().isEmpty)
    }
}
