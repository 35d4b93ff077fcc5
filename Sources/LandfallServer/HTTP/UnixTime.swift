import Foundation

/// Unix times as clients send them, in seconds or in milliseconds (AppsFlyer's reference client,
/// ad networks and importers use either), told apart by size.
enum UnixTime {
    /// Numbers at or above this are milliseconds: as seconds they would be past the year 5000.
    static let millisecondsFrom: Double = 100_000_000_000

    static func date(secondsOrMilliseconds value: Double) -> Date {
        Date(timeIntervalSince1970: value >= millisecondsFrom ? value / 1000 : value)
    }
}
