import Foundation
import LandfallAttribution

/// What the interstitial page's beacon reports for a click.
public struct BeaconReport: Sendable, Hashable, Codable {
    /// `screen.width × devicePixelRatio`, rounded, as the page computes it.
    public var screenWidth: Int
    public var screenHeight: Int
    public var timezone: String
    public var language: String
    /// `navigator.maxTouchPoints`: what tells an iPad's "Macintosh" Safari from a Mac.
    public var touchPoints: Int
    /// `navigator.userAgentData.getHighEntropyValues(['platformVersion', 'model'])`: only
    /// Chromium browsers answer (Chrome, Samsung Internet), which is how a click whose user agent
    /// says "Android 10; K" still gets its real OS version.
    public var platformVersion: String?
    public var model: String?
}

/// One click on one of the app's links, as the server would receive it, with the truth attached.
public struct SimulatedClick: Sendable, Hashable {
    /// Position in `SimulatedPopulation.clicks` (sorted by time); also the click's id and token.
    public var index: Int
    public var personId: Int
    /// Seconds since the start of the simulation.
    public var time: TimeInterval
    /// The device's real platform (the user agent may say otherwise: an iPad claims to be a Mac).
    public var platform: DevicePlatform
    public var browser: BrowserKind
    public var network: NetworkKind
    public var userAgent: String
    public var ipAddress: String
    /// Nil when the page never reported back.
    public var beacon: BeaconReport?
    /// The person's preferred language (the header is sent even when the beacon is not).
    public var language: String?

    public var clickId: String { "c\(index)" }

    /// The `Accept-Language` header the browser sent: the preferred language first.
    public var acceptLanguage: String { language.map { "\($0),en;q=0.8" } ?? "en-US,en;q=0.9" }
}

/// One install report from the SDK, as the server would receive it, with the truth attached.
public struct SimulatedInstall: Sendable, Hashable {
    public var personId: Int
    public var time: TimeInterval
    public var platform: DevicePlatform
    public var network: NetworkKind
    /// The SDK's user agent (`Mealtime/4.2.1 iOS/26.1`).
    public var userAgent: String
    public var ipAddress: String
    public var screenWidth: Int
    public var screenHeight: Int
    public var timezone: String
    /// As the SDK sends it: `en_US` from iOS (`Locale` identifier), `en-US` from Android.
    public var language: String
    /// As the SDK sends it: `26.1` on iOS, `15` on Android.
    public var platformVersion: String
    /// The person's last click before the install (the one that led to it); nil for organic installs.
    public var causingClick: Int?
    /// The install carries that click's token (Play Install Referrer, clipboard hand-off).
    public var carriesToken: Bool

    /// The platform string the SDK sends.
    public var platformName: String { platform == .ios ? "iOS" : "Android" }
}

/// A generated population: every click and install, sorted by time.
public struct SimulatedPopulation: Sendable {
    public var model: PopulationModel
    public var seed: UInt64
    /// The wall-clock date of time 0.
    public var start: Date
    public var clicks: [SimulatedClick]
    public var installs: [SimulatedInstall]
    /// How many distinct people clicked or installed.
    public var people: Int

    public func date(_ time: TimeInterval) -> Date { start.addingTimeInterval(time) }

    /// Whether the install truly follows a click inside the attribution window: the only installs
    /// that a matcher can rightly attribute.
    public func isFromClickInWindow(_ install: SimulatedInstall) -> Bool {
        guard let index = install.causingClick else { return false }
        return install.time - clicks[index].time <= model.window
    }
}
