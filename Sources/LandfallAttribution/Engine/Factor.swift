import Foundation

/// A signal the engine compares between a click and an install.
public enum Factor: String, Sendable, Hashable, CaseIterable, Codable {
    case ipPrefix = "ip"
    case osVersion = "os_version"
    case deviceModel = "device_model"
    case screen
    case timezone
    /// The primary language subtag (`es` for `es-MX` and `es_US`): iOS apps report the `Locale`
    /// identifier, which follows the region setting, while browsers send the preferred language,
    /// so the region is not the person's to keep.
    case language
    /// OS version and screen together (`26.1|1176x2560`): a few phone models carry most traffic,
    /// so how often the pair occurs is not the product of how often each does.
    case device
    /// Time zone and language together (`America/Chicago|es`): in one city most people share both.
    case locale
    /// Screen, time zone and language together (`1176x2560|America/Chicago|es`): how many clicks
    /// look like the install's device to a matcher. Unlabelled fits need it: counted as a product
    /// of the pairs' shares, look-alike strangers come out far too rare, and organic installs look
    /// clicked.
    case signature
    /// Click-to-install delay; not a value shared with the population.
    case time

    /// The factors whose values are counted among recent clicks.
    public static let counted: [Factor] = [
        .ipPrefix, .osVersion, .deviceModel, .screen, .timezone, .language, .device, .locale, .signature,
    ]

    /// The pairs counted jointly, as (joint, first, second).
    static let pairs: [(joint: Factor, first: Factor, second: Factor)] = [(.device, .osVersion, .screen), (.locale, .timezone, .language)]

    /// The value of this factor on a click, as counted in population statistics. An empty value
    /// is no value: the statistics name a factor's carried count with the empty string.
    public func value(of click: ClickEvidence) -> String? {
        present(rawValue(of: click))
    }

    private func rawValue(of click: ClickEvidence) -> String? {
        switch self {
        case .ipPrefix: click.ipPrefix
        case .osVersion: click.osVersion
        case .deviceModel: click.deviceModel
        case .screen: click.screen?.bucket
        case .timezone: click.timezone
        case .language: click.language.map(LanguageTag.primary)
        case .device: Self.joined(click.osVersion, click.screen?.bucket)
        case .locale: Self.joined(click.timezone, click.language.map(LanguageTag.primary))
        case .signature: Self.joined(click.screen?.bucket, Self.joined(click.timezone, click.language.map(LanguageTag.primary)))
        case .time: nil
        }
    }

    static func joined(_ first: String?, _ second: String?) -> String? {
        guard let first, let second, !first.isEmpty, !second.isEmpty else { return nil }
        return first + "|" + second
    }

    /// The value of this factor on an install; an empty one is none.
    public func value(of install: InstallEvidence) -> String? {
        present(rawValue(of: install))
    }

    private func present(_ value: String?) -> String? {
        value?.isEmpty == false ? value : nil
    }

    private func rawValue(of install: InstallEvidence) -> String? {
        switch self {
        case .ipPrefix: install.ipPrefix
        case .osVersion: install.osVersion
        case .deviceModel: install.deviceModel
        case .screen: install.screen?.bucket
        case .timezone: install.timezone
        case .language: install.language.map(LanguageTag.primary)
        case .device: Self.joined(install.osVersion, install.screen?.bucket)
        case .locale: Self.joined(install.timezone, install.language.map(LanguageTag.primary))
        case .signature: Self.joined(install.screen?.bucket, Self.joined(install.timezone, install.language.map(LanguageTag.primary)))
        case .time: nil
        }
    }
}

/// How common signal values are among an app's recent clicks on one platform: what makes an
/// agreement on a rare time zone count for more than one on `en-US`.
public protocol PopulationStatistics: Sendable {
    /// Clicks of the app and platform inside the attribution window.
    var clickCount: Int { get }
    /// How many of those clicks have `value` for `factor`.
    func count(of factor: Factor, value: String) -> Int
    /// When the app's first click on the platform happened, where its history is known: a
    /// stranger's click can only have come after it.
    var firstClickAt: Date? { get }
    /// The newest click time the counts may include, when that is later than the install: clicks
    /// posted with stated times after it (a backfill) are counted too.
    var countedThrough: Date? { get }
    /// How many of the window's clicks carry any value for `factor`: the clicks a stranger can
    /// agree with the install on it from. Nil where it was not counted (statistics kept before
    /// it was), and then every click stands in.
    func carried(_ factor: Factor) -> Int?
}

extension PopulationStatistics {
    public var firstClickAt: Date? { nil }
    public var countedThrough: Date? { nil }
    public func carried(_ factor: Factor) -> Int? { nil }
}
