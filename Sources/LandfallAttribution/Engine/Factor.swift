/// A signal the engine compares between a click and an install.
public enum Factor: String, Sendable, Hashable, CaseIterable, Codable {
    case ipPrefix = "ip"
    case osVersion = "os_version"
    case deviceModel = "device_model"
    case screen
    case timezone
    case language
    /// Click-to-install delay; not a value shared with the population.
    case time

    /// The factors whose values are counted among recent clicks.
    public static let counted: [Factor] = [.ipPrefix, .osVersion, .deviceModel, .screen, .timezone, .language]

    /// The value of this factor on a click, as counted in population statistics.
    public func value(of click: ClickEvidence) -> String? {
        switch self {
        case .ipPrefix: click.ipPrefix
        case .osVersion: click.osVersion
        case .deviceModel: click.deviceModel
        case .screen: click.screen?.bucket
        case .timezone: click.timezone
        case .language: click.language
        case .time: nil
        }
    }

    /// The value of this factor on an install.
    public func value(of install: InstallEvidence) -> String? {
        switch self {
        case .ipPrefix: install.ipPrefix
        case .osVersion: install.osVersion
        case .deviceModel: install.deviceModel
        case .screen: install.screen?.bucket
        case .timezone: install.timezone
        case .language: install.language
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
}
