import Foundation
import LandfallStore

/// A click retention age too short for an app's attribution window: refused at start.
public struct ClickRetentionError: Error, CustomStringConvertible, Sendable, Hashable {
    public let appId: String
    public let appName: String
    public let windowHours: Int
    public let days: Int
    /// The fewest whole days that hold twice the window and the margin.
    public let minimumDays: Int

    public var description: String {
        """
        --click-retention-days \(days) is too short for app '\(appName)' (\(appId)): its attribution window is \(windowHours) hours, \
        and clicks must be kept for twice the window plus a margin (a server-to-server install may state a time one window back). \
        Give at least \(minimumDays) days or shorten the app's window.
        """
    }
}

/// Checks at start that the click retention age keeps every app's clicks as long as attribution
/// needs them.
public enum ClickRetentionCheck {
    /// The attribution window of each app. Link and template windows only narrow it (candidates
    /// are searched within the app's window), so the app's bounds them all.
    static func longestWindows(storage: any LandfallStorage) async throws -> [(app: AppRecord, hours: Int)] {
        try await storage.listApps().map { ($0, $0.settings.attributionWindowHours) }
    }

    /// Throws ``ClickRetentionError`` naming the app with the longest window that does not fit.
    public static func verify(storage: any LandfallStorage, configuration: ClickRetentionConfiguration) async throws {
        let allowed = configuration.longestAllowedWindowHours
        let tooLong = try await longestWindows(storage: storage).filter { $0.hours > allowed }
        guard let worst = tooLong.max(by: { ($0.hours, $1.app.id) < ($1.hours, $0.app.id) }) else { return }
        let marginHours = Int(configuration.margin.components.seconds / 3600)
        throw ClickRetentionError(
            appId: worst.app.id, appName: worst.app.name, windowHours: worst.hours, days: configuration.days,
            minimumDays: (2 * worst.hours + marginHours + 23) / 24)
    }
}
