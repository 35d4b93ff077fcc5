import Foundation

/// A world drawn at random, every parameter at once, from ranges wider than the grid's cells.
///
/// The grid moves one thing at a time around a base world, and the engine's standard curves were
/// fitted on worlds of the same family; an app's real traffic moves everything together (a
/// regional app with many households on IPv6 and long delays, a busy one behind carrier NAT with
/// half its installs organic). Drawn worlds ask whether what the server learns per app holds
/// where no fit, offline or online, has seen the combination: the draws come from their own
/// stream of the seed, so `--seed` gives new worlds as well as new people.
public struct DrawnWorld: Sendable, Hashable, Encodable {
    public var organicShare: Double
    public var clicksPerDay: Double
    public var tokenShare: Double
    public var audience: Geography.Audience
    public var quickInstallShare: Double
    public var quickDelayMedian: TimeInterval
    public var slowDelayMedian: TimeInterval
    public var slowDelaySigma: Double
    public var repeatClickProbability: Double
    public var otherLinkProbability: Double
    public var householdJoinProbability: Double
    public var inAppShare: Double
    public var beaconFailureShare: Double
    public var cellularShare: Double
    public var officeWiFiShare: Double
    public var publicWiFiShare: Double
    public var cellularUnroutableShare: Double
    public var privateRelayShare: Double
    public var vpnShare: Double
    public var homeIPv6Share: Double
    public var timezoneChangeShare: Double

    /// The ranges: organic share 5-80 % (App Store search to paid campaigns), 1,000-20,000 clicks a
    /// day (log-uniform; sparser apps need more days than a drawn run gives to fill a decile, and
    /// 50,000 a day is the grid's), tokens on 0-40 % of clicked installs, installs right away 10-90 %
    /// of the time with the rest coming back after a median of 1-36 hours, networks, households,
    /// in-app browsers, relays, VPNs and IPv6 each across what real audiences show.
    public static func draw(_ generator: inout SeededGenerator) -> DrawnWorld {
        func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + generator.unit() * (range.upperBound - range.lowerBound) }
        func logUniform(_ range: ClosedRange<Double>) -> Double {
            exp(log(range.lowerBound) + generator.unit() * (log(range.upperBound) - log(range.lowerBound)))
        }
        return DrawnWorld(
            organicShare: uniform(0.05...0.8),
            clicksPerDay: logUniform(1_000...20_000).rounded(),
            tokenShare: uniform(0...0.4),
            audience: generator.chance(0.5) ? .national : .sunbelt,
            quickInstallShare: uniform(0.1...0.9),
            quickDelayMedian: logUniform(60...900),
            slowDelayMedian: logUniform(3_600...36 * 3_600),
            slowDelaySigma: uniform(0.8...2.2),
            repeatClickProbability: uniform(0.1...0.5),
            otherLinkProbability: uniform(0...0.35),
            householdJoinProbability: uniform(0.02...0.2),
            inAppShare: uniform(0.1...0.6),
            beaconFailureShare: uniform(0.03...0.35),
            cellularShare: uniform(0.2...0.7),
            officeWiFiShare: uniform(0.02...0.2),
            publicWiFiShare: uniform(0.02...0.12),
            cellularUnroutableShare: uniform(0...0.4),
            privateRelayShare: uniform(0...0.4),
            vpnShare: uniform(0...0.15),
            homeIPv6Share: uniform(0...0.8),
            timezoneChangeShare: uniform(0...0.03)
        )
    }

    /// Groups of drawn parameters that can be put back to the hard preset's values, to see which
    /// part of a drawn world moves a figure (`--drawn-reset`).
    public enum Group: String, Sendable, Hashable, CaseIterable {
        case density, tokens, audience, delays, clicks, households, browsers, networks, relays, ipv6, travel
    }

    /// The draw with `groups` put back to what the hard preset (or the grid's base cell, for the
    /// density and tokens) gives; the organic share stays drawn. A draw has one in-app share for
    /// both platforms, so `browsers` puts back the iOS one for both.
    public func resetting(_ groups: Set<Group>) -> DrawnWorld {
        let hard = PopulationModel(preset: .hard)
        let base = SimulationGrid.Cell(name: "base")
        var world = self
        for group in groups {
            switch group {
            case .density: world.clicksPerDay = base.clicksPerDay
            case .tokens: world.tokenShare = base.tokenShare
            case .audience: world.audience = base.audience
            case .delays:
                world.quickInstallShare = hard.quickInstallShare
                world.quickDelayMedian = hard.quickDelayMedian
                world.slowDelayMedian = hard.slowDelayMedian
                world.slowDelaySigma = hard.slowDelaySigma
            case .clicks:
                world.repeatClickProbability = hard.repeatClickProbability
                world.otherLinkProbability = hard.otherLinkProbability
            case .households: world.householdJoinProbability = hard.householdJoinProbability
            case .browsers:
                world.inAppShare = hard.iOSInAppShare
                world.beaconFailureShare = hard.beaconFailureShare
            case .networks:
                world.cellularShare = hard.cellularShare
                world.officeWiFiShare = hard.officeWiFiShare
                world.publicWiFiShare = hard.publicWiFiShare
                world.cellularUnroutableShare = hard.cellularUnroutableShare
            case .relays:
                world.privateRelayShare = hard.privateRelayShare
                world.vpnShare = hard.vpnShare
            case .ipv6: world.homeIPv6Share = hard.homeIPv6Share
            case .travel: world.timezoneChangeShare = hard.timezoneChangeShare
            }
        }
        return world
    }

    /// `count` worlds from the seed's own stream of draws.
    public static func draws(count: Int, seed: UInt64) -> [DrawnWorld] {
        var generator = SeededGenerator(seed: seed, stream: "drawn worlds")
        return (0..<max(0, count)).map { _ in draw(&generator) }
    }

    /// Sets the model's parameters to the draw's; home Wi-Fi takes what the other networks leave.
    func apply(to model: inout PopulationModel) {
        model.organicShare = organicShare
        model.androidReferrerShare = tokenShare
        model.iOSClipboardShare = tokenShare
        if audience != .national { model.countries = Geography.audience(audience) }
        model.quickInstallShare = quickInstallShare
        model.quickDelayMedian = quickDelayMedian
        model.slowDelayMedian = slowDelayMedian
        model.slowDelaySigma = slowDelaySigma
        model.repeatClickProbability = repeatClickProbability
        model.otherLinkProbability = otherLinkProbability
        model.householdJoinProbability = householdJoinProbability
        model.iOSInAppShare = inAppShare
        model.androidInAppShare = inAppShare
        model.beaconFailureShare = beaconFailureShare
        model.cellularShare = cellularShare
        model.officeWiFiShare = officeWiFiShare
        model.publicWiFiShare = publicWiFiShare
        model.homeWiFiShare = max(0.05, 1 - cellularShare - officeWiFiShare - publicWiFiShare)
        model.cellularUnroutableShare = cellularUnroutableShare
        model.privateRelayShare = privateRelayShare
        model.vpnShare = vpnShare
        model.homeIPv6Share = homeIPv6Share
        model.timezoneChangeShare = timezoneChangeShare
    }

    /// A short name that says what matters most: organic share, density, tokens, delays.
    func name(index: Int) -> String {
        let hours = slowDelayMedian / 3_600
        return "drawn \(index + 1): organic \(Int((organicShare * 100).rounded()))%, \(Int(clicksPerDay))/day, tokens "
            + "\(Int((tokenShare * 100).rounded()))%, \(Int((quickInstallShare * 100).rounded()))% quick, slow "
            + String(format: "%.0f h", hours)
    }
}

extension SimulationGrid {
    /// `count` drawn worlds as grid cells (their organic share, density and token share set on the
    /// cell too, so the tables and the live replay read them as they read the fixed cells').
    public static func drawnCells(count: Int, seed: UInt64, resetting groups: Set<DrawnWorld.Group> = []) -> [Cell] {
        DrawnWorld.draws(count: count, seed: seed).enumerated().map { index, drawn in
            let world = drawn.resetting(groups)
            var cell = Cell(
                name: world.name(index: index), organicShare: world.organicShare, clicksPerDay: world.clicksPerDay,
                tokenShare: world.tokenShare, audience: world.audience)
            cell.drawn = world
            return cell
        }
    }
}
