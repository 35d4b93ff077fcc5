import Foundation
import Testing

@testable import LandfallSimulator

/// `landfall simulate --grid --drawn-worlds N`: worlds drawn from the seed, every parameter at once.
@Suite("Drawn worlds")
struct DrawnWorldTests {
    @Test("One seed draws the same worlds; another seed draws others; every parameter stays in its range")
    func drawsAreSeededAndBounded() {
        let first = DrawnWorld.draws(count: 40, seed: 11)
        #expect(first == DrawnWorld.draws(count: 40, seed: 11))
        #expect(first != DrawnWorld.draws(count: 40, seed: 12))
        // The first worlds of a longer run are the worlds of a shorter one.
        #expect(Array(first.prefix(5)) == DrawnWorld.draws(count: 5, seed: 11))
        for world in first {
            #expect((0.05...0.8).contains(world.organicShare))
            #expect((1_000...20_000).contains(world.clicksPerDay))
            #expect((0...0.4).contains(world.tokenShare))
            #expect((0.1...0.9).contains(world.quickInstallShare))
            #expect((60...900).contains(world.quickDelayMedian))
            #expect((3_600...36 * 3_600).contains(world.slowDelayMedian))
            #expect(world.cellularShare + world.officeWiFiShare + world.publicWiFiShare < 1)
        }
        // Forty draws cover the ranges rather than sitting in one corner of them.
        let organic = first.map(\.organicShare)
        #expect(organic.min()! < 0.25 && organic.max()! > 0.6)
        #expect(Set(first.map(\.audience)) == [.national, .sunbelt])
    }

    @Test("A drawn cell's population follows its draw")
    func cellAppliesTheDraw() throws {
        let cell = try #require(SimulationGrid.drawnCells(count: 3, seed: 5).last)
        let world = try #require(cell.drawn)
        #expect(cell.name.hasPrefix("drawn 3: organic \(Int((world.organicShare * 100).rounded()))%"))
        #expect(cell.organicShare == world.organicShare && cell.clicksPerDay == world.clicksPerDay)
        let model = cell.model(windowHours: 168, measuredDays: 4)
        #expect(model.organicShare == world.organicShare)
        #expect(model.clicksPerDay == world.clicksPerDay)
        #expect(model.androidReferrerShare == world.tokenShare && model.iOSClipboardShare == world.tokenShare)
        #expect(model.slowDelayMedian == world.slowDelayMedian && model.quickInstallShare == world.quickInstallShare)
        #expect(model.homeIPv6Share == world.homeIPv6Share && model.vpnShare == world.vpnShare)
        let networks = model.homeWiFiShare + model.cellularShare + model.officeWiFiShare + model.publicWiFiShare
        #expect(abs(networks - 1) < 1e-9)
        // The generated installs carry about the drawn share of organic ones.
        var grid = SimulationGrid()
        grid.postedDays = 2
        var quick = cell
        quick.clicksPerDay = 1_000
        quick.drawn?.clicksPerDay = 1_000
        let population = grid.population(of: quick)
        let organic = Double(population.installs.filter { $0.causingClick == nil }.count) / Double(max(1, population.installs.count))
        #expect(abs(organic - world.organicShare) < 0.12, "organic \(organic) for a drawn \(world.organicShare)")
    }

    @Test("Putting every group back gives the base cell's world at the drawn organic share; one group leaves the rest drawn")
    func resettingGroups() throws {
        let drawn = try #require(DrawnWorld.draws(count: 1, seed: 3).first)
        let reset = drawn.resetting(Set(DrawnWorld.Group.allCases))
        let base = SimulationGrid.Cell(name: "base", organicShare: drawn.organicShare).model(windowHours: 168, measuredDays: 4)
        var cell = SimulationGrid.Cell(name: "reset", organicShare: drawn.organicShare)
        cell.drawn = reset
        let model = cell.model(windowHours: 168, measuredDays: 4)
        #expect(model.clicksPerDay == base.clicksPerDay && model.androidReferrerShare == base.androidReferrerShare)
        #expect(model.slowDelayMedian == base.slowDelayMedian && model.householdJoinProbability == base.householdJoinProbability)
        #expect(model.homeIPv6Share == base.homeIPv6Share && model.vpnShare == base.vpnShare)
        #expect(model.cellularShare == base.cellularShare && abs(model.homeWiFiShare - base.homeWiFiShare) < 1e-9)
        #expect(model.otherLinkProbability == base.otherLinkProbability && model.beaconFailureShare == base.beaconFailureShare)
        #expect(model.organicShare == drawn.organicShare)

        let households = drawn.resetting([.households])
        #expect(households.householdJoinProbability == base.householdJoinProbability)
        #expect(households.clicksPerDay == drawn.clicksPerDay && households.slowDelayMedian == drawn.slowDelayMedian)
        #expect(DrawnWorld.Group(rawValue: "households") == .households)
    }
}
